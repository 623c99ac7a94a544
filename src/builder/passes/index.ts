import type { PassContext } from '../plugins/api.js';

// Whole-site passes after rendering: those of the content plugins (the blog's feeds), each writing
// through the sink. Their context is declared with the plugin API (plugins/api.ts). The sitemap runs after the
// pages are written (sitemap.ts), since React pages complete their heads while they render.

// The search index is built apart (search/index.ts, on a thread of its own in a cold build), while
// the pages are written: they name it through a pointer known in advance.
export function runPasses(ctx: PassContext): void {
  for (const pass of ctx.site.plugins.flatMap((p) => p.passes ?? [])) pass(ctx);
}
