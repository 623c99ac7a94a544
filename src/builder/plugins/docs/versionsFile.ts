import fs from 'node:fs';
import { SitegenError, readText } from '../api.js';
import { versionsFilePath } from './versionLayout.js';

// Docusaurus's versions.json (`<id>_versions.json` for an instance other than 'default', see
// versionLayout.ts), next to the site config: the released versions, newest first.

export interface VersionsFile {
  file: string;
  names: string[];
}

const HINT = 'versions.json is a JSON list of version names, newest first: ["2.0", "1.0"].';

export function readVersionsFile(params: { siteDir: string; pluginId: string }): VersionsFile | undefined {
  const file = versionsFilePath(params);
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
