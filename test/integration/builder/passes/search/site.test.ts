import { beforeAll, describe, expect, it } from 'vitest';
import { readBuilt, sharedBuild, shifuConfig, type SharedBuild } from '../../../../helpers/sharedBuild.js';
import { createEngine, searchDocs, type Engine } from '../../../../../src/shared/search/engine.js';
import { rankResults } from '../../../../../src/shared/search/rank.js';
import type { SearchIndexFile } from '../../../../../src/shared/search/format.js';
import { searchIndexPath } from '../../../../helpers/search.js';

// Search on the Shifu site itself (the repository's site.config.ts), in both locales: every docs
// page, blog post and case study is indexed, and each is found first by its own title. Its content
// is still being written, so the checks are about every page rather than a fixed query list.

// The run's shared build of the site (test/helpers/sharedBuild.ts, which the browser tests read too).
let built: SharedBuild;
const engines = new Map<string, Engine>();
const read = (file: string) => readBuilt(built, file);

beforeAll(async () => {
  built = await sharedBuild(shifuConfig);
  for (const locale of built.locales) {
    const index = searchIndexPath(read, locale.searchIndexUrl!);
    engines.set(
      locale.locale,
      createEngine(JSON.parse(read(index)!) as SearchIndexFile, async (rel) => JSON.parse(read(`assets/search/${rel}`)!)),
    );
  }
}, 180_000);

describe('search on the Shifu site', () => {
  it('indexes every listed docs page and blog post in English and Chinese', () => {
    expect([...engines.keys()]).toEqual(['en', 'zh-Hans']);
    for (const [locale, engine] of engines) {
      const expected = built.routes.filter((r) => r.locale === locale && !r.unlisted && (r.kind === 'doc' || r.kind === 'blogPost')).map((r) => r.path);
      expect(expected.length).toBeGreaterThan(20);
      expect(engine.file.pages.map((p) => p.u).sort()).toEqual(expected.sort());
    }
  });

  it('puts every page first when its own title is searched (titles that are unique)', async () => {
    const misses: string[] = [];
    let checked = 0;
    for (const [locale, engine] of engines) {
      const count = new Map<string, number>();
      for (const p of engine.file.pages) count.set(p.t.toLowerCase(), (count.get(p.t.toLowerCase()) ?? 0) + 1);
      for (const p of engine.file.pages) {
        if (count.get(p.t.toLowerCase()) !== 1) continue;
        checked++;
        const got = rankResults(engine, await searchDocs(engine, p.t, { enough: 8 }), {})[0]?.u;
        if (got !== p.u) misses.push(`${locale} "${p.t}": ${got} instead of ${p.u}`);
      }
    }
    expect(misses).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
