import type { DocsConfig } from '../../config/schema.js';
import type { DocsVersion, LocaleDocs, DocSourceFile, CategoryMeta } from './content.js';
import type { GeneratedSidebar } from './sidebar.js';

// The docs model, shaped as Docusaurus's (../shared/DESIGN.md §5a): DocsInstance → Version → Doc, with
// sidebars normalised to one item shape. A site has any number of instances (`docs: [...]`), each with
// one version ('current') today; the types are the ones more versions will use.

/** What an instance reads once, before any locale: its versions and each version's files. */
export interface DocsInstance {
  /** Plugin id ('default'). */
  id: string;
  config: DocsConfig;
  versions: VersionSource[];
}

/** One version's sources: the folder its docs and category files come from. */
export interface VersionSource {
  name: string;
  root: string;
  files: DocSourceFile[];
  categories: Map<string, CategoryMeta>;
}

/** A version of an instance in one locale: its docs and its sidebars. */
export interface DocsVersionModel {
  meta: DocsVersion;
  docs: LocaleDocs;
  /** Sidebar id → the generated sidebar. */
  sidebars: Record<string, GeneratedSidebar>;
}

/** The names of an instance's versions, newest first: only the working copy, 'current', for now. */
export function versionNames(_config: DocsConfig): string[] {
  return ['current'];
}

/** One instance in one locale, as the navbar's doc items and the doc pages read it: the version routes are planned for. */
export interface LocaleDocsInstance {
  pluginId: string;
  config: DocsConfig;
  docs: LocaleDocs;
  sidebar: GeneratedSidebar;
  sidebarId: string;
}

/** The instance of a plugin id: `docsPluginId` of a navbar item, `pluginId` of a doc route. */
export function docsInstanceById<T extends { pluginId: string }>(instances: T[], pluginId: string | undefined): T | undefined {
  // As Docusaurus, no id means 'default'; a site whose only instance has another id means that one.
  if (pluginId === undefined && instances.length === 1) return instances[0];
  return instances.find((i) => i.pluginId === (pluginId ?? 'default'));
}
