import { describe, it, expect, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../../../helpers/paths.js';
import { compareFolders } from '../../../../bench/compareFolders.js';

// Drawn diagrams kept between `sitegen build` processes (diagrams/store.ts in the build cache's
// folder): a second build draws none and writes the same files; an edited diagram is drawn again,
// alone; --no-cache draws them all without reading the kept ones. Counts from `--json`.

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-diagrams-'));
const site = path.join(work, 'site');
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** `sitegen build --json` in a process of its own, with the test's own cache folder: the diagrams it drew and read back. */
function build(out: string, ...extra: string[]): { drawn: number; cached: number } {
  const args = [path.join(repoRoot, 'bin/sitegen.js'), 'build', '-c', path.join(site, 'site.config.ts'), '-o', path.join(work, out), '--json', ...extra];
  const run = spawnSync(process.execPath, args, { cwd: site, encoding: 'utf8', env: { ...process.env, SITEGEN_CACHE_DIR: path.join(work, 'cache') } });
  expect(run.status, run.stderr + run.stdout).toBe(0);
  return (JSON.parse(run.stdout) as { diagrams: { drawn: number; cached: number } }).diagrams;
}

const differ = (a: string, b: string) => compareFolders(path.join(work, a), path.join(work, b)).differ;
const page = (out: string, route: string) => fs.readFileSync(path.join(work, out, route, 'index.html'), 'utf8');

describe('diagrams kept between builds', () => {
  it('draws none in a second process, with the same output, and draws an edited diagram again, alone', () => {
    fs.cpSync(path.join(repoRoot, 'test/fixtures/mermaid-site'), site, { recursive: true });
    const cold = build('cold');
    // types (7), two (2), chinese (1 per locale, translated): every distinct diagram drawn once.
    expect(cold.drawn).toBeGreaterThanOrEqual(10);
    expect(cold.cached).toBe(0);

    expect(build('warm')).toEqual({ drawn: 0, cached: cold.drawn });
    expect(differ('cold', 'warm')).toEqual([]);

    const file = path.join(site, 'docs/types.md');
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('Application');
    fs.writeFileSync(file, text.replace('Application', 'Edited application'));
    expect(build('edited')).toEqual({ drawn: 1, cached: cold.drawn - 1 });
    expect(page('edited', 'docs/types')).toContain('Edited application');
    expect(page('warm', 'docs/types')).not.toContain('Edited application');
    // The pages of the other diagrams are as they were.
    const changed = differ('warm', 'edited');
    expect(changed).toContain('docs/types/index.html');
    for (const route of ['docs/two', 'docs/chinese', 'zh-Hans/docs/chinese']) expect(changed).not.toContain(`${route}/index.html`);
  }, 240_000);

  it('draws every diagram with --no-cache, reading none of the kept ones', () => {
    const fresh = build('fresh', '--no-cache');
    expect(fresh.cached).toBe(0);
    expect(fresh.drawn).toBeGreaterThanOrEqual(10);
    expect(differ('edited', 'fresh')).toEqual([]);
  }, 240_000);
});
