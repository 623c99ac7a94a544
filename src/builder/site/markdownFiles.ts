import type { SiteConfig } from '../config/schema.js';
import type { ContentPlugin } from '../plugins/api.js';
import { sitePlugins } from '../plugins/index.js';

/**
 * Every markdown file the site will read, translations included, as each content plugin finds
 * them: the list parsed in parallel before planning.
 */
export function markdownFiles(params: { config: SiteConfig; siteDir: string; locales: string[]; plugins?: ContentPlugin[]; contents?: unknown[] }): string[] {
  const files = new Set<string>();
  const plugins = params.plugins ?? sitePlugins();
  const { config, siteDir, locales } = params;
  const contents = params.contents ?? pluginContents({ config, siteDir, plugins });
  plugins.forEach((plugin, i) => {
    for (const f of plugin.markdownFiles?.({ config, siteDir, locales }, contents[i]) ?? []) files.add(f);
  });
  return [...files];
}

/** What each plugin loads once per run (`load`), in the plugins' order: its markdown files and its plan read it. */
export function pluginContents(params: { config: SiteConfig; siteDir: string; plugins: ContentPlugin[] }): unknown[] {
  return params.plugins.map((p) => p.load?.({ config: params.config, siteDir: params.siteDir }));
}
