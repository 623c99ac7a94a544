import { Worker } from 'node:worker_threads';
import { bundledWorker } from '../../parallel/workerScript.js';
import { cacheKey, type KeyedCache } from '../../cacheKey.js';
import type { SearchIndexResult, SearchInput } from './index.js';
import type { SearchFile } from './buildIndex.js';

/**
 * The markdown files from which a cold build indexes on a thread. Starting the thread (its own V8,
 * the worker's modules, lunr) costs about 150 ms of CPU whatever the site (measured: a 7-page site
 * built in a process that had built before took 310 ms of CPU with the thread, 165 ms indexing here;
 * 127 pages, 940 ms and 705 ms), while indexing here takes about 0.4 ms per page of this thread. From
 * a site the size of Shifu's (148 files, two locales) on, the thread is kept: it loads jieba's
 * dictionary and indexes on the core this thread leaves idle, which shortens the build (wall time).
 */
const THREAD_MIN_FILES = 100;

/**
 * A worker thread that builds the search index of a cold build while the main thread renders and
 * writes the pages. The build starts it as the parse ends; it loads its language support at once.
 */
export class SearchThread {
  private constructor(private readonly worker: Worker) {}

  /** Whether a cold build indexes on a thread of its own: a large site (THREAD_MIN_FILES), or when the build is given threads. */
  static worthIt(params: { markdownFiles: number; threads?: number }): boolean {
    return params.threads !== undefined ? params.threads > 0 : params.markdownFiles >= THREAD_MIN_FILES;
  }

  static async start(language: string[]): Promise<SearchThread> {
    const script = await bundledWorker('search-worker', 'src/builder/passes/search/worker.ts');
    const worker = new Worker(script, { env: { ...process.env } });
    worker.unref();
    worker.postMessage({ type: 'prepare', language });
    return new SearchThread(worker);
  }

  /**
   * The index of `input`; with `cache` (kept on disk between builds), read back when the input is the
   * same as last time (the same pages, texts, languages and base url), without asking the thread.
   */
  async build(input: SearchInput, cache?: KeyedCache<SearchIndexResult>): Promise<SearchIndexResult> {
    if (!cache) return this.buildOnThread(input);
    const key = cacheKey(input);
    const known = cache.get('index', key);
    if (known) return known;
    const result = await this.buildOnThread(input);
    cache.set('index', key, result);
    return result;
  }

  private buildOnThread(input: SearchInput): Promise<SearchIndexResult> {
    return new Promise((resolve, reject) => {
      const done = () => {
        this.worker.off('message', onMessage);
        this.worker.off('error', onError);
      };
      const onMessage = (res: { ok: true; result: { files: SearchFile[]; indexUrls: Map<string, string> } } | { ok: false; error: string }) => {
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
