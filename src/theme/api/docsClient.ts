import { useSite } from '../context.js';
import { activeDocsPlugin, docsPluginNotEnabled, docsPluginsOf, noActiveDocsPlugin, type DocsPluginData } from '../../shared/docsPlugins.js';
import { normalizePathname } from '../../shared/url.js';

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
