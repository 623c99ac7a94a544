import type { SiteExtension } from '../../site/extensions.js';
import type { PlannedRoute } from '../../routes/manifest.js';
import type { RouteRenderer } from '../../render/types.js';
import { headFor } from '../../render/head.js';
import { defaultStrings } from '../../../theme/strings.js';

// The search page of each locale, `{locale base url}search/`: planned like any route (so links to it
// are checked), drawn by the theme's SearchPage layout. It is noindex and left out of the sitemap
// and of search itself: its content depends on the query in the url.

export const SEARCH_PAGE_TYPE = 'searchPage';

export const searchPageExtension: SiteExtension = {
  name: 'search-page',
  plan(ctx) {
    if (!ctx.config.search.enabled) return;
    const { locale } = ctx;
    locale.routes.push({ kind: 'extension', type: SEARCH_PAGE_TYPE, path: `${locale.info.baseUrl}search/`, locale: locale.info.locale, unlisted: true, data: {} });
  },
};

export const renderSearchPage: RouteRenderer<Extract<PlannedRoute, { kind: 'extension' }>> = (route, ctx) => ({
  route,
  page: {
    route: route.path,
    locale: ctx.locale.info.locale,
    head: headFor({ ctx, route: route.path, title: ctx.locale.strings['theme.SearchPage.title'] ?? defaultStrings['theme.SearchPage.title'], noindex: true }),
    content: { kind: 'searchPage' },
    chromeKey: ctx.locale.info.locale,
  },
  links: [],
  anchors: [],
});
