import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths.js';

/**
 * Copies of a fixture site (`test/fixtures/<name>`) in a temporary folder outside the repository
 * (no package of the repository's node_modules is found above them): one per test that edits or
 * builds it, all removed by `remove`.
 */
export function fixtureCopies(name: string): { copy: (as: string) => string; remove: () => void } {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `sitegen-${name}-`));
  return {
    copy: (as) => {
      const dir = path.join(work, as);
      fs.cpSync(path.join(repoRoot, 'test/fixtures', name), dir, { recursive: true });
      return dir;
    },
    remove: () => fs.rmSync(work, { recursive: true, force: true }),
  };
}
