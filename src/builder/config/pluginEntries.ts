import type { PluginEntry, SiteConfig } from './schema.js';

// The entries of Docusaurus's `plugins` and `themes` lists, as a docusaurus.config.js writes them: a
// package name, a local path or a function, alone or as `[module, options]`; `false` and `null` are
// skipped (`process.env.X && plugin`). The docs plugin's entries are docs instances (docsInstances.ts);
// every other entry is a Docusaurus plugin the build runs (plugins/docusaurus/).

/** The names Docusaurus accepts for its docs plugin in `plugins` (full, unscoped, short). */
const DOCS_PLUGIN_NAMES = ['@docusaurus/plugin-content-docs', 'docusaurus-plugin-content-docs', 'content-docs', '@docusaurus/content-docs'];

export type PluginModule = string | ((...args: never[]) => unknown);

/** One entry, read: its module and options, and where the config writes it (`plugins[2]`). */
export interface PluginDeclaration {
  module: PluginModule;
  options: unknown;
  list: 'plugins' | 'themes';
  index: number;
}

/** An entry's module and options; undefined for a skipped (`false`/`null`) entry. */
export function readPluginEntry(entry: PluginEntry): { module: PluginModule; options: unknown } | undefined {
  if (entry === false || entry === null) return undefined;
  if (Array.isArray(entry)) return { module: entry[0], options: entry[1] };
  return { module: entry as PluginModule, options: undefined };
}

export function isDocsPlugin(module: PluginModule): module is string {
  return typeof module === 'string' && DOCS_PLUGIN_NAMES.includes(module);
}

/** The Docusaurus plugins of the config, themes first (as Docusaurus orders them: presets' themes, then plugins... here the site's `themes`, then `plugins`). */
export function docusaurusPlugins(config: Pick<SiteConfig, 'plugins' | 'themes'>): PluginDeclaration[] {
  const read = (list: 'plugins' | 'themes') =>
    config[list].flatMap((entry, index) => {
      const e = readPluginEntry(entry);
      return e && !isDocsPlugin(e.module) ? [{ ...e, list, index }] : [];
    });
  return [...read('themes'), ...read('plugins')];
}
