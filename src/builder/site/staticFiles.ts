import path from 'node:path';
import fs from 'node:fs';
import { listFiles } from '../content/files.js';
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
    for (const rel of listFiles(root, params.siteDir)) files.set(`/${rel}`, path.join(root, rel));
  }
  return {
    files,
    has(publicPath: string) {
      const p = decodeUriSafe(splitPath(publicPath)[0]);
      return files.has(p) || files.has(`${stripTrailingSlash(p)}/index.html`);
    },
  };
}
