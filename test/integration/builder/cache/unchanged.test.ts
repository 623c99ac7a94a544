import { describe, it, expect, beforeAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fixtureWithCache } from '../../../helpers/fixtureCopies.js';
import { runCliInProcess } from '../../../helpers/cliInProcess.js';
import { sitegenBin } from '../../../helpers/site.js';
import { compareFolders } from '../../../../bench/compareFolders.js';

// `sitegen build` with nothing changed since its last build returns that build's summary without
// building (src/builder/unchangedBuild.ts); anything the build reads or leaves changed makes a real
// build: a doc, a file added to a content folder, the config, a file the config imports, a variable of
// the environment the config reads, the output edited by hand, a file left in it. Every build goes to
// the same output folder (the record is of one folder), each in a process of its own.

let work: string;
let site: string;
let cacheDir: string;
let out: string;

interface BuildJson {
  ok: boolean;
  pages: number;
  locales: string[];
  warnings: unknown[];
  unchanged?: boolean;
  texts: { files: number; parses: number };
}

/**
 * `sitegen build --json` as bin/sitegen.js in a process of its own, as the record serves it: in the
 * test's worker process, whose builds share its in-memory caches and its environment with the other
 * test files, a build beside another one (in the full run, the other worker's) never returned the
 * record (ci37, 07:18 UTC), while processes beside the same builds did.
 */
async function build(env: Record<string, string> = {}): Promise<BuildJson> {
  const child = spawn(process.execPath, [sitegenBin, 'build', '-c', path.join(site, 'site.config.ts'), '-o', out, '--json'], {
    cwd: site,
    env: { ...process.env, SITEGEN_CACHE_DIR: cacheDir, NO_COLOR: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(status, stderr + stdout).toBe(0);
  return JSON.parse(stdout) as BuildJson;
}

/**
 * Until the clock is past `since` by more than a second: a build records what it read only when none of
 * it changed in the second before it started (unchangedBuild.ts), so the build after that records it.
 * A wait for the clock the rule is written in: polling builds instead took over a minute in a full run
 * (ci36, 07:00 UTC, load 2-8), a build taking a few seconds there.
 */
async function pastTheSecond(since: number): Promise<void> {
  for (let left = since + 1001 - Date.now(); left > 0; left = since + 1001 - Date.now()) await new Promise((r) => setTimeout(r, left));
}

/** A build after `edit`, which must be a real one and record what it read: the next build returns its summary. */
async function rebuiltAfter(edit: () => void, env: Record<string, string> = {}): Promise<BuildJson> {
  edit();
  await pastTheSecond(Date.now());
  const real = await build(env);
  expect(real.unchanged).toBeUndefined();
  expect((await build(env)).unchanged).toBe(true);
  return real;
}

const page = (rel: string) => fs.readFileSync(path.join(out, rel), 'utf8');
const fixture = fixtureWithCache('versioned-site');
beforeAll(() => {
  ({ work, site, cacheDir } = fixture);
  out = path.join(work, 'out');
  // The config imports a file of its own and reads a variable of the environment.
  fs.writeFileSync(path.join(site, 'names.ts'), "export const title = 'Tidewater';\n");
  const config = path.join(site, 'site.config.ts');
  const text = fs.readFileSync(config, 'utf8');
  fs.writeFileSync(config, `import { title } from './names';\n${text.replace("title: 'Tidewater',", "title: title + (process.env.TIDE_SUFFIX ?? ''),")}`);
});

describe('sitegen build with nothing changed since its last build', () => {
  it('returns the last summary without building, and builds again after any edit of what it reads or wrote', async () => {
    // The site was written (beforeAll) just now.
    await pastTheSecond(Date.now());
    const first = await build();
    expect(first.unchanged).toBeUndefined();
    const again = await build();
    expect(again).toMatchObject({ unchanged: true, ok: true, pages: first.pages, locales: first.locales, warnings: first.warnings, texts: { files: first.texts.files, parses: 0 } });
    // The record sits beside the cache's stores, under the same key of sitegen's code and library
    // versions (a new version of either is a new key: test/unit/builder/persistentCache.test.ts).
    const names = fs.readdirSync(cacheDir);
    const code = (kind: string) => names.map((n) => new RegExp(`^${kind}-[0-9a-f]+-([0-9a-f]+)\\.bin$`).exec(n)?.[1]).find(Boolean);
    expect(code('record')).toBeDefined();
    expect(code('record')).toBe(code('content'));

    const doc = path.join(site, 'docs/intro.md');
    await rebuiltAfter(() => fs.appendFileSync(doc, '\n\nA sentence added after the first build.\n'));
    expect(page('docs/next/index.html')).toContain('A sentence added after the first build.');

    await rebuiltAfter(() => fs.writeFileSync(path.join(site, 'docs/added.md'), '# Added later\n\nA page of its own.\n'));
    expect(page('docs/next/added/index.html')).toContain('A page of its own.');

    const config = path.join(site, 'site.config.ts');
    await rebuiltAfter(() => fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("url: 'https://tidewater.example'", "url: 'https://tides.example'")));
    expect(page('sitemap.xml')).toContain('https://tides.example/');

    await rebuiltAfter(() => fs.writeFileSync(path.join(site, 'names.ts'), "export const title = 'Tideway';\n"));
    expect(page('index.html')).toContain('Tideway');

    await rebuiltAfter(() => undefined, { TIDE_SUFFIX: ' Works' });
    expect(page('index.html')).toContain('Tideway Works');
    // The variable gone again: a real build, not the record of the build before it.
    await rebuiltAfter(() => undefined);
    expect(page('index.html')).not.toContain('Tideway Works');
    // Fifteen builds: a few seconds each on a busy machine.
  }, 240_000);

  it('keeps no record of a build begun within a second of an edit of what it reads, and records the next one', async () => {
    expect((await build()).unchanged).toBe(true);
    const doc = path.join(site, 'docs/intro.md');
    fs.appendFileSync(doc, '\n\nA sentence added just before a build.\n');
    // Modified "later" than the build's start however slowly its process starts: the edit is in the second before it.
    const ahead = new Date(Date.now() + 60_000);
    fs.utimesSync(doc, ahead, ahead);
    const edited = await build();
    expect(edited.unchanged).toBeUndefined();
    expect(page('docs/next/index.html')).toContain('A sentence added just before a build.');
    expect(fs.readdirSync(cacheDir).filter((n) => n.startsWith('record-'))).toEqual([]);
    // Its times set back (its change time is now): the next build is a real one, and records.
    await rebuiltAfter(() => fs.utimesSync(doc, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000)));
  }, 240_000);

  it('builds again when the output was edited by hand, a file of it removed or one added, and then equals a build without the cache', async () => {
    expect((await build()).unchanged).toBe(true);
    const index = path.join(out, 'index.html');
    const built = page('index.html');
    await rebuiltAfter(() => fs.writeFileSync(index, built.replace('</body>', '<p>edited by hand</p></body>')));
    expect(page('index.html')).toBe(built);

    const removed = path.join(out, 'docs/next/install/index.html');
    await rebuiltAfter(() => fs.rmSync(removed));
    expect(fs.existsSync(removed)).toBe(true);

    // A file added by hand in a folder of the output (the build does not own it: it is left, and the next build records it as the folder is).
    await rebuiltAfter(() => fs.writeFileSync(path.join(out, 'docs/next/notes.txt'), 'mine'));

    const cold = path.join(work, 'cold');
    const run = await runCliInProcess(['build', '-c', path.join(site, 'site.config.ts'), '-o', cold, '--json', '--no-cache'], { cwd: site, env: { SITEGEN_CACHE_DIR: cacheDir } });
    expect(run.status, run.stderr).toBe(0);
    expect(compareFolders(cold, out).differ.filter((f) => !f.startsWith('docs/next/notes.txt'))).toEqual([]);
  }, 240_000);
});
