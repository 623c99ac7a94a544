import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../../src/builder/build.js';
import { DirSink, MemorySink } from '../../../../src/builder/output/sink.js';
import { createBuildCache } from '../../../../src/builder/cache.js';
import { OUTPUT_MARKER } from '../../../../src/builder/output/safeOutDir.js';
import { generateSite } from '../../../../bench/synthetic.js';
import { corpusConfig, requireShared } from '../../../helpers/paths.js';
import { sharedBuild, shifuConfig } from '../../../helpers/sharedBuild.js';

const contents = (sink: MemorySink) => new Map(sink.paths().map((p) => [p, sink.read(p)]));

describe('deterministic output', () => {
  it('two builds of the same input are byte-identical, on worker threads or in one thread', async () => {
    const configFile = generateSite({ dir: fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-det-')), pages: 60 });
    const a = new MemorySink();
    const b = new MemorySink();
    await build({ configFile, sink: a, threads: 2 });
    await build({ configFile, sink: b, threads: 0 });
    const ca = contents(a);
    const cb = contents(b);
    expect([...ca.keys()]).toEqual([...cb.keys()]);
    for (const [file, text] of ca) expect(cb.get(file), file).toBe(text);
    expect(ca.size).toBeGreaterThan(250);
  }, 120_000);

  // The other build of each pair below is the run's shared build of the same site (test/helpers/sharedBuild.ts,
  // built once for the browser tests), with the default options: in one thread for both sites (fewer than
  // 1,200 markdown files, parallel/executor.ts defaultThreads). Each is a build of the current sources, as this file's own.

  it('builds the real corpus (blogs, excerpts, MDX) the same on worker threads as in one thread', async () => {
    requireShared();
    const oneThread = await sharedBuild(corpusConfig);
    const threaded = new MemorySink();
    await build({ configFile: corpusConfig, sink: threaded, threads: 2 });
    const files = outputFiles(oneThread.outDir);
    expect(files).toEqual([...threaded.paths()].sort());
    for (const file of files) expect(fs.readFileSync(path.join(oneThread.outDir, file), 'utf8'), file).toBe(threaded.read(file));
  }, 180_000);

  it('a folder build on threads, each writing the pages it renders, equals a build in one thread', async () => {
    // The Shifu site: React pages whose <Layout title> completes the head, docs, blogs, two locales.
    const outDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-direct-')), 'out');
    const folder = await build({ configFile: shifuConfig, outDir, threads: 2 });
    const oneThread = (await sharedBuild(shifuConfig)).outDir;
    // The folder also holds the marker that makes it replaceable by the next build (safeOutDir).
    expect(fs.existsSync(path.join(outDir, OUTPUT_MARKER))).toBe(true);
    const files = outputFiles(outDir);
    expect(files).toEqual(outputFiles(oneThread));
    for (const file of files) expect(fs.readFileSync(path.join(outDir, file), 'utf8'), file).toBe(fs.readFileSync(path.join(oneThread, file), 'utf8'));
    // The main thread still learns each React page's head (the sitemap and the dev server read it).
    const home = folder.rendered.find((r) => r.page.route === '/')!;
    expect(home.page.head.title).toBe(
      fs
        .readFileSync(path.join(oneThread, 'index.html'), 'utf8')
        .match(/<title>([^<]*)<\/title>/)![1]
        .replace(/&amp;/g, '&'),
    );
    expect(fs.readdirSync(path.dirname(outDir))).toEqual(['out']);
  }, 180_000);
});

/** A build folder's files, sorted, without the marker that names it a build's output. */
function outputFiles(dir: string): string[] {
  return walk(dir)
    .filter((f) => f !== OUTPUT_MARKER)
    .sort();
}

function walk(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(dir, path.posix.join(rel, e.name)) : [path.posix.join(rel, e.name)]));
}

// The synthetic sites below have 20 pages a locale, as many as their checks need: the edited doc
// (page 3) and an untouched one (page 4) in the same section. 40 pages each cost the worker 2.1 s of
// CPU more for the same checks (these three tests, 4 runs each way alternating, 12:09-12:11 UTC, load 1.5).
describe('the cache between builds', () => {
  it('reuses everything when nothing changed, and re-renders only what an edited doc affects', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-cache-'));
    const configFile = generateSite({ dir, pages: 20 });
    const cache = createBuildCache();
    const first = new MemorySink();
    await build({ configFile, sink: first, cache });

    cache.resetStats();
    const same = new MemorySink();
    await build({ configFile, sink: same, cache });
    expect(cache.stats.markdownMisses).toBe(0);
    expect(cache.stats.htmlMisses).toBe(0);
    expect(cache.stats.parseMisses).toBe(0);
    const c0 = contents(first);
    for (const [f, t] of contents(same)) expect(c0.get(f), f).toBe(t);

    // Edit one paragraph of one English doc (its title, and so every sidebar, stays the same).
    const doc = path.join(dir, 'docs/part-00/section-000/page-00003.md');
    fs.writeFileSync(doc, fs.readFileSync(doc, 'utf8').replace(/\n# Page 3\n\n/, '\n# Page 3\n\nAn edited first sentence.\n\n'));
    cache.resetStats();
    const edited = new MemorySink();
    await build({ configFile, sink: edited, cache });
    expect(cache.stats.parseMisses).toBe(1);
    expect(cache.stats.markdownMisses).toBe(1);
    expect(cache.stats.htmlMisses).toBe(1);

    // Files that changed: the doc's page and page data and the English search files (pages name the
    // index through a pointer of a fixed name, so no other page changes).
    const before = contents(same);
    const after = contents(edited);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f));
    expect(changed.filter((f) => !f.startsWith('assets/search/')).sort()).toEqual(['docs/part-00/section-000/page-00003/__page.json', 'docs/part-00/section-000/page-00003/index.html']);
    expect(changed).toContain('assets/search/en.current.json');
    expect(changed.filter((f) => f.startsWith('assets/search/') && !f.startsWith('assets/search/en.'))).toEqual([]);
    await cache.dispose();
  }, 120_000);
});

describe('a rebuild into a folder, with the cache', () => {
  const walk = (dir: string, rel = ''): string[] =>
    fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(dir, path.join(rel, e.name)) : [path.join(rel, e.name)]));
  const folder = (dir: string) =>
    new Map(
      walk(dir)
        .sort()
        .map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]),
    );
  const emptyFolders = (dir: string, rel = ''): string[] =>
    fs
      .readdirSync(path.join(dir, rel), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((e) => {
        const child = path.join(rel, e.name);
        return fs.readdirSync(path.join(dir, child)).length ? emptyFolders(dir, child) : [child];
      });

  it('writes only changed files, never through to the previous output, and ends as a fresh build would', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-incr-'));
    const configFile = generateSite({ dir, pages: 20 });
    const outDir = path.join(dir, 'out');
    fs.mkdirSync(path.join(dir, 'static/downloads'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'static/downloads/agent.txt'), 'a static file');
    const cache = createBuildCache();
    await build({ configFile, outDir, cache });
    expect(fs.existsSync(path.join(outDir, 'downloads/agent.txt'))).toBe(true);
    const page = path.join(outDir, 'docs/part-00/section-000/page-00003/index.html');
    const untouched = path.join(outDir, 'docs/part-00/section-000/page-00004/index.html');
    const before = fs.readFileSync(page, 'utf8');
    // Hard links to two pages of the first output: whatever the rebuild does, their content stays.
    const probe = path.join(dir, 'probe.html');
    fs.linkSync(page, probe);
    const untouchedIno = fs.statSync(untouched).ino;

    const doc = path.join(dir, 'docs/part-00/section-000/page-00003.md');
    fs.writeFileSync(doc, fs.readFileSync(doc, 'utf8').replace(/\n# Page 3\n\n/, '\n# Page 3\n\nAn edited first sentence.\n\n'));
    // A removed static file is gone from the output, and so is the folder it leaves empty.
    fs.rmSync(path.join(dir, 'static/downloads'), { recursive: true });
    await build({ configFile, outDir, cache });

    expect(fs.readFileSync(probe, 'utf8')).toBe(before);
    expect(fs.readFileSync(page, 'utf8')).toContain('An edited first sentence.');
    // An unchanged page is the very file of the first build, not a copy.
    expect(fs.statSync(untouched).ino).toBe(untouchedIno);
    expect(fs.existsSync(path.join(outDir, 'downloads'))).toBe(false);
    expect(emptyFolders(outDir)).toEqual([]);

    const fresh = path.join(dir, 'fresh');
    await build({ configFile, outDir: fresh });
    const a = folder(outDir);
    const b = folder(fresh);
    expect([...a.keys()]).toEqual([...b.keys()]);
    for (const [file, text] of a) expect(text, file).toBe(b.get(file));
    // No staging folder is left beside the output.
    await DirSink.settled();
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('out.'))).toEqual([]);
    await cache.dispose();
  }, 120_000);

  it('writes everything again when the output was changed by hand', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-incr-hand-'));
    const configFile = generateSite({ dir, pages: 20 });
    const outDir = path.join(dir, 'out');
    const cache = createBuildCache();
    await build({ configFile, outDir, cache });
    const page = path.join(outDir, 'docs/part-00/section-000/page-00003/index.html');
    const original = fs.readFileSync(page, 'utf8');
    fs.writeFileSync(page, 'edited by hand, and longer than nothing');
    fs.rmSync(path.join(outDir, 'sitemap.xml'));
    await build({ configFile, outDir, cache });
    expect(fs.readFileSync(page, 'utf8')).toBe(original);
    expect(fs.existsSync(path.join(outDir, 'sitemap.xml'))).toBe(true);
    await cache.dispose();
  }, 120_000);
});
