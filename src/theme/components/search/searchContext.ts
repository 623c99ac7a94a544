import type { SiteChrome } from '../../../shared/navbar.js';
import { activeDocsPlugin, activeDocsVersion, docsPluginsOf, preferredVersionKey, type DocsPluginData, type DocsVersionLink } from '../../../shared/docsPlugins.js';
import { storage } from '../../../shared/storage.js';
import { stripTrailingSlash } from '../../../shared/url.js';

// Which index a search runs on (src/builder/passes/search/contexts.ts): the locale's default index
// (pages, blog, the last docs version), or the index of an older (or unreleased) docs version.
// - The bar: the version of the docs page being read; off versioned docs, the reader's preferred
//   version (the one they last picked, kept by the theme under Docusaurus's storage key), so that
//   the bar and its "See all results" page search the same pages; else the default index.
// - The search page: its `version` param (the version's path under the locale's base url, with a
//   trailing slash, `docs/1.0/`, as Docusaurus's local search writes it), else the preferred version.
// The `version` param is set only for a version with an index of its own (a non-latest one).

type Chrome = Pick<SiteChrome, 'baseUrl' | 'siteBaseUrl' | 'docsPlugins' | 'search'>;

export interface SearchTarget {
  /** The pointer of the index to search. */
  indexUrl?: string;
  /** The search page's `version` param for this target: undefined for the default index. */
  version?: string;
  /** Keep only results under these url prefixes (a `version` url with no index of its own). */
  within?: string[];
  /** The label of the version whose own index this is ("1.0", "Next"): the context "See all results within / outside" names. */
  label?: string;
}

/** The index of a version when it has one of its own. */
function versionTarget(chrome: Chrome, plugin: DocsPluginData, version: DocsVersionLink): SearchTarget | undefined {
  const indexUrl = chrome.search?.versions?.[plugin.id]?.[version.name];
  if (!indexUrl || !version.path.startsWith(chrome.baseUrl)) return undefined;
  return { indexUrl, version: `${version.path.slice(chrome.baseUrl.length)}/`, label: version.label };
}

function defaultTarget(chrome: Chrome): SearchTarget {
  return { indexUrl: chrome.search?.indexUrl };
}

/** The versioned instances, the default one first (Docusaurus's docsPluginIdForPreferredVersion). */
function versionedPlugins(chrome: Chrome): DocsPluginData[] {
  const plugins = docsPluginsOf(chrome).filter((p) => p.versions?.length);
  return [...plugins.filter((p) => p.id === 'default'), ...plugins.filter((p) => p.id !== 'default')];
}

/** The preferred version's index, when the reader prefers a version that has one (reads local storage: call it in the browser only). */
export function preferredTarget(chrome: Chrome): SearchTarget | undefined {
  if (!chrome.search?.versions) return undefined;
  for (const plugin of versionedPlugins(chrome)) {
    const name = storage.get(preferredVersionKey(plugin.id));
    const version = name ? plugin.versions!.find((v) => v.name === name) : undefined;
    const target = version && versionTarget(chrome, plugin, version);
    if (target) return target;
  }
  return undefined;
}

/** The search bar's index on a page: the page's docs version, else the preferred one (`preferred`, read after hydration), else the default. */
export function barTarget(chrome: Chrome, pathname: string, preferred: SearchTarget | undefined): SearchTarget {
  const plugin = chrome.search?.versions ? activeDocsPlugin(docsPluginsOf(chrome), pathname) : undefined;
  const active = plugin?.versions ? activeDocsVersion(plugin, pathname) : undefined;
  if (plugin && active) return versionTarget(chrome, plugin, active) ?? defaultTarget(chrome);
  return preferred ?? defaultTarget(chrome);
}

/**
 * The search page's index for its `version` param: a version's path (`docs/1.0/`, under the
 * locale's base url; a path from the site root or a url of this origin are taken too). A version
 * with an index of its own searches that index; any other path of the site searches the default
 * index, keeping the results under it. 'unexpected' when the url is not on this site.
 */
export function versionParamTarget(chrome: Chrome, param: string, origin: string): SearchTarget | 'unexpected' {
  let pathname: string;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:|^\//i.test(param) ? param : `${chrome.baseUrl}${param}`, origin);
    if (url.origin !== origin || !url.pathname.startsWith(chrome.siteBaseUrl)) return 'unexpected';
    pathname = decodeURI(url.pathname);
  } catch {
    return 'unexpected';
  }
  const path = stripTrailingSlash(pathname) || '/';
  for (const plugin of versionedPlugins(chrome)) {
    const version = plugin.versions!.find((v) => v.path === path);
    const target = version && versionTarget(chrome, plugin, version);
    if (target) return target;
  }
  return { ...defaultTarget(chrome), within: [pathname] };
}
