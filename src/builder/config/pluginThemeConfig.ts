import { themeConfigSchema } from './themeConfig.js';
import { docusaurusPlugins } from './pluginEntries.js';
import type { SiteConfig } from './schema.js';

// themeConfig keys of Docusaurus plugins (image-zoom's `zoom`, a theme's own options): accepted when
// the site has Docusaurus plugins, which read them from `context.siteConfig.themeConfig` and, in the
// browser, from `@generated/docusaurus.config`. A site without plugins keeps the strict check: an
// unknown key there is a misspelt one.

/** The raw config with the plugins' themeConfig keys taken out, and those keys. */
export function splitPluginThemeConfig(raw: unknown): { raw: unknown; extra?: Record<string, unknown> } {
  if (!raw || typeof raw !== 'object') return { raw };
  const config = raw as { plugins?: unknown; themes?: unknown; themeConfig?: unknown };
  if (!config.themeConfig || typeof config.themeConfig !== 'object') return { raw };
  let plugins: unknown[] = [];
  try {
    plugins = docusaurusPlugins({ plugins: Array.isArray(config.plugins) ? config.plugins : [], themes: Array.isArray(config.themes) ? config.themes : [] } as Pick<SiteConfig, 'plugins' | 'themes'>);
  } catch {
    return { raw };
  }
  if (!plugins.length) return { raw };
  const known = new Set(Object.keys(themeConfigSchema.shape));
  const entries = Object.entries(config.themeConfig as Record<string, unknown>);
  const extra = Object.fromEntries(entries.filter(([k]) => !known.has(k)));
  if (!Object.keys(extra).length) return { raw };
  return { raw: { ...config, themeConfig: Object.fromEntries(entries.filter(([k]) => known.has(k))) }, extra };
}
