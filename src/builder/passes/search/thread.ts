import type { Worker } from 'node:worker_threads';
import { bundledWorker } from '../../parallel/workerScript.js';
import { threadEnd } from '../../parallel/threadEnd.js';
import { startThread, type Thread } from '../../parallel/threadStart.js';
import { KeyedCache, valueKey } from '../../cacheKey.js';
import { contextKey, searchFiles, type SearchIndexResult, type SearchInput } from './index.js';
import type { LocaleSearchFiles, SearchFile } from './buildIndex.js';
import type { StoredTerms } from './storedTerms.js';

/** What the cache on disk keeps of a search context: its files, and the terms of its texts (storedTerms.ts). */
export interface StoredContext {
  files: LocaleSearchFiles;
  /** Undefined when read back from disk and unreadable. */
  terms: StoredTerms | undefined;
  /** Read back from disk (contentStore.ts): whether its files' contents can be read (read and checked now, once). */
  readable?: () => boolean;
}

/** Indexes the contexts of `input` with the terms known of each context's texts; `known` undefined: no terms wanted back (storedTerms.ts indexContexts). */
export type ContextIndexer = (input: SearchInput, known: (StoredTerms | undefined)[] | undefined) => Promise<{ contexts: LocaleSearchFiles[]; terms: StoredTerms[] }>;

/**
 * A worker thread that builds the search index of a cold build while the main thread renders and
 * writes the pages. The build starts it as the parse ends; it loads its language support at once.
 */
export class SearchThread {
  /** Rejects once the thread failed or stopped (threadEnd.ts). */
  private readonly ended: Promise<never>;

  private readonly worker: Worker;
  /** Whether a build waits for the thread's answer. */
  private busy = false;

  private constructor(private readonly thread: Thread) {
    this.worker = thread.worker;
    this.ended = threadEnd(this.worker, 'search thread');
  }

  /**
   * Whether a cold build indexes on a thread of its own: when it parses and renders on threads
   * (`threads`: the build's, given or by default for its size, executor.ts defaultThreads), and on
   * the build's thread otherwise. Starting the thread (its own V8, the worker's modules, lunr) costs
   * about 150 ms of CPU whatever the site (a 7-page site built in a process that had built before
   * took 310 ms of CPU with the thread, 165 ms indexing here; 127 pages, 940 ms and 705 ms), and it
   * warms lunr and the tokenizer up again, while indexing here takes about 0.4 ms per page. It used
   * to start from 100 markdown files, for the wall time it saves beside the pages' HTML: the
   * 1,000-docs folder site (bench/folder.ts), cold on this thread otherwise, 5 builds each
   * alternating (18:52-18:56 UTC, load 9-12), used 5.95 s of CPU (median) with it and 5.55 s without
   * (issue 43's budget is CPU time: 1.6 x the libraries' own).
   */
  static worthIt(params: { threads: number }): boolean {
    return params.threads > 0;
  }

  /** `prepare`: load the languages' support at once (a cold build); otherwise when a text needs it. */
  static async start(language: string[], prepare = true): Promise<SearchThread> {
    const script = await bundledWorker('search-worker', 'src/builder/passes/search/worker.ts');
    const thread = startThread(script, { env: { ...process.env } });
    thread.worker.unref();
    if (prepare) thread.worker.postMessage({ type: 'prepare', language });
    return new SearchThread(thread);
  }

  /** The index of each context of `input`, in order, and the terms of each one's texts. */
  build(...[input, known]: Parameters<ContextIndexer>): ReturnType<ContextIndexer> {
    const answer = new Promise<Awaited<ReturnType<ContextIndexer>>>((resolve, reject) => {
      this.worker.once('message', (res: { ok: true; result: Awaited<ReturnType<ContextIndexer>> } | { ok: false; error: string }) => {
        if (res.ok) resolve(res.result);
        else reject(new Error(`The search worker failed: ${res.error}`));
      });
      this.worker.postMessage({ type: 'build', input, known });
    });
    // The thread keeps the process alive while a build waits for its answer, and only then.
    this.worker.ref();
    this.busy = true;
    const settled = Promise.race([answer, this.ended]);
    const idle = () => {
      this.busy = false;
      this.worker.unref();
    };
    void settled.then(idle, idle);
    return settled;
  }

  private closing?: Promise<void>;

  /** Ends the thread (once: a second call waits for the first). */
  close(): Promise<void> {
    this.closing ??= this.thread.stop(!this.busy).then(() => undefined);
    return this.closing;
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
  cache: { searchIndex: KeyedCache<StoredContext>; stats: { searchIndexed: number; searchReused: number } } | undefined,
  build: ContextIndexer,
  /** Whether a file of a context read back will be written (the output does not keep it): its contents are then checked now. */
  written: (file: SearchFile) => boolean = () => true,
): Promise<SearchIndexResult> {
  // Without a cache the texts' terms are not kept: none are asked for.
  if (!cache) return searchFiles(input, (await build(input, undefined)).contexts);
  const last = cache.searchIndex;
  // Each page's content key, made once: for its context's key, and for its stored counts (storedCounts.ts).
  const pageKeys = input.locales.map((entry) => entry.pages.map(valueKey));
  const keys = input.locales.map((entry, i) => contextKey(input, entry, pageKeys[i]));
  // A context whose stored files cannot be read, when some must be written, is indexed again.
  const usable = (c: StoredContext | undefined) => (c && (!c.readable || !allFiles(c.files).some(written) || c.readable()) ? c : undefined);
  const built = input.locales.map(({ name }, i) => usable(last.get(name, keys[i])));
  const missing = input.locales.flatMap((entry, i) => (built[i] ? [] : [{ entry, i }]));
  cache.stats.searchReused += input.locales.length - missing.length;
  cache.stats.searchIndexed += missing.length;
  if (missing.length) {
    // A context's texts that did not change keep their terms: those of its last files. With its pages'
    // keys: its stored counts are compared with them.
    const made = await build(
      { ...input, locales: missing.map(({ entry, i }) => ({ ...entry, keys: pageKeys[i] })) },
      missing.map(({ entry }) => last.peek(entry.name)?.terms),
    );
    missing.forEach(({ i }, k) => (built[i] = { files: made.contexts[k], terms: made.terms[k] }));
  }
  const next = new KeyedCache<StoredContext>();
  input.locales.forEach(({ name }, i) => next.set(name, keys[i], built[i]!));
  cache.searchIndex = next;
  return searchFiles(
    input,
    built.map((b) => b!.files),
  );
}

const allFiles = (f: LocaleSearchFiles) => [f.index, ...(f.code ? [f.code] : []), ...f.shards, ...f.texts];
