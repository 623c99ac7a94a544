// Proves a change output-neutral: builds the Shifu site and the reference corpus from a git revision
// (checked out with `git worktree add` into a temporary folder) and from the working tree, and compares
// the two output folders byte for byte, printing files that differ or exist on one side only.
// Usage: npx tsx bench/compare-output.ts [<rev> [<rev2>]]   (default: HEAD vs the working tree)
//        --only shifu,corpus   builds only these sites
// Exit code 1 when any file differs. node_modules is hard-linked from this checkout when the revision's
// package-lock.json is the same, else installed with `npm ci`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compareFolders } from './compareFolders.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt === -1 ? ['shifu', 'corpus'] : args[onlyAt + 1].split(',');
const revs = args.filter((a, i) => !a.startsWith('--') && (onlyAt === -1 || i !== onlyAt + 1));
const sites: Record<string, string> = { shifu: 'site.config.ts', corpus: 'test/fixtures/shifu.dev/site.config.ts' };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-compare-'));

function run(cmd: string, argv: string[], opts: SpawnSyncOptions = {}): string {
  const r = spawnSync(cmd, argv, { encoding: 'utf8', maxBuffer: 1 << 26, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed (${r.status}):\n${r.stderr ?? ''}`);
  return String(r.stdout ?? '');
}

/** A checkout of `rev` in `<work>/<name>/repo`, next to a link to ../shared as the repository has. */
function checkout(rev: string, name: string): string {
  const dir = path.join(work, name, 'repo');
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.symlinkSync(path.resolve(root, '../shared'), path.join(work, name, 'shared'));
  run('git', ['worktree', 'add', '--detach', dir, rev], { cwd: root });
  const sameLock = fs.readFileSync(path.join(root, 'package-lock.json')).equals(fs.readFileSync(path.join(dir, 'package-lock.json')));
  if (sameLock) {
    // Hard links (a quick copy): linked packages would put other paths into the bundles. The
    // generated-code cache (node_modules/.cache) is left out, as in a fresh clone.
    run('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
    fs.rmSync(path.join(dir, 'node_modules/.cache'), { recursive: true, force: true });
  } else {
    run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return dir;
}

function build(repo: string, site: string, out: string): void {
  run(process.execPath, ['bin/sitegen.js', 'build', '--config', sites[site], '--out-dir', out], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
}

const checkouts: string[] = [];
try {
  const [before, after] = [revs[0] ?? 'HEAD', revs[1]];
  const beforeRepo = checkout(before, 'before');
  checkouts.push(beforeRepo);
  let afterRepo = root;
  if (after) {
    afterRepo = checkout(after, 'after');
    checkouts.push(afterRepo);
  }
  let failed = false;
  for (const site of only) {
    if (!sites[site]) throw new Error(`unknown site "${site}" (known: ${Object.keys(sites).join(', ')})`);
    const a = path.join(work, `${site}-before`);
    const b = path.join(work, `${site}-after`);
    build(beforeRepo, site, a);
    build(afterRepo, site, b);
    const { count, differ } = compareFolders(a, b);
    failed ||= differ.length > 0;
    console.log(`${site}: ${before} vs ${after ?? 'working tree'}: ${count} files, ${differ.length} differ${differ.length ? `:\n  ${differ.slice(0, 50).join('\n  ')}` : ''}`);
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  for (const dir of checkouts) spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
  fs.rmSync(work, { recursive: true, force: true });
}
