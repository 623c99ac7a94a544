import type { SiteModel } from '../site/loadSite.js';
import type { RenderedRoute } from '../render/types.js';
import type { OutputSink } from '../output/sink.js';
import type { BuildCache } from '../cache.js';
import { sitemapPass } from './sitemap.js';
import { feedsPass } from './feeds.js';
import { searchPass } from './search/index.js';

// Whole-site passes after rendering (sitemap, search index, feeds), each writing through the sink.

export interface PassContext {
  site: SiteModel;
  rendered: RenderedRoute[];
  sink: OutputSink;
  /** Work kept between builds in one process (the search pass reuses unchanged locales and terms). */
  cache?: BuildCache;
}

export type SitePass = (ctx: PassContext) => void;

export const sitePasses: SitePass[] = [sitemapPass, feedsPass, searchPass];

export function runPasses(ctx: PassContext): void {
  for (const pass of sitePasses) pass(ctx);
}
