import { componentPageData, type ContentPlugin, type PlannedRoute, type RenderContext, type RenderedRoute } from '../api.js';
import type { DocusaurusHost } from './lifecycle.js';

// The routes Docusaurus plugins add (actions.addRoute) as routes of sitegen's manifest: planned in
// their locale (their paths carry its base url, as the plugin made them with context.baseUrl), checked
// for duplicates, linked to, listed in the sitemap and written as the other pages; each is drawn by its
// component, a React page of the bundles, with the props Docusaurus would give it.

export interface DocusaurusRouteData {
  key: string;
  props: Record<string, unknown>;
  pluginName: string;
  file: string;
}

type Route = PlannedRoute<DocusaurusRouteData>;

export function docusaurusRoutesPlugin(host: DocusaurusHost): ContentPlugin {
  return {
    name: 'docusaurus-plugins',
    routeTypes: ['docusaurus'],
    plan(ctx) {
      const run = host.locales.find((l) => l.locale.locale === ctx.locale.info.locale);
      return {
        routes: (run?.routes ?? []).map((r) => ({
          type: 'docusaurus',
          path: r.path,
          locale: ctx.locale.info.locale,
          data: { key: r.key, props: r.props, pluginName: r.pluginName, file: r.file } satisfies DocusaurusRouteData,
          origin: { file: r.file, key: `the path the plugin "${r.pluginName}" gave addRoute` },
        })),
      };
    },
    render: (route, ctx) => renderRoute(route as Route, ctx),
    describeRoute: (route) => `the plugin "${(route as Route).data.pluginName}" (addRoute)`,
    watchPaths: () => host.watchPaths,
  };
}

function renderRoute(route: Route, ctx: RenderContext): RenderedRoute {
  return { route, page: componentPageData({ ctx, route, component: route.data.key, props: route.data.props }), sourceFile: route.data.file, links: [], anchors: [] };
}
