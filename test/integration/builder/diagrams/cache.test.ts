import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../../../helpers/paths.js';
import { compareFolders } from '../../../../bench/compareFolders.js';

// Drawn diagrams kept between `sitegen build` processes (diagrams/store.ts in the build cache's
// folder): a second build draws none and writes the same files; an edited diagram is drawn again,
// alone; --no-cache draws them all without reading the kept ones. Counts from `--json`.

const bin = path.join(repoRoot, 'bin/sitegen.js');
let work: string;
let site: string;
let cacheDir: string;

interface BuildJson {
  ok: boolean;
  diagrams: { drawn: number; cached: number };
}

function build(out: string, ...extra: string[]): BuildJson {
  const run = spawnSync(process.execPath, [bin, 'build', '-c', path.join(site, 'site.config.ts'), '-o', out, '--json', ...extra], {
    cwd: site,
    encoding: 'utf8',
    env: { ...process.env, SITEGEN_CACHE_DIR: cacheDir },
  });
  expect(run.status, run.stderr + run.stdout).toBe(0);
  return JSON.parse(run.stdout) as BuildJson;
}

const same = (a: string, b: string) => expect(compareFolders(a, b).differ).toEqual([]);
const page = (out: string, route: string) => fs.readFileSync(path.join(out, route, 'index.html'), 'utf8');

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-diagrams-'));
  site = path.join(work, 'site');
  cacheDir = path.join(work, 'cache');
  fs.cpSync(path.join(repoRoot, 'test/fixtures/mermaid-site'), site, { recursive: true });
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('diagrams kept between builds', () => {
  it('draws none in a second process, with the same output, and draws an edited diagram again, alone', () => {
    const cold = build(path.join(work, 'cold'));
    // types (7), two (2), chinese (1 per locale, translated): every distinct diagram drawn once.
    expect(cold.diagrams.drawn).toBeGreaterThanOrEqual(10);
    expect(cold.diagrams.cached).toBe(0);

    const warm = build(path.join(work, 'warm'));
    expect(warm.diagrams).toEqual({ drawn: 0, cached: cold.diagrams.drawn });
    same(path.join(work, 'cold'), path.join(work, 'warm'));

    const file = path.join(site, 'docs/types.md');
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('Application');
    fs.writeFileSync(file, text.replace('Application', 'Edited application'));
    const edited = build(path.join(work, 'edited'));
    expect(edited.diagrams).toEqual({ drawn: 1, cached: cold.diagrams.drawn - 1 });
    expect(page(path.join(work, 'edited'), 'docs/types')).toContain('Edited application');
    expect(page(path.join(work, 'warm'), 'docs/types')).not.toContain('Edited application');
    // The pages of the other diagrams are as they were.
    const differ = compareFolders(path.join(work, 'warm'), path.join(work, 'edited')).differ;
    expect(differ).toContain('docs/types/index.html');
    for (const route of ['docs/two', 'docs/chinese', 'zh-Hans/docs/chinese']) expect(differ).not.toContain(`${route}/index.html`);
  }, 240_000);

  it('draws every diagram with --no-cache, reading none of the kept ones', () => {
    const fresh = build(path.join(work, 'fresh'), '--no-cache');
    expect(fresh.diagrams.cached).toBe(0);
    expect(fresh.diagrams.drawn).toBeGreaterThanOrEqual(10);
    same(path.join(work, 'edited'), path.join(work, 'fresh'));
  }, 240_000);
});
