import path from 'node:path';

// Where a docs instance's versions live, in Docusaurus's layout next to the site config: the
// `default` instance's files have no prefix, another instance's are prefixed `<id>_`. The translated
// docs and labels of a version sit next to the working copy's (content.ts's localizedDocsPath):
// `i18n/<locale>/<plugin>/version-<name>/` and `version-<name>.json`.

function prefix(pluginId: string): string {
  return pluginId === 'default' ? '' : `${pluginId}_`;
}

/** `versions.json` (`<id>_versions.json`): the version names, newest first. */
export function versionsFilePath(params: { siteDir: string; pluginId: string }): string {
  return path.join(params.siteDir, `${prefix(params.pluginId)}versions.json`);
}

/** `versioned_docs/version-<name>` (`<id>_versioned_docs/...`): the docs folder of a version. */
export function versionedDocsPath(params: { siteDir: string; pluginId: string; versionName: string }): string {
  return path.join(params.siteDir, `${prefix(params.pluginId)}versioned_docs`, `version-${params.versionName}`);
}

/** `versioned_sidebars/version-<name>-sidebars.json` (`<id>_versioned_sidebars/...`): a version's sidebars. */
export function versionedSidebarsPath(params: { siteDir: string; pluginId: string; versionName: string }): string {
  return path.join(params.siteDir, `${prefix(params.pluginId)}versioned_sidebars`, `version-${params.versionName}-sidebars.json`);
}
