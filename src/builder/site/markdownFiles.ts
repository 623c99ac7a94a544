import type { SiteConfig } from '../config/schema.js';
import type { ContentPlugin } from '../plugins/api.js';
import { sitePlugins } from '../plugins/index.js';

/**
 * Every markdown file the site will read, translations included, as each content plugin finds
 * them: the list parsed in parallel before planning.
 */
export function markdownFiles(params: { config: SiteConfig; siteDir: string; locales: string[]; plugins?: ContentPlugin[] }): string[] {
  const files = new Set<string>();
  for (const plugin of params.plugins ?? sitePlugins()) for (const f of plugin.markdownFiles?.(params) ?? []) files.add(f);
  return [...files];
}
