import fs from 'node:fs';
import path from 'node:path';
import { SitegenError, type Problem } from '../../errors.js';
import { readText } from '../../content/readText.js';
import { versionsFilePath } from './versionLayout.js';

// A Docusaurus site's versions.json (`<id>_versions.json` for a docs instance other than 'default'),
// next to the site config: the released versions, newest first. sitegen builds only the current docs
// today, so the file is read to say so: with `disableVersioning: true` it is ignored, as in
// Docusaurus; without, the current docs are still served at the docs root, with a warning.

export interface VersionsFile {
  file: string;
  names: string[];
}

export function readVersionsFile(params: { siteDir: string; pluginId: string }): VersionsFile | undefined {
  const file = versionsFilePath(params);
  if (!fs.existsSync(file)) return undefined;
  let names: unknown;
  try {
    names = JSON.parse(readText(file));
  } catch (e) {
    throw new SitegenError('Invalid versions file', [{ message: (e as Error).message, file, hint: 'versions.json is a JSON list of version names, newest first: ["2.0", "1.0"].' }]);
  }
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) {
    throw new SitegenError('Invalid versions file', [{ message: 'expected a list of version names', file, hint: 'versions.json is a JSON list of version names, newest first: ["2.0", "1.0"].' }]);
  }
  return { file, names };
}

/** The warning for a versions file that is not built (versioning not disabled). */
export function unbuiltVersionsWarning(versions: VersionsFile, docsRoute: string): Problem {
  const listed = versions.names.length ? versions.names.join(', ') : 'no versions';
  return {
    message: `${path.basename(versions.file)} lists ${listed}, but sitegen does not build versioned docs yet: only the current docs are built, at ${docsRoute}${versions.names.length ? ` (Docusaurus serves ${versions.names[0]} there and the current docs at ${docsRoute.replace(/\/$/, '')}/next)` : ''}`,
    file: versions.file,
    hint: 'Set `disableVersioning: true` in the docs options to build the current docs alone (versions.json and versioned_docs/ are then ignored, as in Docusaurus).',
  };
}
