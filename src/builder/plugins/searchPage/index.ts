import { headFor, type ContentPlugin, type RenderContext, type RenderedRoute, type PlannedRoute } from '../api.js';
import { searchPagePath } from '../../../shared/url.js';
import { interpolate } from '../../../shared/strings.js';

// The search page of each locale, `{locale base url}search/` (`search`, written as search.html, with
// `trailingSlash: false`): planned like any route (so links to it
// are checked), drawn by the theme's SearchPage layout. It is noindex and left out of the sitemap
// and of search itself: its content depends on the query in the url.

const SEARCH_PAGE_TYPE = 'searchPage';

export const searchPagePlugin: ContentPlugin = {
  name: 'search-page',
  routeTypes: [SEARCH_PAGE_TYPE],
  plan({ config, locale }) {
    if (!config.search.enabled) return { routes: [] };
    return { routes: [{ type: SEARCH_PAGE_TYPE, path: searchPagePath(locale.info.baseUrl, config.trailingSlash), locale: locale.info.locale, unlisted: true, data: {} }] };
  },
  render: (route, ctx) => renderSearchPage(route, ctx),
};

function renderSearchPage(route: PlannedRoute, ctx: RenderContext): RenderedRoute {
  return {
    route,
    page: {
      route: route.path,
      locale: ctx.locale.info.locale,
      head: headFor({
        ctx,
        route: route.path,
        title: ctx.locale.strings['theme.SearchPage.title'],
        description: interpolate(ctx.locale.strings['theme.SearchPage.metaDescription'], { siteTitle: ctx.site.config.title }),
        noindex: true,
      }),
      content: { kind: 'searchPage' },
      chromeKey: ctx.locale.info.locale,
    },
    links: [],
    anchors: [],
  };
}
