import path from 'node:path';
import fs from 'node:fs';
import { listFiles } from '../content/files.js';
import { isFormsDataDir } from '../config/formsDataDir.js';
import { SitegenError } from '../errors.js';
import { decodeUriSafe, splitPath, stripTrailingSlash } from '../../shared/url.js';

export interface StaticFiles {
  /** Public path ("/img/logo.svg") → absolute file. */
  files: Map<string, string>;
  has(publicPath: string): boolean;
}

export function scanStatic(params: { siteDir: string; dirs: string[] }): StaticFiles {
  const files = new Map<string, string>();
  for (const dir of params.dirs) {
    const root = path.resolve(params.siteDir, dir);
    if (!fs.existsSync(root)) continue;
    const rels = listFiles(root, params.siteDir);
    refuseFormsData(root, rels);
    for (const rel of rels) files.set(`/${rel}`, path.join(root, rel));
  }
  return {
    files,
    has(publicPath: string) {
      const p = decodeUriSafe(splitPath(publicPath)[0]);
      return files.has(p) || files.has(`${stripTrailingSlash(p)}/index.html`);
    },
  };
}

/** A forms data folder among the files of a static folder fails the build: it would publish personal details and the link secret. */
function refuseFormsData(root: string, rels: string[]): void {
  const folders = new Set<string>(['.']);
  for (const rel of rels) {
    for (let dir = path.posix.dirname(rel); !folders.has(dir); dir = path.posix.dirname(dir)) folders.add(dir);
  }
  const found = [...folders].sort().filter((dir) => isFormsDataDir(path.join(root, dir)));
  if (!found.length) return;
  throw new SitegenError(
    'Form data in a static folder',
    found.map((dir) => ({
      message: 'is a forms data folder (submissions, the secret that signs subscription links): a build would publish it',
      file: path.join(root, dir),
      hint: 'Move it out of the static folder (forms.dataDir, e.g. the default ".sitegen/forms"); remove any copy a build already published.',
    })),
  );
}
