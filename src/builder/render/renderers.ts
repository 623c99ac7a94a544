import type { PlannedRoute } from '../routes/manifest.js';
import type { RenderContext, RenderedRoute, RouteRenderer } from './types.js';
import { renderDocRoute, docMarkdownJob } from '../plugins/docs/render.js';
import { headFor } from './head.js';
import { SitegenError } from '../errors.js';
import { renderBlogRoute, blogMarkdownJobs } from '../plugins/blog/render.js';
import { renderPageRoute, pageMarkdownJobs } from '../plugins/pages/render.js';
import { renderSearchPage, SEARCH_PAGE_TYPE } from '../plugins/searchPage/index.js';
import type { MarkdownJob } from '../parallel/protocol.js';
import type { BlogRouteData } from '../plugins/blog/plan.js';
import type { PageRouteData } from '../plugins/pages/plan.js';

// Route renderers keyed by route kind; extensions (blogs, pages) add theirs under their route type.

const notFound: RouteRenderer<Extract<PlannedRoute, { kind: 'notFound' }>> = (route, ctx) => ({
  route,
  page: {
    route: route.path,
    locale: ctx.locale.info.locale,
    head: { ...headFor({ ctx, route: route.path, title: ctx.locale.strings['theme.NotFound.title'] ?? 'Page Not Found', noindex: true }), alternates: [] },
    content: { kind: 'notFound' },
    chromeKey: ctx.locale.info.locale,
  },
  links: [],
  anchors: [],
});

export const extensionRenderers = new Map<string, RouteRenderer>([
  ['blog', renderBlogRoute as RouteRenderer],
  ['page', renderPageRoute as RouteRenderer],
  [SEARCH_PAGE_TYPE, renderSearchPage as RouteRenderer],
]);

export function renderRoute(route: PlannedRoute, ctx: RenderContext): RenderedRoute {
  switch (route.kind) {
    case 'doc':
      return renderDocRoute(route, ctx);
    case 'notFound':
      return notFound(route, ctx);
    case 'extension': {
      const renderer = extensionRenderers.get(route.type);
      if (!renderer) throw new SitegenError(`No renderer registered for route type "${route.type}" (${route.path})`);
      return renderer(route, ctx);
    }
  }
}

/** The markdown a route will need, so that all of it can be rendered in parallel first. */
export function markdownJobsFor(route: PlannedRoute, ctx: Pick<RenderContext, 'site' | 'locale'>): MarkdownJob[] {
  if (route.kind === 'doc') return [docMarkdownJob(route, ctx)];
  if (route.kind === 'extension' && route.type === 'blog') return blogMarkdownJobs(route as typeof route & { data: BlogRouteData }, ctx);
  if (route.kind === 'extension' && route.type === 'page') return pageMarkdownJobs(route as typeof route & { data: PageRouteData }, ctx);
  return [];
}
