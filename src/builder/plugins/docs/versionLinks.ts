import type { LocaleDocsInstance, DocsVersionModel } from './model.js';
import type { DocsVersionLink } from '../../../shared/docsPlugins.js';
import type { VersionTargets } from '../../../shared/navbar.js';
import { stripTrailingSlash } from '../../../shared/url.js';
import { joinRoute } from '../api.js';

// What the chrome says of an instance's versions: the list the version dropdown, the banner and the
// theme's docs hooks read (newest first, each with its path and main doc), and, for a navbar item
// that links into the docs (doc, docSidebar, docsVersion), its target in each version, so the theme
// can follow the version being read or the preferred one. An instance with one version has neither.

/** The instance's versions in this locale; undefined when it has only one. */
export function versionLinks(instance: LocaleDocsInstance, localeBase: string): DocsVersionLink[] | undefined {
  if (instance.versions.length < 2) return undefined;
  return instance.versions.map((v) => {
    const path = stripTrailingSlash(joinRoute(localeBase, v.meta.path)) || '/';
    return { name: v.meta.name, label: v.meta.label, path, mainDocUrl: v.mainDoc?.permalink ?? `${stripTrailingSlash(path)}/`, isLast: v.meta.isLast };
  });
}

/** A navbar item's target in each version where it has one (`pick`); undefined when the instance has one version. */
export function versionTargets(instance: LocaleDocsInstance, pick: (version: DocsVersionModel) => { href: string; label?: string } | undefined): VersionTargets | undefined {
  if (instance.versions.length < 2) return undefined;
  const targets: VersionTargets['targets'] = {};
  for (const version of instance.versions) {
    const target = pick(version);
    if (target) targets[version.meta.name] = target;
  }
  return { pluginId: instance.pluginId, targets };
}
