import { Worker } from 'node:worker_threads';
import { bundledWorker } from '../../parallel/workerScript.js';
import { KeyedCache } from '../../cacheKey.js';
import { contextKey, searchFiles, type SearchIndexResult, type SearchInput } from './index.js';
import type { LocaleSearchFiles } from './buildIndex.js';

/**
 * A worker thread that builds the search index of a cold build while the main thread renders and
 * writes the pages. The build starts it as the parse ends; it loads its language support at once.
 */
export class SearchThread {
  private constructor(private readonly worker: Worker) {}

  static async start(language: string[]): Promise<SearchThread> {
    const script = await bundledWorker('search-worker', 'src/builder/passes/search/worker.ts');
    const worker = new Worker(script, { env: { ...process.env } });
    worker.unref();
    worker.postMessage({ type: 'prepare', language });
    return new SearchThread(worker);
  }

  /** The index of each context of `input`, in order. */
  build(input: SearchInput): Promise<LocaleSearchFiles[]> {
    return new Promise((resolve, reject) => {
      const done = () => {
        this.worker.off('message', onMessage);
        this.worker.off('error', onError);
      };
      const onMessage = (res: { ok: true; result: LocaleSearchFiles[] } | { ok: false; error: string }) => {
        done();
        if (res.ok) resolve(res.result);
        else reject(new Error(`The search worker failed: ${res.error}`));
      };
      const onError = (e: Error) => {
        done();
        reject(e);
      };
      this.worker.on('message', onMessage);
      this.worker.on('error', onError);
      this.worker.postMessage({ type: 'build', input });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/**
 * The search files of `input`. With `cache` (kept on disk between builds), each context whose input is
 * the same as last time (its pages' search input and the languages: contextKey) is read back, and
 * `build` indexes only the others: one English doc edited re-indexes the English context alone, and a
 * build that changed no page's search input asks `build` nothing. The cache then holds this build's
 * contexts only.
 */
export async function storedSearchIndex(
  input: SearchInput,
  cache: { searchIndex: KeyedCache<LocaleSearchFiles>; stats: { searchIndexed: number; searchReused: number } } | undefined,
  build: (input: SearchInput) => Promise<LocaleSearchFiles[]>,
): Promise<SearchIndexResult> {
  if (!cache) return searchFiles(input, await build(input));
  const last = cache.searchIndex;
  const keys = input.locales.map((entry) => contextKey(input, entry));
  const built = input.locales.map(({ name }, i) => last.get(name, keys[i]));
  const missing = input.locales.flatMap((entry, i) => (built[i] ? [] : [{ entry, i }]));
  cache.stats.searchReused += input.locales.length - missing.length;
  cache.stats.searchIndexed += missing.length;
  if (missing.length) {
    const made = await build({ ...input, locales: missing.map(({ entry }) => entry) });
    missing.forEach(({ i }, k) => (built[i] = made[k]));
  }
  const next = new KeyedCache<LocaleSearchFiles>();
  input.locales.forEach(({ name }, i) => next.set(name, keys[i], built[i]!));
  cache.searchIndex = next;
  return searchFiles(input, built as LocaleSearchFiles[]);
}
