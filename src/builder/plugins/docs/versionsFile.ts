import fs from 'node:fs';
import path from 'node:path';
import { SitegenError } from '../../errors.js';
import { readText } from '../../content/readText.js';

// Docusaurus's versioning files, next to the site config: versions.json (the released versions, newest
// first), versioned_docs/version-<name>/ and versioned_sidebars/version-<name>-sidebars.json; a docs
// instance other than 'default' prefixes each with its id and '_' (`community_versions.json`).

export interface VersionsFile {
  file: string;
  names: string[];
}

const HINT = 'versions.json is a JSON list of version names, newest first: ["2.0", "1.0"].';

/** The files of an instance's versioning: versions.json and, for one version, its docs folder and sidebars file. */
export function versionedPaths(params: { siteDir: string; pluginId: string; versionName?: string }): { versionsFile: string; docs: string; sidebars: string } {
  const prefix = params.pluginId === 'default' ? '' : `${params.pluginId}_`;
  const name = params.versionName ?? '';
  return {
    versionsFile: path.join(params.siteDir, `${prefix}versions.json`),
    docs: path.join(params.siteDir, `${prefix}versioned_docs`, `version-${name}`),
    sidebars: path.join(params.siteDir, `${prefix}versioned_sidebars`, `version-${name}-sidebars.json`),
  };
}

export function readVersionsFile(params: { siteDir: string; pluginId: string }): VersionsFile | undefined {
  const file = versionedPaths(params).versionsFile;
  if (!fs.existsSync(file)) return undefined;
  let names: unknown;
  try {
    names = JSON.parse(readText(file));
  } catch (e) {
    throw new SitegenError('Invalid versions file', [{ message: (e as Error).message, file, hint: HINT }]);
  }
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string' && n.trim() !== '')) {
    throw new SitegenError('Invalid versions file', [{ message: 'expected a list of version names', file, hint: HINT }]);
  }
  const seen = new Set<string>();
  for (const n of names as string[]) {
    if (seen.has(n)) throw new SitegenError('Invalid versions file', [{ message: `version "${n}" is listed twice`, file, hint: HINT }]);
    if (n === 'current' || /[/\\]/.test(n) || n === '.' || n === '..')
      throw new SitegenError('Invalid versions file', [
        { message: `"${n}" is not a valid version name`, file, hint: 'A version name has no slash, is not "." or "..", and "current" names the docs folder itself.' },
      ]);
    seen.add(n);
  }
  return { file, names: names as string[] };
}
