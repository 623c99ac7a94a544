import type { PassContext, SitePass } from '../plugins/types.js';

// Whole-site passes after rendering: those of the content plugins (the blog's feeds), each writing
// through the sink. Their context is declared with the plugin lifecycle. The sitemap runs after the
// pages are written (sitemap.ts), since React pages complete their heads while they render.

export type { PassContext, SitePass };

// The search index is built apart (search/index.ts, on a thread of its own in a cold build), while
// the pages are written: they name it through a pointer known in advance.
export function runPasses(ctx: PassContext): void {
  for (const pass of ctx.site.plugins.flatMap((p) => p.passes ?? [])) pass(ctx);
}
