// What a whole-site pass (sitemap, feeds) receives: the site model, the rendered routes and the sink.
import type { SiteModel } from '../site/loadSite.js';
import type { RenderedRoute } from '../render/types.js';
import type { OutputSink } from '../output/sink.js';

export interface PassContext {
  site: SiteModel;
  rendered: RenderedRoute[];
  sink: OutputSink;
}

export type SitePass = (ctx: PassContext) => void;
