// The docs instances as the browser knows them (Docusaurus's docs "global data", kept to what the
// hooks need): each instance's id and the url its pages live under. The builder puts them into the
// locale's chrome (routes/chrome.ts); the theme's docs hooks (theme/api/docsClient.ts) read them here.

export interface DocsPluginData {
  /** The instance's id ('default' unless the config names it). */
  id: string;
  /** Its pages' url prefix in this locale, without a trailing slash ("/docs", "/zh-Hans/community"; "/" at the root). */
  path: string;
  /** Versioned docs only (more than one version): the versions, newest first ('current' first when built). */
  versions?: DocsVersionLink[];
}

/** A version of a docs instance as the version dropdown, the banner and the navbar's doc items need it. */
export interface DocsVersionLink {
  name: string;
  label: string;
  /** Its pages' url prefix in this locale, without a trailing slash ("/docs" for the last version, "/docs/next", "/docs/1.0"). */
  path: string;
  /** The url of its main doc (its root doc, else the first doc of its first sidebar). */
  mainDocUrl: string;
  isLast: boolean;
}

/** The version a pathname belongs to: the longest version path that holds it (the last version is at the instance's root). */
export function activeDocsVersion(plugin: DocsPluginData, pathname: string): DocsVersionLink | undefined {
  const inside = (v: DocsVersionLink) => v.path === '/' || pathname === v.path || pathname.startsWith(`${v.path}/`);
  return [...(plugin.versions ?? [])].sort((a, b) => b.path.length - a.path.length).find(inside);
}

/** Where local storage keeps the reader's preferred version of an instance (Docusaurus's key). */
export function preferredVersionKey(pluginId: string): string {
  return `docs-preferred-version-${pluginId}`;
}

/** Where the only, default instance lives when the chrome does not list the instances. */
export const IMPLICIT_DOCS_PATH = 'docs';

/** The instances of a locale's chrome: its list, or the implicit default one. */
export function docsPluginsOf(chrome: { baseUrl: string; docsPlugins?: DocsPluginData[] }): DocsPluginData[] {
  return chrome.docsPlugins ?? [{ id: 'default', path: `${chrome.baseUrl}${IMPLICIT_DOCS_PATH}` }];
}

/** The instance a pathname belongs to: the longest path that holds it (as Docusaurus's getActivePlugin). */
export function activeDocsPlugin(plugins: DocsPluginData[], pathname: string): DocsPluginData | undefined {
  const inside = (p: DocsPluginData) => p.path === '/' || pathname === p.path || pathname.startsWith(`${p.path}/`);
  return [...plugins].sort((a, b) => b.path.length - a.path.length).find(inside);
}

/** The spec's texts (error catalogue, "Docs plugin problems"), with what the author needs to fix the call. */
export function docsPluginNotEnabled(pluginId: string, plugins: DocsPluginData[]): string {
  return plugins.length
    ? `Unexpected: docs plugin not enabled with id "${pluginId}". The site's docs instances are: ${plugins.map((p) => `"${p.id}"`).join(', ')}.`
    : `Unexpected: docs plugin not enabled. The site has no docs (docs: false in its config).`;
}

export function noActiveDocsPlugin(pathname: string, plugins: DocsPluginData[]): string {
  return `Can't find active docs plugin for pathname "${pathname}". It is not inside any docs instance's path (${plugins.map((p) => p.path).join(', ') || 'the site has no docs'}): use this on a docs page, or pass { failfast: false }.`;
}
