import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const sharedDir = path.resolve(repoRoot, '../shared');
export const corpusDir = path.join(sharedDir, 'corpus/shifu.dev');
export const referenceDir = path.join(sharedDir, 'reference');
export const corpusConfig = path.join(repoRoot, 'test/fixtures/shifu.dev/site.config.ts');
/** Where the run's shared builds are kept (test/helpers/sharedBuild.ts): read-only for the tests. */
export const sharedBuildsDir = path.join(repoRoot, 'node_modules/.cache/sitegen-test-builds');

export function requireShared(): void {
  if (!fs.existsSync(corpusDir)) {
    throw new Error(`The reference corpus is missing: expected ${corpusDir} (the repository is checked out next to shared/).`);
  }
}
