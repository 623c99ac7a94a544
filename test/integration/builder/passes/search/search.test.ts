import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBuilt, sharedBuild, type SharedBuild } from '../../../../helpers/sharedBuild.js';
import { corpusConfig, requireShared } from '../../../../helpers/paths.js';
import { pagePayload } from '../../../../helpers/site.js';
import { createEngine, type Engine } from '../../../../../src/shared/search/engine.js';
import { searchRows } from '../../../../../src/shared/search/rank.js';
import type { CodeTermsFile, SearchIndexFile } from '../../../../../src/shared/search/format.js';
import { searchIndexPath } from '../../../../helpers/search.js';
import { CORPUS_QUERIES, READER_QUERIES } from './search-queries.js';
import { quality, rankOf } from '../../../../helpers/searchQuality.js';

// Search on the real Docusaurus corpus (../shared/corpus/shifu.dev) built with our fixture config:
// the files the pass writes, what every page learns of them, and the ranking of our query set.
// The build is the run's shared build of the corpus (test/helpers/sharedBuild.ts: made once, for the
// browser tests too, by test/helpers/prebuild.ts in a full run), read from its folder: this file's own
// build in memory was a whole corpus build more per run (about 9 s of CPU). The shared build is a build
// of the current sources with the same config, on worker threads; output/cache-determinism.test.ts
// checks that it is byte for byte the build in memory in one thread.

let built: SharedBuild;
const engines = new Map<string, Engine>();
const read = (rel: string) => readBuilt(built, rel);
/** The payload of a built page (its `__SITEGEN_DATA__`): the page and the locale's chrome as the browser gets them. */
const payloadOf = (route: string) => pagePayload(read(`${decodeURI(route).slice(1)}/index.html`)!);

beforeAll(async () => {
  requireShared();
  built = await sharedBuild(corpusConfig);
  for (const { locale, searchIndexUrl } of built.locales) {
    const index = searchIndexPath(read, searchIndexUrl!);
    engines.set(
      locale,
      createEngine(JSON.parse(read(index)!) as SearchIndexFile, async (rel) => JSON.parse(read(`assets/search/${rel}`)!)),
    );
  }
}, 120_000);

const firstPage = async (locale: string, query: string) => {
  const engine = engines.get(locale)!;
  return (await searchRows(engine, query, { limit: 8, maxPerPage: 3 }))[0]?.u;
};

describe('search on the corpus build', () => {
  it('writes content-hashed files per locale under the base url, all named by the pointer every page carries', () => {
    const searchDir = path.join(built.outDir, 'assets/search');
    const searchFiles = (fs.readdirSync(searchDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(searchDir, f)).isFile()).map((f) => `assets/search/${f}`);
    const referenced = new Set<string>();
    expect(built.locales.map((l) => l.locale)).toEqual(['en', 'zh-Hans']);
    for (const locale of built.locales) {
      const code = locale.locale;
      // The locale's search settings as its pages carry them (the chrome of a docs page's payload).
      const route = built.routes.find((r) => r.locale === code && r.kind === 'doc')!.path;
      const { indexUrl, hint } = payloadOf(route).chrome.search!;
      expect(hint).toBe(true);
      expect(indexUrl).toBe(`/assets/search/${code}.current.json`);
      expect(locale.searchIndexUrl).toBe(indexUrl);
      const index = searchIndexPath(read, indexUrl);
      expect(index).toMatch(new RegExp(`^assets/search/${code}\\.[0-9a-f]{10}\\.json$`));
      const file = JSON.parse(read(index)!) as SearchIndexFile;
      expect(file.locale).toBe(code);
      referenced.add(indexUrl.slice(1));
      referenced.add(index);
      // The code vocabulary names its own shards.
      const codeShards = file.code ? (JSON.parse(read(`assets/search/${file.code}`)!) as CodeTermsFile).shards : [];
      expect(codeShards.length).toBeGreaterThan(0);
      for (const rel of [...(file.code ? [file.code] : []), ...[...file.shards, ...codeShards].map(([, u]) => u), ...file.texts.map(([, u]) => u)]) referenced.add(`assets/search/${rel}`);
      // The html of a page of the locale names the index in its payload.
      expect(read(`${decodeURI(route).slice(1)}/index.html`)).toContain(`"indexUrl":"${indexUrl}"`);
    }
    expect(new Set(searchFiles)).toEqual(referenced);
    for (const path of searchFiles.filter((p) => !p.endsWith('.current.json'))) {
      const hash = /\.([0-9a-f]{10})\.json$/.exec(path)![1];
      expect(crypto.createHash('sha256').update(read(path)!).digest('hex').slice(0, 10)).toBe(hash);
    }
  });

  it('indexes every docs page and every blog post of each locale, and nothing unlisted', () => {
    for (const [locale, engine] of engines) {
      const expected = built.routes.filter((r) => r.locale === locale && !r.unlisted && (r.kind === 'doc' || r.kind === 'blogPost')).map((r) => r.path);
      expect(engine.file.pages.map((p) => p.u).sort()).toEqual(expected.sort());
      expect(engine.file.pages.some((p) => p.u.includes('/technical-blogs/'))).toBe(true);
      expect(engine.file.pages.some((p) => p.u.includes('/news/'))).toBe(true);
    }
  });

  it('plans a noindex search page per locale', () => {
    for (const route of ['/search/', '/zh-Hans/search/']) {
      expect(built.routes.find((r) => r.path === route)?.kind).toBe('searchPage');
      const { page } = pagePayload(read(`${route.slice(1)}index.html`)!);
      expect(page.content.kind).toBe('searchPage');
      expect(page.head.noindex).toBe(true);
      expect(read(`${route.slice(1)}index.html`)).toContain('search-page');
    }
  });

  it('ranks the expected page first for every query of the set, in both languages', async () => {
    const misses: string[] = [];
    for (const q of CORPUS_QUERIES) {
      const got = await firstPage(q.locale, q.query);
      if (got !== q.first) misses.push(`${q.locale} "${q.query}": ${got} instead of ${q.first}`);
    }
    expect(misses).toEqual([]);
    expect(CORPUS_QUERIES.filter((q) => q.locale === 'en').length).toBeGreaterThanOrEqual(30);
    expect(CORPUS_QUERIES.filter((q) => q.locale === 'zh-Hans').length).toBeGreaterThanOrEqual(30);
  });

  it('answers the reader queries (code, questions, typos, mixed Chinese): each in the first three, most first', async () => {
    const ranks: number[] = [];
    const misses: string[] = [];
    for (const q of READER_QUERIES) {
      const rank = await rankOf(engines.get(q.locale)!, q);
      ranks.push(rank);
      if (rank < 1 || rank > 3) misses.push(`${q.locale} "${q.query}": ${q.first} at ${rank || 'no place'}`);
    }
    expect(misses).toEqual([]);
    expect(quality(ranks).top1).toBeGreaterThanOrEqual(0.9);
    expect(READER_QUERIES.length).toBeGreaterThanOrEqual(40);
    for (const locale of ['en', 'zh-Hans']) expect(READER_QUERIES.filter((q) => q.locale === locale).length).toBeGreaterThanOrEqual(15);
  });

  it('puts every page first when its own title is searched (titles that are unique)', async () => {
    const misses: string[] = [];
    for (const [locale, engine] of engines) {
      const count = new Map<string, number>();
      for (const p of engine.file.pages) count.set(p.t.toLowerCase(), (count.get(p.t.toLowerCase()) ?? 0) + 1);
      for (const p of engine.file.pages) {
        if (count.get(p.t.toLowerCase()) !== 1) continue;
        const got = await firstPage(locale, p.t);
        if (got !== p.u) misses.push(`${locale} "${p.t}": ${got} instead of ${p.u}`);
      }
    }
    expect(misses).toEqual([]);
  });
});
