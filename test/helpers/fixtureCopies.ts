import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
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

/**
 * One copy of a fixture site for a whole test file (`site`), with a cache folder beside it (`cacheDir`,
 * for SITEGEN_CACHE_DIR) in a temporary folder (`work`): made before the file's tests, removed after
 * them. The fields are set once the copy is made (read them in a hook or a test).
 */
export function fixtureWithCache(name: string): { work: string; site: string; cacheDir: string } {
  const paths = { work: '', site: '', cacheDir: '' };
  beforeAll(() => {
    paths.work = fs.mkdtempSync(path.join(os.tmpdir(), `sitegen-${name}-`));
    paths.site = path.join(paths.work, 'site');
    paths.cacheDir = path.join(paths.work, 'cache');
    fs.cpSync(path.join(repoRoot, 'test/fixtures', name), paths.site, { recursive: true });
  });
  afterAll(() => fs.rmSync(paths.work, { recursive: true, force: true }));
  return paths;
}
