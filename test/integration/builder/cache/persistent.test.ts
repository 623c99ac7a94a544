import { describe, it, expect, beforeAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { repoRoot } from '../../../helpers/paths.js';
import { fixtureWithCache } from '../../../helpers/fixtureCopies.js';
import { runCliInProcess } from '../../../helpers/cliInProcess.js';
import { compareFolders } from '../../../../bench/compareFolders.js';
import { markFile } from '../../../../bin/launch-mode.js';
import { NODE_FLAGS } from '../../../../bin/cli-bundle.js';
import { readStoreWithTail } from '../../../../src/builder/storeFile.js';
import type { ContentHead } from '../../../../src/builder/contentStore.js';

// `sitegen build`'s cache on disk (src/builder/persistentCache.ts), through the CLI: the output is the
// same cold, warm and after edits; a store that is corrupted, cut short or left by a killed process is
// ignored and made again; two builds at once share it; `--no-cache` and `sitegen clear`. Each test's
// cache is a folder of its own (SITEGEN_CACHE_DIR). A build runs the CLI's entry in this process
// (test/helpers/cliInProcess.ts), which opens the cache from disk as a new process does; where the
// point is another process (the parses kept by worker threads read by a new process, a build killed,
// two builds at once, `clear`), each build is bin/sitegen.js in a process of its own.

const bin = path.join(repoRoot, 'bin/sitegen.js');
let work: string;
let site: string;
let cacheDir: string;

interface BuildJson {
  ok: boolean;
  pages: number;
  cache: { parseHits: number; parseMisses: number; markdownHits: number; htmlHits: number; htmlMisses: number; searchIndexed: number; searchReused: number };
  texts: { files: number; parses: number; cachedParses: number };
}

/** `sitegen build --json` by the CLI's entry in this process. */
async function build(out: string, ...extra: string[]): Promise<BuildJson> {
  const run = await runCliInProcess(['build', '-c', path.join(site, 'site.config.ts'), '-o', out, '--json', ...extra], { cwd: site, env: { SITEGEN_CACHE_DIR: cacheDir } });
  expect(run.status, run.stderr + run.stdout).toBe(0);
  return JSON.parse(run.stdout) as BuildJson;
}

/** The same, as bin/sitegen.js in a process of its own. */
const buildProcess = (out: string, ...extra: string[]): BuildJson => buildProcessWith({}, out, ...extra);

/** buildProcess with `env` added to this process's environment. */
function buildProcessWith(env: Record<string, string>, out: string, ...extra: string[]): BuildJson {
  const run = spawnSync(process.execPath, [bin, 'build', '-c', path.join(site, 'site.config.ts'), '-o', out, '--json', ...extra], {
    cwd: site,
    encoding: 'utf8',
    env: { ...process.env, SITEGEN_CACHE_DIR: cacheDir, ...env },
  });
  expect(run.status, run.stderr + run.stdout).toBe(0);
  return JSON.parse(run.stdout) as BuildJson;
}

/**
 * bin/sitegen.js build of the site in `dir` as buildProcess, asynchronously, and whether it started a
 * second node for the build (bin/launch-mode.js): a child of its process running bin/sitegen.js,
 * looked for until it exits.
 */
async function buildNodes(dir: string, out: string, ...extra: string[]): Promise<{ json: BuildJson; relaunched: boolean; seen: string[] }> {
  const args = [bin, 'build', '-c', path.join(dir, 'site.config.ts'), '-o', out, '--json', ...extra];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, SITEGEN_CACHE_DIR: cacheDir },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  // The children seen running bin/sitegen.js with the build's node flags (NODE_FLAGS before the script:
  // the second node's command line), kept for the failure message. A child of any other command line is
  // not the second node: a child the build starts itself (esbuild's service, git) has its parent's
  // command line, bin/sitegen.js without the flags, from its fork until it runs its own program (seen
  // in a CI run, where a look fell in that moment of an esbuild start).
  const seen: string[] = [];
  const look = () => {
    try {
      for (const pid of fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) {
        const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        const line = `${pid}: ${cmdline.join(' ')}`;
        if (cmdline.includes(bin) && NODE_FLAGS.every((f) => cmdline.includes(f)) && !seen.includes(line)) seen.push(line);
      }
    } catch {
      // Exited meanwhile.
    }
  };
  // Every 20 ms: the second node lives as long as the build (half a second at the least), and a look
  // every 5 ms was a second of this process's CPU over the test's seven builds.
  const watch = setInterval(look, 20);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(watch);
  expect(status, stderr + stdout).toBe(0);
  return { json: JSON.parse(stdout) as BuildJson, relaunched: seen.length > 0, seen };
}

const stores = () => fs.readdirSync(cacheDir).filter((n) => /^(content|html|output)-.*\.bin$/.test(n));
const same = (a: string, b: string) => expect(compareFolders(a, b).differ).toEqual([]);

const fixture = fixtureWithCache('versioned-site');
beforeAll(() => ({ work, site, cacheDir } = fixture));

describe('sitegen build with its cache on disk', () => {
  it('builds the same files cold, warm and after edits, reading back what did not change', async () => {
    const cold = await build(path.join(work, 'cold'), '--no-cache');
    expect(fs.existsSync(cacheDir) ? stores() : []).toEqual([]);
    expect(cold.cache.parseHits).toBe(0);
    const first = await build(path.join(work, 'first'));
    expect(first.cache.parseHits).toBe(0);
    expect(stores().length).toBeGreaterThan(0);
    const warm = await build(path.join(work, 'warm'));
    expect(warm.cache.parseMisses).toBe(0);
    expect(warm.cache.parseHits).toBeGreaterThan(0);
    expect(warm.cache.htmlMisses).toBe(0);
    same(path.join(work, 'cold'), path.join(work, 'first'));
    same(path.join(work, 'cold'), path.join(work, 'warm'));
    // On worker threads (a large site's builds): renders and pages are read back too.
    const threaded = await build(path.join(work, 'threaded'), '--threads', '2');
    expect(threaded.cache.htmlMisses).toBe(0);
    same(path.join(work, 'cold'), path.join(work, 'threaded'));

    // One doc and the sidebars edited: the warm build equals a cold one of the edited site.
    const doc = path.join(site, 'docs/intro.md');
    fs.writeFileSync(doc, fs.readFileSync(doc, 'utf8') + '\n\n## A new section\n\nWritten after the first build.\n');
    const sidebars = path.join(site, 'sidebars.js');
    fs.writeFileSync(sidebars, fs.readFileSync(sidebars, 'utf8').replace(/label: '([^']+)'/, "label: '$1 (renamed)'"));
    const edited = await build(path.join(work, 'edited'));
    expect(edited.cache.parseMisses).toBe(1);
    await build(path.join(work, 'edited-cold'), '--no-cache');
    same(path.join(work, 'edited-cold'), path.join(work, 'edited'));
    expect(compareFolders(path.join(work, 'cold'), path.join(work, 'edited')).differ.length).toBeGreaterThan(0);
  });

  it('keeps the parses of worker threads: a new process parses nothing, then only the edited doc, and builds the same files', async () => {
    fs.rmSync(cacheDir, { recursive: true, force: true });
    // The cache is made on worker threads (here, in this process), then read by new processes.
    const cold = await build(path.join(work, 'threads-cold'), '--threads', '2');
    expect(cold.texts.parses).toBeGreaterThan(0);
    const warm = buildProcess(path.join(work, 'threads-warm'), '--threads', '2');
    expect(warm.texts).toMatchObject({ parses: 0, cachedParses: cold.texts.files });
    same(path.join(work, 'threads-cold'), path.join(work, 'threads-warm'));
    // Every search context (each locale's default index and its versions') read back, none indexed.
    expect(warm.cache.searchIndexed).toBe(0);
    const contexts = warm.cache.searchReused;
    expect(contexts).toBeGreaterThan(2);
    // A doc of an old version edited: its parse alone is made again, and the search contexts that hold it (1.0 in English, and
    // in Chinese, which shows it untranslated) are indexed again.
    const doc = path.join(site, 'versioned_docs/version-1.0/wiring.md');
    const text = fs.readFileSync(doc, 'utf8');
    try {
      fs.writeFileSync(doc, text + '\n\nA paragraph written after the first build.\n');
      const edited = buildProcess(path.join(work, 'threads-edited'), '--threads', '2');
      expect(edited.texts).toMatchObject({ parses: 1, cachedParses: cold.texts.files - 1 });
      expect(edited.cache).toMatchObject({ searchIndexed: 2, searchReused: contexts - 2 });
      // The reference in one thread: a cold build is the same files on threads or not (test/integration/builder/output/
      // cache-determinism.test.ts), and one thread spares starting the workers (a cold build of this site here took 1.1 s
      // of CPU on two threads, 0.1-0.2 s in one: one run, 03:02 UTC, load 2).
      await build(path.join(work, 'threads-edited-cold'), '--no-cache');
      same(path.join(work, 'threads-edited-cold'), path.join(work, 'threads-edited'));
      // The edit is in the indexes of 1.0 only: their files changed, every other context's are the same.
      const searchFiles = compareFolders(path.join(work, 'threads-warm'), path.join(work, 'threads-edited')).differ.filter((f) => f.startsWith('assets/search/'));
      expect(searchFiles.length).toBeGreaterThan(0);
      expect(searchFiles.filter((f) => !/^assets\/search\/(en|zh-Hans)\.default@1\.0\./.test(f))).toEqual([]);
    } finally {
      fs.writeFileSync(doc, text);
    }
    // Two builds in processes of their own (whose waits block this one: spawnSync), each a few seconds alone, far more on a busy machine.
  }, 240_000);

  it('starts from the previous output in a new process: unchanged files stay (hard links), changed ones and files changed by hand are written again', async () => {
    fs.rmSync(cacheDir, { recursive: true, force: true });
    const out = path.join(work, 'linked');
    // A React page that sets noindex in its head: its files are kept, and it stays out of the sitemap.
    const hidden = path.join(site, 'src/pages/hidden.tsx');
    fs.writeFileSync(
      hidden,
      'import Layout from \'@theme/Layout\';\nimport Head from \'@docusaurus/Head\';\nexport default function Hidden() {\n  return (\n    <Layout title="Hidden">\n      <Head>\n        <meta name="robots" content="noindex" />\n      </Head>\n      <main>Hidden</main>\n    </Layout>\n  );\n}\n',
    );
    const files = (dir: string) => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f !== '.sitegen-build' && fs.statSync(path.join(dir, f)).isFile()).sort();
    const inodes = () => new Map(files(out).map((f) => [f, fs.statSync(path.join(out, f)).ino]));
    // The first build writes the output and its record, here; the next ones read them in new processes.
    await build(out);
    const first = inodes();
    buildProcess(out);
    // Nothing changed: every file is the previous build's (the marker file aside).
    expect(inodes()).toEqual(first);
    // A file changed by hand in the output (its size and time differ from what the build wrote) and an edited doc.
    const page = files(out).find((f) => f.endsWith('index.html') && !f.startsWith('docs/next/'))!;
    fs.appendFileSync(path.join(out, page), '<!-- changed by hand -->');
    const doc = path.join(site, 'docs/intro.md');
    const text = fs.readFileSync(doc, 'utf8');
    try {
      fs.writeFileSync(doc, text + '\n\nA paragraph written after the first build.\n');
      buildProcess(out);
      await build(path.join(work, 'linked-cold'), '--no-cache');
      same(path.join(work, 'linked-cold'), out);
      const after = inodes();
      const rewritten = [...after].filter(([f, ino]) => first.get(f) !== ino).map(([f]) => f);
      expect(rewritten).toContain(page);
      // The edited doc's page (its slug is the version's root) and the search index.
      expect(rewritten).toEqual(expect.arrayContaining(['docs/next/index.html', 'docs/next/__page.json']));
      expect(rewritten.length).toBeLessThan(after.size / 2);
      expect(fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).not.toContain('hidden');
    } finally {
      fs.writeFileSync(doc, text);
      fs.rmSync(hidden);
    }
    // Two builds in processes of their own (the point: a new process reads the previous output's record).
  }, 240_000);

  it('ignores a corrupted or cut-short store and a killed write, builds the same files, and writes the store again', async () => {
    await build(path.join(work, 'before'));
    // A byte of a store's head (every entry but the parse trees), the end of a store (the last parse
    // tree of the content store, read only when used: parsed again), or two thirds cut off.
    for (const damage of ['flip', 'flip-tree', 'truncate'] as const) {
      for (const name of stores()) {
        const file = path.join(cacheDir, name);
        const bytes = fs.readFileSync(file);
        if (damage === 'flip') {
          bytes[100] ^= 0xff;
          fs.writeFileSync(file, bytes);
        } else if (damage === 'flip-tree') {
          if (!name.startsWith('content-')) continue;
          bytes[bytes.length - 2] ^= 0xff;
          fs.writeFileSync(file, bytes);
        } else fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 3)));
      }
      // What a process killed in the middle of a write leaves: a part-written file of its own.
      fs.writeFileSync(path.join(cacheDir, `${stores()[0]}.999999-deadbeef.tmp`), 'half a store');
      const damaged = await build(path.join(work, `after-${damage}`));
      if (damage === 'flip') expect(damaged.cache.parseHits, damage).toBe(0);
      same(path.join(work, 'before'), path.join(work, `after-${damage}`));
      const again = await build(path.join(work, `again-${damage}`));
      expect(again.cache.parseMisses, damage).toBe(0);
      same(path.join(work, 'before'), path.join(work, `again-${damage}`));
    }
  });

  it('builds again, and the same files, when a render part read only when used turns out damaged (StoredRenderLost)', async () => {
    await build(path.join(work, 'parts-before'));
    // A warm build reads a render's body HTML only when a page's HTML is made again (contentStore.ts
    // deferParts): every stored body damaged in its segment, and the pages' HTML store removed so that
    // every page reads its body. The first attempt finds a body unreadable after the plan; sitegen build
    // then builds again reading the cache as before (damaged renders are misses) and exits 0.
    const head = stores().find((n) => n.startsWith('content-') && !/\.[0-9a-f]{16}\.bin$/.test(n))!;
    const read = readStoreWithTail<{ segments: string[]; value: ContentHead }>(path.join(cacheDir, head))!;
    let damaged = 0;
    for (const [, { html }] of read.value.value.markdown ?? []) {
      const segment = path.join(cacheDir, head.replace(/\.bin$/, `.${html.seg}.bin`));
      if (!html.length || !fs.existsSync(segment)) continue;
      const fd = fs.openSync(segment, 'r+');
      const byte = Buffer.alloc(1);
      fs.readSync(fd, byte, 0, 1, html.at);
      byte[0] ^= 0xff;
      fs.writeSync(fd, byte, 0, 1, html.at);
      fs.closeSync(fd);
      damaged++;
    }
    expect(damaged).toBeGreaterThan(0);
    for (const name of stores()) if (name.startsWith('html-')) fs.rmSync(path.join(cacheDir, name));
    const after = (await build(path.join(work, 'parts-after'))) as BuildJson & { cache: { markdownMisses: number } };
    expect(after.cache.markdownMisses).toBeGreaterThan(0);
    same(path.join(work, 'parts-before'), path.join(work, 'parts-after'));
  });

  it('ignores an entry half-written when its build was killed (kill -9) and makes it again: the next build equals a cold one', async () => {
    fs.rmSync(cacheDir, { recursive: true, force: true });
    await build(path.join(work, 'kill-first'));
    const heads = () => new Map(stores().map((n) => [n, fs.readFileSync(path.join(cacheDir, n))]));
    const before = heads();
    // An edit, whose parse and render the next build writes into a new segment of the content store (storeSegments.ts).
    const doc = path.join(site, 'docs/intro.md');
    const text = fs.readFileSync(doc, 'utf8');
    try {
      fs.writeFileSync(doc, text + '\n\n## Killed\n\nWritten before the killed build.\n');
      // The build stops half-way through writing that segment (test/helpers/haltMidWrite.mjs says so in `mark`), and is killed there.
      const mark = path.join(work, 'halted.json');
      const child = spawn(process.execPath, [bin, 'build', '-c', path.join(site, 'site.config.ts'), '-o', path.join(work, 'killed')], {
        cwd: site,
        stdio: 'ignore',
        env: {
          ...process.env,
          SITEGEN_CACHE_DIR: cacheDir,
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(repoRoot, 'test/helpers/haltMidWrite.mjs')}`,
          SITEGEN_TEST_HALT_WRITE: String.raw`^content-[0-9a-f]+-[0-9a-f]+\.[0-9a-f]{16}\.bin\.\d+-[0-9a-f]+\.tmp$`,
          SITEGEN_TEST_HALT_MARK: mark,
        },
      });
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
      const halted = await new Promise<{ pid: number; tmp: string; written: number; total: number } | undefined>((resolve) => {
        const watcher = fs.watch(work, () => {
          if (!fs.existsSync(mark)) return;
          watcher.close();
          resolve(JSON.parse(fs.readFileSync(mark, 'utf8')));
        });
        void exited.then(() => {
          watcher.close();
          resolve(fs.existsSync(mark) ? JSON.parse(fs.readFileSync(mark, 'utf8')) : undefined);
        });
      });
      expect(halted, 'the build ended without writing a segment').toBeDefined();
      // Half of the segment's bytes are on disk, in its temporary file, when the kill lands.
      expect(halted!.written).toBeGreaterThan(0);
      expect(halted!.written).toBeLessThan(halted!.total);
      expect(fs.statSync(halted!.tmp).size).toBe(halted!.written);
      process.kill(halted!.pid, 'SIGKILL');
      expect(await exited).toBe('SIGKILL');
      // Left as the kill left it: the half-written file, and the heads of the build before (no head names it).
      expect(fs.statSync(halted!.tmp).size).toBe(halted!.written);
      expect(heads()).toEqual(before);

      // The next build reads the cache as the first build left it: the edited doc alone is parsed (and rendered) again.
      const after = await build(path.join(work, 'after-kill'));
      expect(after.cache.parseMisses).toBe(1);
      expect(after.cache.parseHits).toBeGreaterThan(0);
      await build(path.join(work, 'after-kill-cold'), '--no-cache');
      same(path.join(work, 'after-kill-cold'), path.join(work, 'after-kill'));
    } finally {
      fs.writeFileSync(doc, text);
    }
  });

  it('reads nothing made by a library’s earlier version: a build after its upgrade makes every entry again and equals a cold one', async () => {
    fs.rmSync(cacheDir, { recursive: true, force: true });
    const installed = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules/remark-parse/package.json'), 'utf8')) as { version: string }).version;
    // remark-parse (which makes every parse) read as upgraded: test/helpers/installedVersion.mjs.
    const upgraded = {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(repoRoot, 'test/helpers/installedVersion.mjs')}`,
      SITEGEN_TEST_INSTALLED: `remark-parse@${installed}-next`,
    };
    // The build before the upgrade, here; those after it in processes of their own, where the hook makes remark-parse read as upgraded.
    const first = await build(path.join(work, 'upgrade-first'));
    expect(first.cache.parseMisses).toBeGreaterThan(0);
    // The code keys of the stores (content-<site>-<code>.bin).
    const codes = () => new Set(stores().map((n) => n.split(/[-.]/)[2]));
    const earlier = codes();
    // The same build (another output folder, so that it builds), after the upgrade: no parse, render or page read back.
    const after = buildProcessWith(upgraded, path.join(work, 'upgrade-after'));
    expect(after.cache).toMatchObject({ parseHits: 0, markdownHits: 0, htmlHits: 0 });
    expect(after.cache.parseMisses).toBe(first.cache.parseMisses);
    same(path.join(work, 'upgrade-first'), path.join(work, 'upgrade-after'));
    // The earlier version's stores are gone (no code reads them any more), and the new ones are read back by the next build.
    expect(codes().size).toBeGreaterThan(0);
    expect([...codes()].filter((c) => earlier.has(c))).toEqual([]);
    expect(buildProcessWith(upgraded, path.join(work, 'upgrade-again')).cache.parseMisses).toBe(0);
  }, 240_000);

  it('lets two builds run at once on one cache: both build the same files, and the next build reads it', async () => {
    fs.rmSync(cacheDir, { recursive: true, force: true });
    const run = (out: string) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [bin, 'build', '-c', path.join(site, 'site.config.ts'), '-o', path.join(work, out)], {
          cwd: site,
          stdio: 'ignore',
          env: { ...process.env, SITEGEN_CACHE_DIR: cacheDir },
        });
        child.once('exit', resolve);
      });
    expect(await Promise.all([run('twin-a'), run('twin-b')])).toEqual([0, 0]);
    same(path.join(work, 'twin-a'), path.join(work, 'twin-b'));
    const next = await build(path.join(work, 'twin-next'));
    expect(next.cache.parseMisses).toBe(0);
    same(path.join(work, 'twin-a'), path.join(work, 'twin-next'));
    expect(fs.readdirSync(cacheDir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('runs a build in one node when the last run of the same command wrote the cache, in two otherwise, and builds the same files', async () => {
    fs.rmSync(cacheDir, { recursive: true, force: true });
    // A site of one doc and a home page: which node builds depends on the launcher's mark alone, not on
    // the site; each of the seven builds below costs its node starts and the CLI's load, and a smaller
    // site spares the rest (the versioned fixture's cold build took 0.4 s of CPU more).
    const tiny = path.join(work, 'one-node-site');
    fs.mkdirSync(path.join(tiny, 'docs'), { recursive: true });
    fs.mkdirSync(path.join(tiny, 'src/pages'), { recursive: true });
    fs.writeFileSync(path.join(tiny, 'site.config.ts'), "export default { title: 'One node', url: 'https://one-node.example' };\n");
    fs.writeFileSync(path.join(tiny, 'docs/intro.md'), '# Intro\n\nOne doc.\n');
    fs.writeFileSync(path.join(tiny, 'src/pages/index.md'), '# Home\n');
    const buildProcessNodes = (out: string, ...extra: string[]) => buildNodes(tiny, out, ...extra);
    const out = path.join(work, 'one-node');
    const first = await buildProcessNodes(out);
    expect(first.relaunched).toBe(true);
    expect(first.json.cache.parseHits).toBe(0);
    fs.cpSync(out, path.join(work, 'one-node-first'), { recursive: true });
    // The mark the launcher looks for: the command's, in the cache folder.
    const mark = markFile(['node', bin, 'build', '-c', path.join(tiny, 'site.config.ts'), '-o', out, '--json'], { cwd: tiny, env: { SITEGEN_CACHE_DIR: cacheDir } });
    expect(fs.readdirSync(cacheDir).filter((n) => n.startsWith('launch-'))).toEqual([path.basename(mark)]);
    const second = await buildProcessNodes(out);
    const marks = () => fs.readdirSync(cacheDir).filter((n) => n.startsWith('launch-'));
    expect(second.relaunched, `second node seen: ${second.seen.join('; ')}; marks now: ${marks().join(', ')}; looked for ${path.basename(mark)}`).toBe(false);
    expect(second.json.cache.parseMisses).toBe(0);
    same(path.join(work, 'one-node-first'), out);
    // Another command (another output folder) has no mark of its own yet; --no-cache never leaves one.
    expect((await buildProcessNodes(path.join(work, 'one-node-other'))).relaunched).toBe(true);
    for (let i = 0; i < 2; i++) expect((await buildProcessNodes(path.join(work, 'one-node-nocache'), '--no-cache')).relaunched).toBe(true);
    // sitegen clear removes the marks with the cache.
    const run = spawnSync(process.execPath, [bin, 'clear'], { cwd: tiny, encoding: 'utf8', env: { ...process.env, SITEGEN_CACHE_DIR: cacheDir } });
    expect(run.status, run.stderr).toBe(0);
    expect((await buildProcessNodes(out)).relaunched).toBe(true);
  }, 240_000);

  it('keeps the cache under --cache-max-size after a real build, the least recently used files first, and builds the same files after', async () => {
    fs.rmSync(cacheDir, { recursive: true, force: true });
    await build(path.join(work, 'bound-cold'), '--no-cache');
    await build(path.join(work, 'bound-first'));
    const size = () => (fs.readdirSync(cacheDir, { recursive: true }) as string[]).map((f) => fs.statSync(path.join(cacheDir, f))).reduce((n, s) => n + (s.isFile() ? s.size : 0), 0);
    const own = size();
    // Stores of two other sites, used a day and an hour ago (younger than the two weeks after which any store goes).
    const MB = 1024 * 1024;
    const older = path.join(cacheDir, 'content-aaaaaaaaaaaa-bbbbbbbbbbbb.bin');
    const newer = path.join(cacheDir, 'content-cccccccccccc-bbbbbbbbbbbb.bin');
    for (const [file, ago] of [
      [older, 24 * 3600_000],
      [newer, 3600_000],
    ] as const) {
      fs.writeFileSync(file, Buffer.alloc(2 * MB));
      fs.utimesSync(file, new Date(Date.now() - ago), new Date(Date.now() - ago));
    }
    // A bound that holds this site's stores and one of the two: the older goes. Another output folder, so that the build runs (and writes) rather than finds nothing changed.
    const bound = (own + 3 * MB) / MB;
    const bounded = await build(path.join(work, 'bound-warm'), '--cache-max-size', bound.toFixed(3));
    expect(bounded.cache.parseMisses).toBe(0);
    expect(size()).toBeLessThanOrEqual(bound * MB);
    expect([fs.existsSync(older), fs.existsSync(newer)]).toEqual([false, true]);
    same(path.join(work, 'bound-cold'), path.join(work, 'bound-warm'));
    // The next build reads what was kept.
    expect((await build(path.join(work, 'bound-next'))).cache.parseMisses).toBe(0);
    same(path.join(work, 'bound-cold'), path.join(work, 'bound-next'));

    // A bound below this site's own stores: they are pruned too (heads and segments, oldest first), and the next builds are still right.
    fs.rmSync(newer);
    await build(path.join(work, 'bound-tiny'), '--cache-max-size', '0.05');
    expect(size()).toBeLessThanOrEqual(0.05 * MB);
    same(path.join(work, 'bound-cold'), path.join(work, 'bound-tiny'));
    await build(path.join(work, 'bound-after-tiny'));
    same(path.join(work, 'bound-cold'), path.join(work, 'bound-after-tiny'));
  });

  it('sitegen clear empties the cache and removes the output folder the last build wrote', async () => {
    await build(path.join(site, 'build'));
    expect(stores().length).toBeGreaterThan(0);
    const mine = path.join(site, 'mine');
    fs.mkdirSync(mine);
    const run = spawnSync(process.execPath, [bin, 'clear'], { cwd: site, encoding: 'utf8', env: { ...process.env, SITEGEN_CACHE_DIR: cacheDir } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Removed the build cache/);
    expect(fs.readdirSync(cacheDir)).toEqual([]);
    expect(fs.existsSync(path.join(site, 'build'))).toBe(false);
    expect(fs.existsSync(mine)).toBe(true);
    expect((await build(path.join(work, 'after-clear'))).cache.parseHits).toBe(0);
  });
});
