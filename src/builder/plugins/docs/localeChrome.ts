import { IMPLICIT_DOCS_PATH, type DocsPluginData } from '../../../shared/docsPlugins.js';
import { stripTrailingSlash, withBase } from '../../../shared/url.js';
import { joinRoute, type VersionContext } from '../api.js';
import type { LocaleDocsInstance } from './model.js';
import { versionLinks } from './versionLinks.js';

// What the docs plugin adds to a locale's chrome and search (LocalePlan.chrome, .searchContexts): the
// instances as the theme's docs hooks read them, and the versions with a search index of their own.

/**
 * The docs instances as the theme's docs hooks read them (id and url prefix). Left out when the site
 * has exactly the instance the theme assumes without it: 'default' at {locale base}docs.
 */
export function docsPlugins(instances: LocaleDocsInstance[], localeBase: string): DocsPluginData[] | undefined {
  const plugins: DocsPluginData[] = instances.map((d) => {
    const versions = versionLinks(d, localeBase);
    return { id: d.pluginId, path: stripTrailingSlash(joinRoute(localeBase, d.docs.version.path)) || '/', ...(versions ? { versions } : {}) };
  });
  const implicit = plugins.length === 1 && plugins[0].id === 'default' && !plugins[0].versions && plugins[0].path === withBase(localeBase, IMPLICIT_DOCS_PATH);
  return implicit ? undefined : plugins;
}

/**
 * The versions of an instance that get a search index of their own (passes/search/contexts.ts): all but
 * the last, when it has several. Their docs go there; the last version's stay in the locale's default index.
 */
export function ownIndexVersions(instance: Pick<LocaleDocsInstance, 'pluginId' | 'versions'>): VersionContext[] {
  if (instance.versions.length < 2) return [];
  return instance.versions.filter((v) => !v.meta.isLast).map((v) => ({ pluginId: instance.pluginId, version: v.meta.name }));
}
