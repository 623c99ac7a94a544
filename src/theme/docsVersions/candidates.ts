// Which docs version the theme shows where a page does not say (Docusaurus's "version candidates"),
// kept pure for tests: the version being read, then the reader's preferred one, then the last release.
// Navbar items that follow the version (doc, docSidebar, docsVersion, the version dropdown's label)
// take the first candidate they have a target in; the version dropdown links the same doc elsewhere.

import type { VersionTargets } from '../../shared/navbar.js';
import type { DocsVersionLink } from '../../shared/docsPlugins.js';
import type { PageContent } from '../../shared/types.js';

/** Candidate version names, in order and without repeats: active, preferred, last. */
export function versionCandidates(active: string | undefined, preferred: string | null | undefined, last: string | undefined): string[] {
  const names = [active, preferred, last].filter((n): n is string => Boolean(n));
  return [...new Set(names)];
}

/** The first candidate the item has a target in (undefined: keep the item's own, the last version's). */
export function pickTarget(targets: VersionTargets['targets'], candidates: string[]): { name: string; href: string; label?: string } | undefined {
  for (const name of candidates) {
    const target = targets[name];
    if (target) return { name, ...target };
  }
  return undefined;
}

/** The version a page shows of an instance: a doc or category index page's own; none elsewhere. */
export function pageVersionName(content: PageContent, pluginId: string): string | undefined {
  if (content.kind !== 'doc' && content.kind !== 'docCategoryIndex') return undefined;
  return (content.pluginId ?? 'default') === pluginId ? content.version.name : undefined;
}

/**
 * Where a version dropdown item leads from this page: the same doc or generated index in that version (the page itself for
 * its own version), else that version's main doc (`fallback`, the item's href). Query and hash are added by the caller.
 */
export function versionItemHref(content: PageContent, route: string, pluginId: string, versionName: string, fallback: string): string {
  if ((content.kind !== 'doc' && content.kind !== 'docCategoryIndex') || (content.pluginId ?? 'default') !== pluginId) return fallback;
  if (content.version.name === versionName) return route;
  return content.alternateDocVersions?.[versionName] ?? fallback;
}

/** The banner's link: the same doc or generated index in the last version, else the last version's main doc. */
export function latestVersionHref(content: PageContent, last: DocsVersionLink): string {
  return ((content.kind === 'doc' || content.kind === 'docCategoryIndex') && content.alternateDocVersions?.[last.name]) || last.mainDocUrl;
}
