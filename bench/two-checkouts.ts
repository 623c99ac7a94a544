// Builds the Shifu site from two copies of this repository at different paths (hard-linked, so the
// copy is quick) and compares every output file: the output must not depend on where the checkout is.
// Usage: npx tsx bench/two-checkouts.ts   (exit code 1 and the differing files when they differ)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compareFolders } from './compareFolders.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-checkouts-'));
const entries = ['bin', 'src', 'content', 'i18n', 'static', 'site.config.ts', 'package.json', 'tsconfig.json', 'node_modules'];

function buildCopy(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const copy = spawnSync('cp', ['-al', ...entries.map((e) => path.join(root, e)), dir], { stdio: 'inherit' });
  if (copy.status !== 0) throw new Error(`cp -al failed into ${dir}`);
  // Each checkout has its own cache of generated modules, as a fresh clone would.
  fs.rmSync(path.join(dir, 'node_modules/.cache'), { recursive: true, force: true });
  const out = `${dir}-out`;
  const run = spawnSync(process.execPath, ['bin/sitegen.js', 'build', '--out-dir', out], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error(`the build in ${dir} failed`);
  return out;
}

try {
  const a = buildCopy(path.join(work, 'a/repo'));
  const b = buildCopy(path.join(work, 'somewhere/much/deeper/other-name'));
  const { count, differ } = compareFolders(a, b);
  console.log(`${count} files; ${differ.length} differ${differ.length ? `:\n  ${differ.slice(0, 20).join('\n  ')}` : ''}`);
  process.exitCode = differ.length ? 1 : 0;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
