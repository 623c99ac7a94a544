import { useSite } from '../context.js';
import { activeDocsPlugin, activeDocsVersion, docsPluginNotEnabled, docsPluginsOf, noActiveDocsPlugin, type DocsPluginData, type DocsVersionLink } from '../../shared/docsPlugins.js';
import { normalizePathname } from '../../shared/url.js';
import { useInstanceVersions, usePreferredVersion } from '../docsVersions/hooks.js';
import { savePreferredVersion } from '../docsVersions/preferred.js';
import { versionCandidates } from '../docsVersions/candidates.js';
import { currentSidebarCategory, type SidebarCategory } from '../../shared/sidebar.js';
import type { SidebarItem } from '../../shared/types.js';

// Docusaurus's docs client hooks (`@docusaurus/plugin-content-docs/client`), over the docs instances
// the chrome lists: every instance's data, one instance's, and the instance of the current page (the
// one whose path holds it). Asking for an instance that does not exist, or for the active one where
// none is (with failfast), throws the spec's error texts.

/** Every docs instance by id. */
export function useAllDocsData(): Record<string, DocsPluginData> {
  const { chrome } = useSite();
  return Object.fromEntries(docsPluginsOf(chrome).map((p) => [p.id, p]));
}

/** One docs instance (default: 'default'); throws when the site has no such instance. */
export function useDocsData(pluginId = 'default'): DocsPluginData {
  const { chrome } = useSite();
  const plugins = docsPluginsOf(chrome);
  const found = plugins.find((p) => p.id === pluginId);
  if (!found) throw new Error(docsPluginNotEnabled(pluginId, plugins));
  return found;
}

/** The docs instance of the current page; undefined outside the docs, or an error with `failfast`. */
export function useActivePlugin(options: { failfast?: boolean } = {}): { pluginId: string; pluginData: DocsPluginData } | undefined {
  const { chrome, page } = useSite();
  const plugins = docsPluginsOf(chrome);
  const pathname = normalizePathname(page.route);
  const active = activeDocsPlugin(plugins, pathname);
  if (!active) {
    if (options.failfast) throw new Error(plugins.length ? noActiveDocsPlugin(pathname, plugins) : docsPluginNotEnabled('default', plugins));
    return undefined;
  }
  return { pluginId: active.id, pluginData: active };
}

// Versions (Docusaurus's version hooks). An instance with one version lists none here (the chrome
// carries versions only where there are two or more): useVersions is then empty and the others undefined.

/** The instance's versions, newest first. */
export function useVersions(pluginId = 'default'): DocsVersionLink[] {
  useDocsData(pluginId);
  return useInstanceVersions(pluginId);
}

/** The last released version (the one at the instance's root). */
export function useLatestVersion(pluginId = 'default'): DocsVersionLink | undefined {
  return useVersions(pluginId).find((v) => v.isLast);
}

/** The version whose path holds the current page (as Docusaurus, by pathname). */
export function useActiveVersion(pluginId = 'default'): DocsVersionLink | undefined {
  const { page } = useSite();
  return activeDocsVersion(useDocsData(pluginId), normalizePathname(page.route));
}

/** The active version, and on a doc page the doc (id, url, sidebar) and its url in every version that has it (its own included). */
export function useActiveDocContext(pluginId = 'default'): {
  activeVersion?: DocsVersionLink;
  activeDoc?: { id: string; path: string; sidebar?: string };
  alternateDocVersions: Record<string, string>;
} {
  const { page } = useSite();
  const activeVersion = useActiveVersion(pluginId);
  const content = page.content;
  const onDoc = (content.kind === 'doc' || content.kind === 'docCategoryIndex') && (content.pluginId ?? 'default') === pluginId;
  if (!onDoc) return { activeVersion, alternateDocVersions: {} };
  return {
    activeVersion,
    activeDoc: { id: content.kind === 'doc' ? content.docId : content.indexId, path: page.route, sidebar: content.sidebarId },
    alternateDocVersions: { ...content.alternateDocVersions, [content.version.name]: page.route },
  };
}

/** The reader's preferred version (null: none yet) and how to change it; kept in local storage. */
export function useDocsPreferredVersion(pluginId = 'default'): { preferredVersion: DocsVersionLink | null; savePreferredVersionName: (name: string) => void } {
  useDocsData(pluginId);
  const preferredVersion = usePreferredVersion(pluginId);
  return { preferredVersion, savePreferredVersionName: (name: string) => savePreferredVersion(pluginId, name) };
}

/** The versions to show where the page does not say, in order: the active one, the preferred one, the latest. */
export function useDocsVersionCandidates(pluginId = 'default'): DocsVersionLink[] {
  const versions = useVersions(pluginId);
  const names = versionCandidates(useActiveVersion(pluginId)?.name, usePreferredVersion(pluginId)?.name, versions.find((v) => v.isLast)?.name);
  return names.map((n) => versions.find((v) => v.name === n)).filter((v): v is DocsVersionLink => Boolean(v));
}

// The sidebar of the current doc (Docusaurus's sidebar hooks). On a doc page the theme holds its
// sidebar; in a doc's markdown (a component it draws) the page's whole sidebar.

/**
 * The category the current doc is in (Docusaurus 3's useCurrentSidebarCategory): the category whose
 * page it is, else the deepest one listing it. Throws, with Docusaurus's words, outside every category.
 */
export function useCurrentSidebarCategory(): SidebarCategory {
  const { page, sidebar } = useSite();
  if (!sidebar || !page) throw new Error('Unexpected: cant find current sidebar in context');
  const category = currentSidebarCategory(sidebar, page.route);
  if (!category) throw new Error(`${page.route} is not associated with a category. useCurrentSidebarCategory() should only be used on category index pages.`);
  return category;
}

/** The items beside the current doc: its category's, or the sidebar's top level outside every category. */
export function useCurrentSidebarSiblings(): SidebarItem[] {
  const { page, sidebar } = useSite();
  if (!sidebar || !page) throw new Error('Unexpected: cant find current sidebar in context');
  return currentSidebarCategory(sidebar, page.route)?.items ?? sidebar;
}

export { filterDocCardListItems, firstHref as findFirstSidebarItemLink } from '../../shared/sidebar.js';
