import { describe, it, expect, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../../../helpers/paths.js';
import { runCliInProcess } from '../../../helpers/cliInProcess.js';
import { compareFolders } from '../../../../bench/compareFolders.js';

// Drawn diagrams kept between `sitegen build` processes (diagrams/store.ts in the build cache's
// folder): a second build draws none and writes the same files; an edited diagram is drawn again,
// alone; --no-cache draws them all without reading the kept ones. Counts from `--json`. The build
// that must find the drawings of another process is bin/sitegen.js in a process of its own; the
// others run the CLI's entry in this process (test/helpers/cliInProcess.ts), which opens the store
// from the cache folder as a new process does (a store keeps in memory only what its own builds drew
// or read), without two node starts and the CLI's load each (about 1.5 s of CPU a build).

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-diagrams-'));
const site = path.join(work, 'site');
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const args = (out: string, extra: string[]) => ['build', '-c', path.join(site, 'site.config.ts'), '-o', path.join(work, out), '--json', ...extra];
const diagrams = (stdout: string) => (JSON.parse(stdout) as { diagrams: { drawn: number; cached: number } }).diagrams;

/** `sitegen build --json` in a process of its own, with the test's own cache folder: the diagrams it drew and read back. */
function buildProcess(out: string, ...extra: string[]): { drawn: number; cached: number } {
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin/sitegen.js'), ...args(out, extra)], {
    cwd: site,
    encoding: 'utf8',
    env: { ...process.env, SITEGEN_CACHE_DIR: path.join(work, 'cache') },
  });
  expect(run.status, run.stderr + run.stdout).toBe(0);
  return diagrams(run.stdout);
}

/** The same by the CLI's entry in this process. */
async function build(out: string, ...extra: string[]): Promise<{ drawn: number; cached: number }> {
  const run = await runCliInProcess(args(out, extra), { cwd: site, env: { SITEGEN_CACHE_DIR: path.join(work, 'cache') } });
  expect(run.status, run.stderr + run.stdout).toBe(0);
  return diagrams(run.stdout);
}

const differ = (a: string, b: string) => compareFolders(path.join(work, a), path.join(work, b)).differ;
const page = (out: string, route: string) => fs.readFileSync(path.join(work, out, route, 'index.html'), 'utf8');

describe('diagrams kept between builds', () => {
  it('draws none in a second process, with the same output, and draws an edited diagram again, alone', async () => {
    fs.cpSync(path.join(repoRoot, 'test/fixtures/mermaid-site'), site, { recursive: true });
    const cold = await build('cold');
    // types (7), two (2), chinese (1 per locale, translated): every distinct diagram drawn once.
    expect(cold.drawn).toBeGreaterThanOrEqual(10);
    expect(cold.cached).toBe(0);

    expect(buildProcess('warm')).toEqual({ drawn: 0, cached: cold.drawn });
    expect(differ('cold', 'warm')).toEqual([]);

    const file = path.join(site, 'docs/types.md');
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('Application');
    fs.writeFileSync(file, text.replace('Application', 'Edited application'));
    expect(await build('edited')).toEqual({ drawn: 1, cached: cold.drawn - 1 });
    expect(page('edited', 'docs/types')).toContain('Edited application');
    expect(page('warm', 'docs/types')).not.toContain('Edited application');
    // The pages of the other diagrams are as they were.
    const changed = differ('warm', 'edited');
    expect(changed).toContain('docs/types/index.html');
    for (const route of ['docs/two', 'docs/chinese', 'zh-Hans/docs/chinese']) expect(changed).not.toContain(`${route}/index.html`);
  }, 240_000);

  it('draws every diagram with --no-cache, reading none of the kept ones', async () => {
    const fresh = await build('fresh', '--no-cache');
    expect(fresh.cached).toBe(0);
    expect(fresh.drawn).toBeGreaterThanOrEqual(10);
    expect(differ('edited', 'fresh')).toEqual([]);
  }, 240_000);
});
