import type { LocaleInfo } from '../../shared/types.js';
import type { SiteChrome } from '../../shared/navbar.js';
import type { VersionContext } from '../passes/search/contexts.js';
import type { RouteOrigin } from './routeOrigin.js';

// The route manifest: every page of every locale, planned before anything is rendered, so that
// links can be resolved and checked against the whole site.

export interface RouteBase {
  /** Url path including the locale prefix and base url, e.g. "/zh-Hans/docs/intro". */
  path: string;
  locale: string;
  /** Left out of the sitemap and search, and marked noindex. */
  unlisted?: boolean;
  /** What made the path (for errors about it); none for routes made from the config alone. */
  origin?: RouteOrigin;
  /** The search index it goes into when not the locale's default (a docs version's: LocalePlan.searchContexts). */
  searchContext?: VersionContext;
}

/**
 * A planned route: its type (the plugin whose `routeTypes` holds it renders it; 'notFound' is the
 * core's 404 page) and what that plugin planned for it. The core reads only `RouteBase`; a plugin
 * narrows `data` to its own shape (`PlannedRoute<DocRouteData> & { type: 'doc' }`).
 */
export interface PlannedRoute<Data = unknown> extends RouteBase {
  type: string;
  data: Data;
}

/** The route type of each locale's 404 page, the one route the core plans itself. */
export const NOT_FOUND = 'notFound';

export interface LocaleModel {
  info: LocaleInfo;
  isDefault: boolean;
  /** Each plugin's own data of the locale (LocalePlan.localeData), by plugin name: the docs plugin's instances with their versions and sidebars. */
  pluginData: Record<string, unknown>;
  /** The contexts with a search index of their own (the plugins' LocalePlan.searchContexts): the chrome names their pointers, the search pass fills them. */
  searchContexts: VersionContext[];
  chrome: SiteChrome;
  /** Every string of the locale (theme and React pages): what the builder renders with. */
  strings: Record<string, string>;
  /** The strings outside `theme.*`, which only React pages use: sent with those pages (PageData.strings). */
  pageStrings: Record<string, string>;
  routes: PlannedRoute[];
  /** Absolute source file (original or translation) → url in this locale: markdown links. */
  sourceToPermalink: Map<string, string>;
  /** Localised content root → original content root, to resolve links from a translation. */
  contentRoots: { original: string; localized: string }[];
}
