import type { LocaleSearchFiles } from '../../../../src/builder/passes/search/buildIndex.js';
import { createEngine, type Engine } from '../../../../src/shared/search/engine.js';
import type { SearchIndexFile } from '../../../../src/shared/search/format.js';

/** An engine over search files built in memory; `fetched` lists the shard files it loaded. */
export function memoryEngine(built: LocaleSearchFiles): Engine & { fetched: string[] } {
  const files = new Map([built.index, ...(built.code ? [built.code] : []), ...built.shards, ...built.texts].map((f) => [f.path, f.contents]));
  const fetched: string[] = [];
  const engine = createEngine(JSON.parse(built.index.contents) as SearchIndexFile, async (url) => {
    fetched.push(url);
    const contents = files.get(`assets/search/${url}`);
    if (contents === undefined) throw new Error(`no search file ${url}`);
    return JSON.parse(contents);
  });
  return Object.assign(engine, { fetched });
}
