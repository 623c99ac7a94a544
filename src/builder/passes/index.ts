import type { PassContext, SitePass } from './context.js';
import { sitemapPass } from './sitemap.js';
import { feedsPass } from './feeds.js';

// Whole-site passes after rendering (sitemap, feeds), each writing through the sink.

export type { PassContext, SitePass };

// The search index is built apart (search/index.ts, on a thread of its own in a cold build), while
// the pages are written: they name it through a pointer known in advance.
export const sitePasses: SitePass[] = [sitemapPass, feedsPass];

export function runPasses(ctx: PassContext): void {
  for (const pass of sitePasses) pass(ctx);
}
