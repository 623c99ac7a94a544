import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { build } from '../src/builder/build.js';
import { launchBrowser, serveDir, localOnly } from '../test/helpers/browser.js';
import { CORPUS_QUERIES, READER_QUERIES, type RankingQuery } from '../test/integration/builder/passes/search/search-queries.js';
import { quality, rankOf, type Quality } from '../test/helpers/searchQuality.js';
import { engineOf, siteQuerySets, siteRanks } from './searchSets.js';

// Search budgets (npx tsx bench/search.ts [--site]): builds the corpus (and with --site the Shifu
// site), then prints per locale
//   - the size of the search files, raw and gzip: main index, postings shards and code vocabulary,
//     page texts;
//   - bytes fetched (gzip) from hovering the search box to the first result on screen, for each
//     query of the ranking set, in a fresh browser each time (cold cache): max and median;
//   - the time of a query in Chromium (search + snippets, every prefix of every query, as typed),
//     after a warm-up pass that loaded the shards: p50, p95, max;
//   - on the Shifu site, the ranking of its held-out sets (bench/search-sets/site-<locale>.json:
//     product terms, long typos, FAQ questions, Chinese phrases), always (the rest of the site's
//     figures only with --site);
//   - on the corpus, the ranking of the two query sets (test/integration/search-queries.ts: the
//     title-style set and the reader set of code, questions, typos and mixed Chinese): top-1, top-3,
//     mean reciprocal rank and the share found (the browser's engine, run in Node on the built
//     files), next to the bytes fetched before the first result of the set's queries.
// Budgets: bytes before the first result at most half of Docusaurus's index for the corpus (189 KB
// en, 206 KB zh-Hans gzip); p95 query time under 20 ms.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_BYTES: Record<string, number> = { en: (189 * 1024) / 2, 'zh-Hans': (206 * 1024) / 2 };
const BUDGET_P95_MS = 20;
/** Queries measured in a fresh browser each for bytes (each costs a page load). */
const BYTES_QUERIES = 12;
const gz = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface Row {
  site: string;
  locale: string;
  cells: string[];
}

async function main() {
  // The Shifu site is always built, for its held-out sets (bench/search-sets); its bytes and query
  // times only with --site.
  const full = process.argv.includes('--site');
  const sites: [string, string][] = [
    ['corpus', path.join(root, 'test/fixtures/shifu.dev/site.config.ts')],
    ['shifu site', path.join(root, 'site.config.ts')],
  ];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-bench-search-'));
  const probe = await probeScript();
  const browser = await launchBrowser();
  const sizes: Row[] = [];
  const timings: Row[] = [];
  const ranking: Row[] = [];
  try {
    for (const [name, configFile] of sites) {
      const outDir = path.join(work, name.replace(/\W/g, '-'));
      const result = await build({ configFile, outDir });
      const server = await serveDir(outDir);
      try {
        for (const locale of result.site.locales) {
          const code = locale.info.locale;
          // Pages name a fixed-name pointer; it names the content-hashed main index.
          const pointer = locale.chrome.search!.indexUrl;
          const indexUrl = pointer.replace(/[^/]+$/, '') + (JSON.parse(fs.readFileSync(path.join(outDir, pointer), 'utf8')) as { index: string }).index;
          sizes.push({ site: name, locale: code, cells: fileSizes(outDir, code) });
          if (name !== 'corpus') {
            const set = siteQuerySets().find((q) => q.locale === code);
            if (set) ranking.push({ site: name, locale: code, cells: rankingCells('held-out', set.queries.length, quality(await siteRanks(engineOf(outDir, indexUrl), set)), []) });
            if (!full) continue;
          }
          const queries = name === 'corpus' ? CORPUS_QUERIES.filter((q) => q.locale === code).map((q) => q.query) : titlesOf(outDir, indexUrl).slice(0, 25);
          const docsPage = result.rendered.find((r) => r.page.locale === code && r.page.content.kind === 'doc')!.page.route;
          const bytes: number[] = [];
          for (const query of queries.slice(0, BYTES_QUERIES)) bytes.push(await bytesBeforeFirstResult({ browser, origin: server.url, route: docsPage, query }));
          bytes.sort((a, b) => a - b);
          if (name === 'corpus') {
            const sets: [string, RankingQuery[]][] = [
              ['titles', CORPUS_QUERIES],
              ['reader', READER_QUERIES],
            ];
            for (const [set, all] of sets) {
              const chosen = all.filter((q) => q.locale === code);
              const setBytes = set === 'titles' ? bytes : [];
              for (const q of set === 'titles' ? [] : chosen.slice(0, BYTES_QUERIES)) setBytes.push(await bytesBeforeFirstResult({ browser, origin: server.url, route: docsPage, query: q.query }));
              setBytes.sort((a, b) => a - b);
              const ranks = await ranksOf(outDir, indexUrl, chosen);
              ranking.push({ site: name, locale: code, cells: rankingCells(set, chosen.length, quality(ranks), setBytes) });
            }
          }
          const times = await queryTimes({ browser, origin: server.url, route: docsPage, indexUrl, queries, probe });
          const p = (q: number) => times.steps[Math.min(times.steps.length - 1, Math.floor(times.steps.length * q))];
          const budget = name === 'corpus' ? BUDGET_BYTES[code] : undefined;
          timings.push({
            site: name,
            locale: code,
            cells: [
              `${bytes.length} / ${queries.length}`,
              kb(bytes[Math.floor(bytes.length / 2)]),
              kb(bytes[bytes.length - 1]),
              budget ? `${kb(budget)} ${bytes[bytes.length - 1] <= budget ? 'ok' : 'OVER'}` : '-',
              `${times.open.toFixed(1)} ms`,
              `${p(0.5).toFixed(2)} ms`,
              `${p(0.95).toFixed(2)} ms ${p(0.95) < BUDGET_P95_MS ? 'ok' : 'OVER'}`,
              `${times.steps[times.steps.length - 1].toFixed(1)} ms`,
              String(times.steps.length),
            ],
          });
        }
      } finally {
        await server.close();
      }
    }
  } finally {
    await browser.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  print('Search files per locale (raw / gzip -9)', ['site', 'locale', 'main index', 'postings shards and code terms', 'page texts', 'all'], sizes);
  print(
    `Browser (Chromium, ${os.availableParallelism()} cores): bytes from hover to first result, and query time`,
    ['site', 'locale', 'queries (bytes / time)', 'bytes median', 'bytes max', 'budget', 'index open', 'query p50', `query p95 (< ${BUDGET_P95_MS} ms)`, 'query max', 'timed steps'],
    timings,
  );
  print(
    'Ranking on the corpus query sets and the Shifu site held-out sets (bench/search-sets), and bytes from hover to first result (gzip)',
    ['site', 'locale', 'set', 'queries', 'top-1', 'top-3', 'MRR', 'found', 'bytes median / max (queries)'],
    ranking,
  );
}

function rankingCells(set: string, count: number, qy: Quality, bytes: number[]): string[] {
  const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
  const sizes = bytes.length ? `${kb(bytes[Math.floor(bytes.length / 2)])} / ${kb(bytes[bytes.length - 1])} (${bytes.length})` : '-';
  return [set, String(count), pct(qy.top1), pct(qy.top3), qy.mrr.toFixed(3), pct(qy.found), sizes];
}

/** Each query's rank, by the browser's engine run in Node on the built search files. */
async function ranksOf(outDir: string, indexUrl: string, queries: RankingQuery[]): Promise<number[]> {
  const engine = engineOf(outDir, indexUrl);
  const ranks: number[] = [];
  for (const q of queries) ranks.push(await rankOf(engine, q));
  return ranks;
}

function fileSizes(outDir: string, locale: string): string[] {
  const dir = path.join(outDir, 'assets/search');
  const files = fs.readdirSync(dir).filter((f) => f.startsWith(`${locale}.`));
  const sum = (pick: (f: string) => boolean) => {
    const chosen = files.filter(pick).map((f) => fs.readFileSync(path.join(dir, f)));
    return { raw: chosen.reduce((n, b) => n + b.length, 0), gzip: chosen.reduce((n, b) => n + gz(b), 0), count: chosen.length };
  };
  const main = sum((f) => /^[^.]+(?:-[^.]+)?\.[0-9a-f]{10}\.json$/.test(f));
  const shards = sum((f) => f.startsWith(`${locale}.p.`) || f.startsWith(`${locale}.c.`));
  const texts = sum((f) => f.startsWith(`${locale}.t.`));
  const cell = (s: { raw: number; gzip: number; count: number }, many = false) => `${kb(s.raw)} / ${kb(s.gzip)}${many ? ` (${s.count} files)` : ''}`;
  return [cell(main), cell(shards, true), cell(texts, true), `${kb(main.raw + shards.raw + texts.raw)} / ${kb(main.gzip + shards.gzip + texts.gzip)}`];
}

/** Titles of the site's pages, as queries for a site without a hand-made query set. */
function titlesOf(outDir: string, indexUrl: string): string[] {
  const file = JSON.parse(fs.readFileSync(path.join(outDir, indexUrl), 'utf8')) as { pages: { t: string }[] };
  return file.pages.map((p) => p.t);
}

async function bytesBeforeFirstResult(params: { browser: Awaited<ReturnType<typeof launchBrowser>>; origin: string; route: string; query: string }): Promise<number> {
  const context = await params.browser.newContext();
  const page = await context.newPage();
  await localOnly(page);
  await page.goto(params.origin + params.route, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
  const fetched: Promise<number>[] = [];
  page.on('response', (res) => fetched.push(res.body().then(gz, () => 0)));
  await page.hover('.search-input');
  await page.focus('.search-input');
  await page.keyboard.type(params.query);
  await page.waitForSelector('.search-result, .search-no-results', { timeout: 20_000 });
  const total = (await Promise.all(fetched)).reduce((a, b) => a + b, 0);
  await context.close();
  return total;
}

async function queryTimes(params: {
  browser: Awaited<ReturnType<typeof launchBrowser>>;
  origin: string;
  route: string;
  indexUrl: string;
  queries: string[];
  probe: string;
}): Promise<{ open: number; steps: number[] }> {
  const page = await params.browser.newPage();
  await localOnly(page);
  await page.goto(params.origin + params.route, { waitUntil: 'networkidle' });
  await page.addScriptTag({ content: params.probe });
  // A string, so the page runs the probe's own code (tsx would wrap a function in helpers the page lacks).
  const result = (await page.evaluate(`window.__searchProbe.run(${JSON.stringify(params.indexUrl)}, ${JSON.stringify(params.queries)})`)) as { open: number; steps: number[] };
  await page.close();
  return { open: result.open, steps: result.steps.sort((a, b) => a - b) };
}

// Runs in the page: opens the index with the real browser search code and times every prefix of
// every query (search + snippets), after a first pass that loaded the shards and texts.
const PROBE = `
import { createSearcher } from './src/theme/search/searcher.ts';
const cache = new Map();
const fetchFile = (url) => {
  if (!cache.has(url)) cache.set(url, fetch(url).then((r) => r.json()));
  return cache.get(url);
};
window.__searchProbe = {
  async run(indexUrl, queries) {
    const url = new URL(indexUrl, location.href).href;
    const file = await (await fetch(url)).json();
    const t0 = performance.now();
    const searcher = createSearcher(file, url, fetchFile);
    const open = performance.now() - t0;
    const steps = [];
    for (const pass of [0, 1]) {
      for (const q of queries) {
        for (let i = 1; i <= q.length; i++) {
          const start = performance.now();
          const rows = await searcher.search(q.slice(0, i), { limit: 8, maxPerPage: 3 });
          await searcher.present(rows, { snippetLength: 50 });
          if (pass === 1) steps.push(performance.now() - start);
        }
      }
    }
    return { open, steps };
  },
};
`;

/** The browser search code itself, bundled on its own so the bench can time it without the UI. */
async function probeScript(): Promise<string> {
  const out = await esbuild.build({
    stdin: { contents: PROBE, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

function print(title: string, header: string[], rows: Row[]): void {
  const table = [header, ...rows.map((r) => [r.site, r.locale, ...r.cells])];
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  console.log(`\n${title}\n`);
  table.forEach((r, n) => {
    console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
    if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  });
}

await main();
