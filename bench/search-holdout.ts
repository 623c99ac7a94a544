import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../src/builder/build.js';
import { launchBrowser, serveDir, localOnly } from '../test/helpers/browser.js';
import { HOLDOUT_QUERIES, HOLDOUT_QUERIES_2, HOLDOUT_QUERIES_3, HOLDOUT_QUERIES_4 } from '../test/integration/builder/passes/search/search-holdout.js';
import { quality } from '../test/helpers/searchQuality.js';

// The hold-out query sets (test/integration/search-holdout.ts), run as a reader would: each query
// typed into the url of the corpus build's search page (`/search/?q=`, `/zh-Hans/search/?q=`) in
// Chromium, the result pages read off the list it shows. Prints top-1, top-3, MRR and the share
// found per set and locale, and each query's place (npx tsx bench/search-holdout.ts). Measured,
// never asserted: nobody tunes on these sets.
//
// `--docusaurus <dir>` runs the same queries through the search page of a Docusaurus build of the
// corpus with @easyops-cn/docusaurus-search-local (built elsewhere, by hand: a one-off comparison,
// not part of the suite), for the figures side by side.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What a search page shows, per system: when it is done, and its result links. */
const PAGES = {
  sitegen: { url: (base: string, q: string) => `${base}search/?q=${encodeURIComponent(q)}`, done: '.search-page-summary', links: '.search-page-hit-title' },
  // The plugin's page says "N documents found" or "No documents were found" (translated) once its worker answered.
  docusaurus: { url: (base: string, q: string) => `${base}search?q=${encodeURIComponent(q)}`, done: '.container section article, .container .row ~ p', links: '.container section article h2 a' },
};

const trim = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p);

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-bench-holdout-'));
  const at = process.argv.indexOf('--docusaurus');
  const system = at > 0 ? PAGES.docusaurus : PAGES.sitegen;
  const outDir = at > 0 ? path.resolve(process.argv[at + 1]) : path.join(work, 'corpus');
  if (at < 0) await build({ configFile: path.join(root, 'test/fixtures/shifu.dev/site.config.ts'), outDir });
  const server = await serveDir(outDir);
  const browser = await launchBrowser();
  const ranks = new Map<string, number[]>();
  const sets = [
    ['set1', HOLDOUT_QUERIES],
    ['set2', HOLDOUT_QUERIES_2],
    ['set3', HOLDOUT_QUERIES_3],
    ['set4', HOLDOUT_QUERIES_4],
  ] as const;
  try {
    const page = await browser.newPage();
    await localOnly(page);
    for (const [set, q] of sets.flatMap(([name, list]) => list.map((q) => [name, q] as const))) {
      const base = q.locale === 'en' ? '/' : `/${q.locale}/`;
      await page.goto(system.url(`${server.url}${base}`, q.query));
      await page.waitForSelector(system.done, { timeout: 30_000 });
      const hrefs = await page.$$eval(system.links, (links) => links.map((a) => (a as HTMLAnchorElement).href));
      const pages = [...new Set(hrefs.map((h) => trim(decodeURIComponent(new URL(h).pathname))))];
      const rank = pages.indexOf(trim(q.first)) + 1;
      for (const key of [`${set} ${q.locale}`, `${set} all`, `all ${q.locale}`, 'all all']) (ranks.get(key) ?? ranks.set(key, []).get(key)!).push(rank);
      console.log(`${String(rank || '-').padStart(2)}  ${set}  ${q.locale.padEnd(7)} ${q.kind.padEnd(10)} ${q.query}`);
    }
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
  console.log('\nset    locale   queries  top-1    top-3    MRR    found');
  for (const [key, list] of [...ranks].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const s = quality(list);
    const [set, locale] = key.split(' ');
    console.log(`${set.padEnd(6)} ${locale.padEnd(8)} ${String(s.count).padEnd(8)} ${pct(s.top1).padEnd(8)} ${pct(s.top3).padEnd(8)} ${s.mrr.toFixed(3)}  ${pct(s.found)}`);
  }
}

await main();
