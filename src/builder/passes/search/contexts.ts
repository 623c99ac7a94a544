// Search contexts (DESIGN.md §5a): which index a page goes into. A locale has one default index and
// one more per released-but-not-last docs version (and per 'current' when it is not the last):
//
// - the default index holds the pages outside versioned docs (blog, pages, unversioned instances)
//   and the last version's docs: they are what a reader who has not picked a version reads, and the
//   urls at the docs root. This is the choice of Docusaurus's local-search plugins too (the latest
//   version's index sits at the site root, each other version's under its own path).
// - every other version of an instance with more than one version gets an index of its own, with
//   only that version's docs: an old version's page searches that version, and one version's docs
//   never show in another's results.
//
// A site with one version per instance has only the default indexes, named as before. The contexts
// come from the plugins' plans (LocalePlan.searchContexts: the docs plugin's localeChrome.ts), and a
// route names its own (`searchContext`).

/** A docs version with an index of its own. */
export interface VersionContext {
  pluginId: string;
  /** The version's name ('current', '1.0'). */
  version: string;
}

/**
 * The file-name prefix of a context's files under assets/search/: the locale for the default index
 * (`en`), `<locale>.<pluginId>@<version>` for a version's (`en.default@1.0`). Characters other than
 * `[A-Za-z0-9._-]` become `_` (the pass fails if two contexts of a locale end up with one name).
 */
export function searchContextName(locale: string, context?: VersionContext): string {
  if (!context) return locale;
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${locale}.${safe(context.pluginId)}@${safe(context.version)}`;
}
