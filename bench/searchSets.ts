import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine, type Engine } from '../src/shared/search/engine.js';
import type { SearchIndexFile } from '../src/shared/search/format.js';
import { resultPages } from '../test/helpers/searchQuality.js';

// The Shifu site's held-out query sets (bench/search-sets/site-<locale>.json): reader queries of each
// kind issue 42 names (one-word product terms, misspelt long words, questions a FAQ heading asks,
// Chinese phrases), written before the ranking changes they measure, each with the page or pages
// that answer it. A query's rank is the best place among the result pages of any of its pages (0:
// none found). bench/search.ts reports top-1, top-3, MRR and found per locale; run on its own
// (`npx tsx bench/searchSets.ts <outDir>`, on a build of the site) it prints each query's place.

export interface SiteQuery {
  kind: 'term' | 'typo' | 'question' | 'phrase';
  query: string;
  pages: string[];
}

export interface SiteQuerySet {
  locale: string;
  queries: SiteQuery[];
}

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'search-sets');

/** Every set, one per locale. */
export function siteQuerySets(): SiteQuerySet[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^site-.+\.json$/.test(f))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as SiteQuerySet);
}

/** The browser's engine, run in Node on a build's search files (`indexUrl`: the main index, under outDir). */
export function engineOf(outDir: string, indexUrl: string): Engine {
  const base = path.join(outDir, path.dirname(indexUrl));
  const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(base, rel), 'utf8')) as unknown;
  return createEngine(read(path.basename(indexUrl)) as SearchIndexFile, async (rel) => read(rel));
}

/** The main index a locale's pointer names, as a url under the build. */
export function mainIndexUrl(outDir: string, locale: string): string {
  const pointer = `assets/search/${locale}.current.json`;
  const { index } = JSON.parse(fs.readFileSync(path.join(outDir, pointer), 'utf8')) as { index: string };
  return `assets/search/${index}`;
}

export async function siteRanks(engine: Engine, set: SiteQuerySet): Promise<number[]> {
  const ranks: number[] = [];
  for (const q of set.queries) {
    const pages = await resultPages(engine, q.query);
    const places = q.pages.map((p) => pages.indexOf(p) + 1).filter((r) => r > 0);
    ranks.push(places.length ? Math.min(...places) : 0);
  }
  return ranks;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const outDir = path.resolve(process.argv[2] ?? '');
  const { quality } = await import('../test/helpers/searchQuality.js');
  for (const set of siteQuerySets()) {
    const engine = engineOf(outDir, mainIndexUrl(outDir, set.locale));
    const ranks = await siteRanks(engine, set);
    set.queries.forEach((q, i) => console.log(`${String(ranks[i] || '-').padStart(2)}  ${set.locale.padEnd(7)} ${q.kind.padEnd(8)} ${q.query}`));
    const s = quality(ranks);
    console.log(`${set.locale}: ${s.count} queries, top-1 ${(s.top1 * 100).toFixed(1)} %, top-3 ${(s.top3 * 100).toFixed(1)} %, MRR ${s.mrr.toFixed(3)}, found ${(s.found * 100).toFixed(1)} %\n`);
  }
}
