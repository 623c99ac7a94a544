import { NOT_FOUND, type PlannedRoute } from '../routes/manifest.js';
import type { RenderContext, RenderedRoute, RouteRenderer } from '../plugins/api.js';
import { headFor } from './head.js';
import { interpolate } from '../../shared/strings.js';
import { SitegenError } from '../errors.js';
import type { MarkdownJob } from '../parallel/protocol.js';

// Renders a planned route through the content plugin that planned it (by route type); the 404 page
// of each locale is the site's own.

const notFound: RouteRenderer = (route, ctx) => ({
  route,
  page: {
    route: route.path,
    locale: ctx.locale.info.locale,
    head: {
      ...headFor({
        ctx,
        route: route.path,
        title: ctx.locale.strings['theme.NotFound.title'],
        description: interpolate(ctx.locale.strings['theme.NotFound.metaDescription'], { siteTitle: ctx.site.config.title }),
        noindex: true,
      }),
      alternates: [],
    },
    content: { kind: 'notFound' },
    chromeKey: ctx.locale.info.locale,
  },
  links: [],
  anchors: [],
});

function pluginOf(route: PlannedRoute, ctx: Pick<RenderContext, 'site'>) {
  const plugin = ctx.site.plugins.find((p) => p.routeTypes.includes(route.type));
  if (!plugin) throw new SitegenError(`No content plugin renders route type "${route.type}" (${route.path})`);
  return plugin;
}

export function renderRoute(route: PlannedRoute, ctx: RenderContext): RenderedRoute {
  if (route.type === NOT_FOUND) return notFound(route, ctx);
  return pluginOf(route, ctx).render(route, ctx);
}

/** The markdown a route will need, so that all of it can be rendered in parallel first. */
export function markdownJobsFor(route: PlannedRoute, ctx: Pick<RenderContext, 'site' | 'locale'>): MarkdownJob[] {
  if (route.type === NOT_FOUND) return [];
  return pluginOf(route, ctx).markdownJobs?.(route, ctx) ?? [];
}
