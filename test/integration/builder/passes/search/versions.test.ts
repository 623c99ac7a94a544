import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../../helpers/site.js';
import { repoRoot } from '../../../../helpers/paths.js';
import { readSearchIndex, searchIndexPath } from '../../../../helpers/search.js';
import { createEngine, searchDocs, type Engine } from '../../../../../src/shared/search/engine.js';
import { rankResults } from '../../../../../src/shared/search/rank.js';
import type { PostingsShard, SearchIndexFile } from '../../../../../src/shared/search/format.js';
import type { MemorySink } from '../../../../../src/builder/output/sink.js';
import type { BuildResult } from '../../../../../src/builder/build.js';

// One search index per docs version and locale (test/fixtures/versioned-site: Next at /docs/next/,
// 2.0 last at /docs/, 1.0 at /docs/1.0/): the default index holds the blog and the last version's
// docs, every other version has its own, and no version's pages leak into another's index.

let result: BuildResult;
let sink: MemorySink;

beforeAll(async () => {
  ({ result, sink } = await buildSite(path.join(repoRoot, 'test/fixtures/versioned-site/site.config.ts')));
}, 120_000);

const read = (p: string) => sink.read(p);
const chromeOf = (locale: string) => result.site.locales.find((l) => l.info.locale === locale)!.chrome.search!;
const pointers = (locale: string) => ({ last: chromeOf(locale).indexUrl, next: chromeOf(locale).versions!.default.current, '1.0': chromeOf(locale).versions!.default['1.0'] });

function engine(pointerUrl: string): Engine {
  const file = readSearchIndex(read, pointerUrl);
  return createEngine(file, async (rel) => JSON.parse(read(`assets/search/${rel}`)!) as PostingsShard);
}
const found = async (pointerUrl: string, query: string) => {
  const e = engine(pointerUrl);
  return [...new Set(rankResults(e, await searchDocs(e, query, { enough: 8 }), {}).map((r) => r.u))];
};

describe('search per docs version', () => {
  it("names each version's pointer in the chrome, and gives each version x locale an index of its own", () => {
    for (const locale of ['en', 'zh-Hans']) {
      expect(pointers(locale)).toEqual({
        last: `/assets/search/${locale}.current.json`,
        next: `/assets/search/${locale}.default@current.current.json`,
        '1.0': `/assets/search/${locale}.default@1.0.current.json`,
      });
      const files = Object.values(pointers(locale)).map((p) => searchIndexPath(read, p));
      expect(new Set(files).size).toBe(3);
      for (const f of files) expect(f).toMatch(/^assets\/search\/[^/]+\.[0-9a-f]{10}\.json$/);
    }
    const urls = (pointer: string) => (readSearchIndex(read, pointer) as SearchIndexFile).pages.map((p) => p.u).sort();
    expect(urls(pointers('en').last)).toEqual(['/blog/2026/03/01/season', '/docs/', '/docs/install', '/docs/reference/api', '/docs/reference/cli']);
    expect(urls(pointers('en').next)).toEqual(['/docs/next/', '/docs/next/calibrate', '/docs/next/install', '/docs/next/reference/api', '/docs/next/reference/cli']);
    expect(urls(pointers('en')['1.0'])).toEqual(['/docs/1.0/install', '/docs/1.0/intro', '/docs/1.0/wiring']);
    expect(urls(pointers('zh-Hans')['1.0'])).toEqual(['/zh-Hans/docs/1.0/install', '/zh-Hans/docs/1.0/intro', '/zh-Hans/docs/1.0/wiring']);
  });

  it("finds a version's own pages, with urls in that version, and nothing of another version", async () => {
    const en = pointers('en');
    expect(await found(en.last, 'M8 anchors')).toEqual(['/docs/install']);
    // The identifier first; the intro's "sea level" after it, from 2.0 too.
    expect(await found(en.last, 'seaLevel')).toEqual(['/docs/reference/api', '/docs/']);
    expect(await found(en.next, 'M10 anchors')).toEqual(['/docs/next/install']);
    expect(await found(en.next, 'tideOffset')).toEqual(['/docs/next/reference/api']);
    expect(await found(en.next, 'battery ')).toEqual([]);
    expect(await found(en['1.0'], 'seven-segment')).toEqual(['/docs/1.0/wiring']);
    for (const pointer of [en.last, en.next]) expect(await found(pointer, 'seven-segment')).toEqual([]);
    expect(await found(en.last, 'calibrate ')).toEqual([]);
    // Next's hyphenated `--plug-in` is found as one word.
    expect(await found(en.next, 'plugin ')).toEqual(['/docs/next/reference/cli']);
    // The Chinese 1.0 page is in zh-Hans's 1.0 index only.
    expect(await found(pointers('zh-Hans')['1.0'], '显示屏')).toEqual(['/zh-Hans/docs/1.0/intro']);
    expect(await found(pointers('zh-Hans').last, '显示屏')).toEqual([]);
  });
});
