import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The sitegen package folder (holds src/client, src/theme), found from this module wherever it was bundled to. */
export function packageRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'sitegen' && fs.existsSync(path.join(dir, 'src', 'client'))) {
      root = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the sitegen package folder');
    dir = parent;
  }
}

/** sitegen's version, from its package.json (`sitegen --version`). */
export function packageVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
