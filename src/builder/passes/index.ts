import type { SiteModel } from '../site/model.js';
import type { RenderedRoute } from '../render/types.js';
import type { OutputSink } from '../output/sink.js';
import { sitemapPass } from './sitemap.js';
import { feedsPass } from '../plugins/blog/feeds.js';

// Whole-site passes after rendering: the sitemap, then those of the content plugins (the blog's
// feeds), each writing through the sink.

export interface PassContext {
  site: SiteModel;
  rendered: RenderedRoute[];
  sink: OutputSink;
}

export type SitePass = (ctx: PassContext) => void;

// The search index is built apart (search/index.ts, on a thread of its own in a cold build), while
// the pages are written: they name it through a pointer known in advance.
export function runPasses(ctx: PassContext): void {
  for (const pass of [sitemapPass, ...ctx.site.plugins.flatMap((p) => p.passes ?? [])]) pass(ctx);
}
