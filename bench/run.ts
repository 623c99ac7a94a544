import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { NODE_FLAGS } from '../bin/cli-bundle.js';
import { PACKAGE_PATCHES } from '../bin/bundlePatches.js';
import { generateSite } from './synthetic.js';
import { generateBigDocSite } from './bigdoc.js';
import { generateVersionedSite } from './versioned.js';
import { generateFolderSite } from './folder.js';
import { sameColdWarm, warmRows, type WarmFigures } from './warm.js';

// npm run bench: every row in one run, medians of 3 (`--runs N`), each build in a fresh process, and a
// table of the rows with their budgets (issue 43) and pass/fail, stamped with the machine's hour.
// - cold builds (bench/child.mjs: no build cache read from disk) of the Shifu site (with its mermaid
//   diagrams drawn in Chromium, and with them read back), the reference corpus (the same two), a
//   versioned site shaped like real ones (bench/versioned.ts), sites of 1,000 and 10,000 docs in one
//   folder (bench/folder.ts: KB per page and peak memory), one document of 0.5-5 MB (bench/bigdoc.ts)
//   and synthetic sites of 250-8,000 pages per locale (bench/synthetic.ts);
// - next to each cold build its floor (bench/floor.mjs: gray-matter, remark/rehype (as MDX, Docusaurus 3's
//   default), refractor and lunr with each locale's pipeline alone on the same content, no sitegen) and
//   the ratio of the build's CPU time to it (the build's process with the processes it started: esbuild's
//   service, the Chromium that draws diagrams; bench/treeCpu.mjs; "node cpu" is the build's process alone);
//   the floor is also printed as the build runs the libraries (bin/bundlePatches.js's changes to their code
//   bundled in), with the ratio to it: the budget's ratio is to the packages as published;
// - warm rebuilds (bench/warm.ts): `sitegen build` processes with the persistent cache kept between
//   them (SITEGEN_CACHE_DIR): nothing changed, one doc edited, one sidebar edited; Shifu and versioned.
//   Each state's warm output is compared, file by file, with a cold build's (and the corpus's, which
//   is not edited): a difference fails the benchmark (bench/warm.ts sameColdWarm).
// Options: --runs N (default 3), --quick (1 run, smaller sites, no synthetic/bigdoc/search), --sizes
// 250,1000,4000,8000, --folder-sizes 1000,10000, --bigdoc-sizes 0.5,1,2,5, --skip-synthetic, --only
// shifu,corpus,versioned,folder,warm,bigdoc,synthetic,search,css (and rebuild: one edit rebuilt in the
// same process; css: the CSS weight of a docs page, bench/css-weight.ts). Commands run under `nice`;
// results go to bench/results/.
// What memory costs on the build machine (a Firecracker microVM whose guest pages are made on first
// touch): each 4 KB page a process touches for the first time costs it 13-19 us of CPU, half of it
// counted as user time (400 MB touched once: 1.3-1.9 s of CPU, three runs, 15:16 UTC 2026-12-07;
// touching them again costs nothing). So a build's peak memory is CPU in every row: the Shifu site's
// cold build (peak RSS ~300 MB, 70-110k minor faults) spends about a second of its CPU on them, and
// the floor pays the same for its own, smaller, heap. Fewer first-touched pages, not fewer faults, is
// what counts: glibc's huge pages for malloc (GLIBC_TUNABLES=glibc.malloc.hugetlb=1) cut the 1k-docs
// folder site's faults by 10-15 % with no difference in CPU that the hour's load (7) let show (three
// rounds, 14:30 UTC); V8's heap does not take them.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : args[i + 1];
};
const quick = args.includes('--quick');
const runs = Number(opt('--runs', quick ? '1' : '3'));
const sizes = opt('--sizes', '250,1000,4000,8000').split(',').map(Number);
const folderSizes = opt('--folder-sizes', quick ? '200,1000' : '1000,10000')
  .split(',')
  .map(Number);
const only = opt('--only', quick ? 'shifu,corpus,versioned,folder,warm,css' : 'shifu,corpus,versioned,folder,warm,bigdoc,synthetic,search,css').split(',');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-bench-'));
const started = new Date();

/**
 * bench/floor.mjs bundled with the changes sitegen's own bundles make to packages' code
 * (bin/bundlePatches.js): the floor of the libraries as the build runs them, printed beside the floor
 * of the packages as published (the one the budget is measured against). Written under node_modules
 * (the packages left out of the bundle resolve from there), removed as the bench ends.
 */
const patchedFloor = path.join(root, 'node_modules/.cache/sitegen-bench', `floor-patched-${process.pid}.mjs`);
await esbuild.build({
  entryPoints: [path.join(root, 'bench/floor.mjs')],
  outfile: patchedFloor,
  bundle: true,
  platform: 'node',
  format: 'esm',
  external: ['@node-rs/*'],
  plugins: PACKAGE_PATCHES,
  banner: { js: "import { createRequire as __floorRequire } from 'node:module'; const require = __floorRequire(import.meta.url);" },
  logLevel: 'error',
});
process.on('exit', () => fs.rmSync(patchedFloor, { force: true }));
// Every build and floor runs nice'd: the machine is shared.
const NICE = ['nice', '-n', '5'];

interface Figures {
  wallMs: number;
  /** The fastest and the slowest run: on the shared build machine the same build moves by a third from one hour to the next. */
  wallRangeMs?: [number, number];
  /** CPU time of the build's process and the processes it started (esbuild's, the diagrams' Chromium). */
  cpuMs: number;
  /** CPU time of the build's node process alone (the figure `cpuMs` was until 2026-12-07 08:50 UTC). */
  ownCpuMs?: number;
  maxRssMb: number;
  pages: number;
  pagesPerSecond: number;
  stages: Record<string, number>;
  /** CPU time of each stage, all threads of the build process (cold builds). */
  stagesCpu?: Record<string, number>;
  outputBytes: number;
  /** Mean bytes a page writes of its own: its HTML and its page data. */
  perPage?: { pages: number; html: number; data: number };
  docsPage?: { js: number; css: number };
  search: Record<string, { raw: number; gzip: number }>;
  /** Each run's `cpuMs`, in the order run (the ratio to the floor pairs them with the floor's runs). */
  cpuRunsMs?: number[];
}

interface Floor {
  files: number;
  pages: number;
  markdownCpuMs: number;
  highlightCpuMs: number;
  searchCpuMs: number;
  mdxFallbacks: number;
  /** The floor as defined until 2026-12-06 (bench/floor.mjs --strict). */
  strict?: Floor;
  /** The floor with the changes sitegen's bundles make to the packages' code (bin/bundlePatches.js): the same libraries as the build runs them. */
  patched?: Floor;
  /** Each run's total (floorMs), in the order run. */
  runsMs?: number[];
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];

/**
 * Cold builds in fresh processes; `cacheDir(i)`: SITEGEN_CACHE_DIR of run i (an empty folder unless
 * given); `after()`: run after each build, before the next (a run of the floor: floorRuns).
 */
function measure(name: string, configFile: string, opts: { extra?: string[]; cacheDir?: (i: number) => string; after?: () => void } = {}): Figures {
  const results: Figures[] = [];
  for (let i = 0; i < runs; i++) {
    const outDir = path.join(work, `${name}-${i}`);
    const cacheDir = opts.cacheDir?.(i) ?? path.join(work, `cache-${name}-${i}`);
    fs.mkdirSync(cacheDir, { recursive: true });
    // With the node options `sitegen build` runs with (the launcher starts node again with them).
    const run = spawnSync(NICE[0], [...NICE.slice(1), process.execPath, ...NODE_FLAGS, path.join(root, 'bench/child.mjs'), configFile, outDir, ...(opts.extra ?? [])], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', SITEGEN_CACHE_DIR: cacheDir },
      maxBuffer: 1 << 26,
    });
    if (run.status !== 0) throw new Error(`${name} failed:\n${run.stderr}`);
    results.push(JSON.parse(run.stdout.trim().split('\n').pop()!));
    opts.after?.();
    // The output stays until the benchmark ends (the work folder goes then). On an ext4 file system
    // without a journal, as the build machine's, the kernel does not reuse an inode freed in the last
    // 1-5 minutes and scans past each one to find a free inode: removing one run's 6,000 files and
    // 2,900 folders made the next run's creations several times slower (versioned site: 1.6-2.6 s of
    // system time in the HTML stage instead of 0.6-0.8 s, 0.5-0.9 s of wall time), a cost of the
    // benchmark's clean-up, not of the build (a first build, as on a fresh CI machine, has none).
  }
  const byWall = [...results].sort((a, b) => a.wallMs - b.wallMs)[Math.floor((results.length - 1) / 2)];
  const walls = results.map((f) => f.wallMs);
  return {
    ...byWall,
    wallMs: median(walls),
    wallRangeMs: [Math.min(...walls), Math.max(...walls)],
    cpuMs: median(results.map((f) => f.cpuMs)),
    ownCpuMs: median(results.map((f) => f.ownCpuMs ?? f.cpuMs)),
    maxRssMb: median(results.map((f) => f.maxRssMb)),
    pagesPerSecond: median(results.map((f) => f.pagesPerSecond)),
    cpuRunsMs: results.map((f) => f.cpuMs),
  };
}

/**
 * The libraries alone on a site's content (bench/floor.mjs), run by run: `run()` runs it once, with the
 * floor as it was defined until 2026-12-06 (`--strict`, to compare with earlier runs) after it;
 * `result()`: the median of the runs by total CPU, with each run's total. The cold builds run between
 * the floor's runs (measure's `after`): on the shared build machine the same work took a third more
 * CPU in one half hour than in the next (the 10,000-docs floor 16.5 s at 14:55 UTC, 25.4 s at 15:22),
 * so a ratio of a build and a floor run minutes apart moved with the machine (that row: 2.11 x, then
 * 1.15 x); a build and the floor run next to it meet the same machine.
 */
function floorRuns(siteDir: string, extra: string[] = []): { run(): void; result(): Floor } {
  const once = (script: string, more: string[]): Floor => {
    const run = spawnSync(NICE[0], [...NICE.slice(1), process.execPath, ...NODE_FLAGS, script, siteDir, ...extra, ...more], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (run.status !== 0) throw new Error(`floor of ${siteDir} failed:\n${run.stderr}`);
    return JSON.parse(run.stdout.trim().split('\n').pop()!);
  };
  const full: Floor[] = [];
  const strict: Floor[] = [];
  const patched: Floor[] = [];
  const middle = (found: Floor[]) => [...found].sort((a, b) => floorMs(a) - floorMs(b))[Math.floor((found.length - 1) / 2)];
  return {
    run() {
      full.push(once(path.join(root, 'bench/floor.mjs'), []));
      strict.push(once(path.join(root, 'bench/floor.mjs'), ['--strict']));
      patched.push(once(patchedFloor, []));
    },
    result: () => ({ ...middle(full), strict: middle(strict), patched: middle(patched), runsMs: full.map(floorMs) }),
  };
}

/** Cold builds of a site, each with a run of its floor after it (floorRuns). */
function measureBeside(name: string, configFile: string, siteDir: string, floorArgs: string[] = []): { f: Figures; floor: Floor } {
  const floors = floorRuns(siteDir, floorArgs);
  const f = measure(name, configFile, { after: floors.run });
  return { f, floor: floors.result() };
}

interface Row {
  name: string;
  f?: Figures;
  warm?: WarmFigures;
  floor?: Floor;
  budget?: string;
  ok?: boolean;
  /** The budgets of the row that were missed, when it has several. */
  missed?: string[];
}
const rows: Row[] = [];
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const floorMs = (fl: Floor) => fl.markdownCpuMs + fl.highlightCpuMs + fl.searchCpuMs;
/** The issue's ratio budget of every cold build: CPU time ≤ 1.6 x the floor's. */
const RATIO = 1.6;
/** A build's CPU over its floor's: the median of each run's over the floor's run beside it (floorRuns), else of the medians. */
const ratioOf = (f: Figures, floor: Floor) => (f.cpuRunsMs && floor.runsMs?.length === f.cpuRunsMs.length ? median(f.cpuRunsMs.map((cpu, i) => cpu / floor.runsMs![i])) : f.cpuMs / floorMs(floor));
/** A cold build's row: its own budgets ([label, met]) and the ratio to its floor. */
const cold = (name: string, f: Figures, floor: Floor | undefined, checks: [string, boolean][] = []): Row => {
  const all: [string, boolean][] = [...checks, ...(floor ? [[`cpu <= ${RATIO} x floor`, ratioOf(f, floor) <= RATIO] as [string, boolean]] : [])];
  const missed = all.filter(([, met]) => !met).map(([label]) => label);
  return { name, f, floor, budget: all.map(([label]) => label).join(', '), ok: all.length ? missed.length === 0 : undefined, missed };
};

const twoLocales = ['--locales', 'en,zh-Hans'];
const shifuFloorArgs = ['--md', 'content,i18n', '--docs', 'content/docs', ...twoLocales];
const corpusConfig = path.join(root, 'test/fixtures/shifu.dev/site.config.ts');
const corpusDir = path.resolve(root, '../../shared/corpus/shifu.dev');

/**
 * Diagrams drawn (an empty cache folder each run), then read back: each run's folder holds a copy of
 * the drawn diagrams of the last drawn run and nothing else. The drawn run's folder also holds what
 * the build keeps of other work (the UI strings extracted from the React pages): read back from it,
 * that work was missing from the read-back row, which was then not a cold build but for its diagrams.
 * The floor runs after each read-back build (the row with the budget); the drawn row's ratio pairs its
 * runs with those floor runs too, in order, a minute or so apart.
 */
function withDiagrams(name: string, label: string, configFile: string, floors: ReturnType<typeof floorRuns>, budget: string, limitMs: number) {
  const drawn = measure(`${name}-drawn`, configFile);
  const drawnDiagrams = path.join(work, `cache-${name}-drawn-${runs - 1}`, 'diagrams');
  const cached = measure(name, configFile, {
    cacheDir: (i) => {
      const dir = path.join(work, `cache-${name}-diagrams-${i}`);
      fs.cpSync(drawnDiagrams, path.join(dir, 'diagrams'), { recursive: true });
      return dir;
    },
    after: floors.run,
  });
  const floor = floors.result();
  rows.push(cold(`${label}, cold, diagrams read back`, cached, floor, [[budget, cached.wallMs < limitMs]]));
  const times = drawn.wallMs / cached.wallMs;
  rows.push(cold(`${label}, cold, diagrams drawn (${times.toFixed(2)} x)`, drawn, floor, [['<= 1.5 x read back', times <= 1.5]]));
}

if (only.includes('shifu')) withDiagrams('shifu', 'Shifu site', path.join(root, 'site.config.ts'), floorRuns(root, shifuFloorArgs), '< 3 s', 3000);
if (only.includes('corpus') && fs.existsSync(corpusDir)) withDiagrams('corpus', 'corpus', corpusConfig, floorRuns(corpusDir, twoLocales), '< 5 s (Docusaurus 3: 107 s)', 5000);
if (only.includes('rebuild')) {
  const rebuild = measure('rebuild', path.join(root, 'site.config.ts'), { extra: ['--rebuild', path.join(root, 'content/docs/introduction.md')] });
  rows.push({ name: 'Shifu site, one edit rebuilt in the same process', f: rebuild, budget: '< 0.5 s', ok: rebuild.wallMs < 500 });
}

// Docs versions shaped like real ones: 12 versions x 110 docs x 2 locales (quick: 4 x 40).
const versioned = only.includes('versioned') || only.includes('warm') ? generateVersionedSite({ dir: path.join(work, 'versioned'), ...(quick ? { released: 3, docs: 40 } : {}) }) : undefined;
const versionedName = quick ? 'versioned, 4 x 40 docs x 2 locales' : 'versioned, 12 x 110 docs x 2 locales';
if (versioned && only.includes('versioned')) {
  const { f, floor } = measureBeside('versioned', versioned.configFile, path.join(work, 'versioned'), twoLocales);
  rows.push(
    cold(`${versionedName}, cold`, f, floor, [
      ['<= 5 s', f.wallMs <= 5000],
      ['<= 600 MB', f.maxRssMb <= 600],
    ]),
  );
}

// Docs in one folder: KB per page (HTML + page data), linear in pages, and peak memory.
if (only.includes('folder')) {
  const perPageKb: number[] = [];
  for (const n of folderSizes) {
    const dir = path.join(work, `folder-${n}`);
    const { f, floor } = measureBeside(`folder-${n}`, generateFolderSite({ dir, docs: n }), dir);
    const per = f.perPage ? (f.perPage.html + f.perPage.data) / 1024 : NaN;
    perPageKb.push(per);
    const limit = n >= 10000 ? 100 : 60;
    const checks: [string, boolean][] = [[`<= ${limit} KB/page`, per <= limit], ...(n >= 10000 ? [['<= 1 GB', f.maxRssMb <= 1024] as [string, boolean]] : [])];
    rows.push(cold(`${n.toLocaleString('en')} docs in one folder, cold`, f, floor, checks));
  }
  if (perPageKb.length > 1) console.log(`KB per page by folder size: ${folderSizes.map((n, i) => `${n}: ${perPageKb[i].toFixed(1)}`).join(', ')}`);
}

// Warm rebuilds: new `sitegen build` processes, the persistent cache kept between them.
if (only.includes('warm')) {
  const shifu = warmRows({
    root,
    work,
    name: 'shifu',
    runs,
    nice: NICE,
    configFile: path.join(root, 'site.config.ts'),
    doc: path.join(root, 'content/docs/introduction.md'),
    sidebar: path.join(root, 'content/docs/guides/_category_.json'),
  });
  rows.push({ name: 'Shifu site, warm, nothing changed', warm: shifu.unchanged, budget: '<= 0.8 s', ok: shifu.unchanged.wallMs <= 800 });
  rows.push({ name: 'Shifu site, warm, one doc edited', warm: shifu.doc, budget: '<= 1 s', ok: shifu.doc.wallMs <= 1000 });
  rows.push({ name: 'Shifu site, warm, one sidebar edited', warm: shifu.sidebar });
  if (versioned) {
    const v = warmRows({ root, work, name: 'versioned', runs, nice: NICE, configFile: versioned.configFile, doc: versioned.editDoc, sidebar: versioned.editSidebar });
    rows.push({ name: `${versionedName}, warm, nothing changed`, warm: v.unchanged, budget: '<= 0.8 s', ok: v.unchanged.wallMs <= 800 });
    rows.push({ name: `${versionedName}, warm, one doc edited`, warm: v.doc, budget: '<= 1.5 s', ok: v.doc.wallMs <= 1500 });
    rows.push({ name: `${versionedName}, warm, one sidebar edited`, warm: v.sidebar });
  }
  // The reference corpus is a shared folder (never edited here): its cold output against its output read back from the cache (bench/warm.ts).
  if (fs.existsSync(corpusDir)) {
    const files = sameColdWarm({ root, work, name: 'corpus', configFile: corpusConfig, cacheDir: path.join(work, 'warm-cache-corpus') });
    console.log(`The corpus: cold and warm outputs the same, ${files} files compared.`);
  }
}

// One document of 0.5 to 5 MB: time and peak memory per megabyte of markdown should stay flat.
const bigdoc: { mb: number; f: Figures }[] = [];
if (only.includes('bigdoc')) {
  for (const mb of opt('--bigdoc-sizes', '0.5,1,2,5').split(',').map(Number)) {
    const dir = path.join(work, `bigdoc-${mb}`);
    const { f, floor } = measureBeside(`bigdoc-${mb}`, generateBigDocSite({ dir, megabytes: mb }), dir);
    bigdoc.push({ mb, f });
    rows.push(cold(`one document of ${mb} MB, cold`, f, floor));
  }
}

const synthetic: Record<number, Figures> = {};
if (only.includes('synthetic') && !args.includes('--skip-synthetic')) {
  for (const n of sizes) {
    const dir = path.join(work, `synthetic-${n}`);
    const beside = measureBeside(`synthetic-${n}`, generateSite({ dir, pages: n }), dir, twoLocales);
    synthetic[n] = beside.f;
    // Peak memory: 4,000 x 2 was 1,250-1,300 MB before the HTML stage ran on fresh threads and the
    // workers bounded their heaps (see src/builder/parallel/heapBound.ts).
    const f = synthetic[n];
    const checks: [string, boolean][] =
      n === 4000
        ? [
            ['< 30 s', f.wallMs < 30000],
            ['<= 1 GB', f.maxRssMb <= 1024],
          ]
        : n === 8000 && synthetic[4000]
          ? [[`<= 2.2 x 4000 (${((synthetic[4000].wallMs * 2.2) / 1000).toFixed(1)} s)`, f.wallMs <= synthetic[4000].wallMs * 2.2]]
          : [];
    rows.push(cold(`synthetic ${n} x 2 locales, cold`, f, beside.floor, checks));
  }
}

const header = ['build', 'wall', 'wall range', 'cpu', 'node cpu', 'floor cpu', 'cpu/floor', 'peak RSS', 'pages', 'KB/page', 'output', 'JS/page gz', 'index en gz', 'budget', ''];
const verdict = (ok: boolean | undefined, missed?: string[]) => (ok === undefined ? '' : ok ? 'ok' : missed?.length ? `OVER: ${missed.join('; ')}` : 'OVER');
const table = rows.map(({ name, f, warm, floor, budget, ok, missed }) => {
  if (warm)
    return [
      name,
      s(warm.wallMs),
      `${(warm.wallRangeMs[0] / 1000).toFixed(2)}-${(warm.wallRangeMs[1] / 1000).toFixed(2)} s`,
      s(warm.cpuMs),
      '-',
      '-',
      '-',
      `${warm.maxRssMb.toFixed(0)} MB`,
      String(warm.pages),
      '-',
      '-',
      '-',
      '-',
      budget ?? '',
      verdict(ok, missed),
    ];
  f = f!;
  return [
    name,
    s(f.wallMs),
    f.wallRangeMs ? `${(f.wallRangeMs[0] / 1000).toFixed(2)}-${(f.wallRangeMs[1] / 1000).toFixed(2)} s` : '-',
    s(f.cpuMs),
    f.ownCpuMs === undefined ? '-' : s(f.ownCpuMs),
    floor ? s(floorMs(floor)) : '-',
    floor ? `${ratioOf(f, floor).toFixed(2)} x` : '-',
    `${f.maxRssMb.toFixed(0)} MB`,
    String(f.pages),
    f.perPage ? `${((f.perPage.html + f.perPage.data) / 1024).toFixed(1)}` : '-',
    `${(f.outputBytes / 1048576).toFixed(1)} MB`,
    f.docsPage ? kb(f.docsPage.js) : '-',
    f.search.en ? kb(f.search.en.gzip) : '-',
    budget ?? '',
    verdict(ok, missed),
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
const hour = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
const ended = new Date();
console.log(
  `\nsitegen benchmark: median of ${runs} run(s)${quick ? ' (quick: smaller sites)' : ''}, ${os.availableParallelism()} cores, Node ${process.version}, ${hour(started)} to ${hour(ended)}, load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of table) console.log(line(r));
const over = rows.filter((r) => r.ok === false).length;
console.log(`\n${rows.filter((r) => r.ok !== undefined).length - over} rows within their budgets, ${over} over.`);
if (versioned) console.log(`The versioned site: ${versioned.distinctDocs} distinct of ${versioned.docFiles} docs files (${((100 * versioned.distinctDocs) / versioned.docFiles).toFixed(0)} %).`);
console.log(
  "\nFloors (bench/floor.mjs, one thread, cold: gray-matter + remark/rehype (MDX), refractor, then lunr with each locale's pipeline; CPU ms; each run right after a build's, cpu/floor the median of each build's over the floor run after it):",
);
for (const { name, f, floor } of rows.filter((r) => r.floor)) {
  const strict = floor!.strict;
  const patched = floor!.patched;
  console.log(
    `  ${name.padEnd(52)} ${floor!.files} files ${floor!.markdownCpuMs} + highlighting ${floor!.highlightCpuMs} + ${floor!.pages} search pages ${floor!.searchCpuMs}${floor!.mdxFallbacks ? ` (${floor!.mdxFallbacks} files read as CommonMark: MDX could not read them)` : ''}${strict && f ? `; as defined until 2026-12-06 (CommonMark, no highlighting, English pipeline): ${strict.markdownCpuMs} + ${strict.searchCpuMs}, cpu/floor ${(f.cpuMs / floorMs(strict)).toFixed(2)} x` : ''}${patched && f ? `; with sitegen's changes to the packages (bin/bundlePatches.js): ${patched.markdownCpuMs} + ${patched.highlightCpuMs} + ${patched.searchCpuMs}, cpu/floor ${(f.cpuMs / floorMs(patched)).toFixed(2)} x` : ''}`,
  );
}
console.log('\nTime per stage (ms, median run):');
for (const { name, f, warm } of rows) {
  const stages = f?.stages ?? warm?.stages ?? {};
  console.log(
    `  ${name.padEnd(52)} ${Object.entries(stages)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
}
console.log('\nCPU time per stage (ms, all threads of the build process, same run; steadier than wall time on a loaded machine):');
for (const { name, f } of rows.filter((r) => r.f?.stagesCpu))
  console.log(
    `  ${name.padEnd(52)} ${Object.entries(f!.stagesCpu!)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
if (bigdoc.length) {
  console.log('\nOne large document, per MB of markdown (flat = linear):');
  for (const { mb, f } of bigdoc)
    console.log(
      `  ${String(mb).padStart(4)} MB  ${(f.wallMs / mb).toFixed(0).padStart(7)} ms/MB  ${(f.maxRssMb / mb).toFixed(0).padStart(6)} MB peak/MB  (parse ${f.stages.parse ?? '-'} ms, render ${f.stages.render ?? '-'} ms, search ${f.stages.search ?? '-'} ms)`,
    );
}
const resultsDir = path.join(root, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `bench-${started.toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      runs,
      quick,
      started: started.toISOString(),
      ended: ended.toISOString(),
      cores: os.availableParallelism(),
      node: process.version,
      rows,
      versioned: versioned && { docFiles: versioned.docFiles, distinctDocs: versioned.distinctDocs },
    },
    null,
    2,
  ),
);
console.log(`\nresults written to ${path.relative(process.cwd(), file)}`);
fs.rmSync(work, { recursive: true, force: true });

if (only.includes('search')) {
  const search = spawnSync(NICE[0], [...NICE.slice(1), process.execPath, path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'bench/search.ts')], { cwd: root, stdio: 'inherit' });
  if (search.status !== 0) process.exitCode = 1;
}

if (only.includes('css')) {
  const css = spawnSync(NICE[0], [...NICE.slice(1), process.execPath, path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'bench/css-weight.ts')], { cwd: root, stdio: 'inherit' });
  if (css.status !== 0) process.exitCode = 1;
}
