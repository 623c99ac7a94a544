import type { DocsConfig } from '../../config/schema.js';
import type { DocsVersion, LocaleDocs, DocSourceFile, CategoryMeta } from './content.js';
import type { GeneratedSidebar } from './sidebar.js';
import type { VersionsFile } from './versionsFile.js';

// The docs model, shaped as Docusaurus's (../shared/DESIGN.md §5a): DocsInstance → Version → Doc, with
// sidebars normalised to one item shape. One instance and one version ('current') exist today; the
// types are the ones more will use.

/** What an instance reads once, before any locale: its versions and each version's files. */
export interface DocsInstance {
  /** Plugin id ('default'). */
  id: string;
  config: DocsConfig;
  versions: VersionSource[];
  /** A versions.json whose versions are not built (versioning not disabled): a warning. */
  unbuiltVersions?: VersionsFile;
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
