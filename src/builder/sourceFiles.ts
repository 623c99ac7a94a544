// The files of sitegen's sources (src/: .ts, .tsx, .css, .json) with their sizes and modification
// times: the build cache's code fingerprint (persistentCache.ts) and the worker bundles' key
// (parallel/workerScript.ts) are made from them, as the CLI bundle's key is (bin/cli-bundle.js). In the
// bundled CLI this module is replaced by the launcher's walk, the one that keyed the bundle (same
// files, same order): walking src/ took 10-40 ms of CPU each time (a warm Shifu build walked it twice,
// three times when it started a worker; profile, 11:50 UTC). Here, outside the bundle (tests, the dev
// server from sources), each call walks again.
import fs from 'node:fs';
import path from 'node:path';

export interface SourceFile {
  /** Relative to the package's folder (src/...). */
  rel: string;
  size: number;
  mtimeMs: number;
}

/** The source files under `root`/src, depth first, each folder's entries by name (code unit order). */
export function sourceFiles(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(tsx?|css|json)$/.test(e.name)) {
        const s = fs.statSync(p);
        files.push({ rel: path.relative(root, p), size: s.size, mtimeMs: s.mtimeMs });
      }
    }
  };
  walk(path.join(root, 'src'));
  return files;
}
