import fs from 'node:fs';
import os from 'node:os';
import { startThread } from './threadStart.js';
import { newState, fileParser, handleSpecs, prepareMarkdown, markdownRenderer } from './handlers.js';
import { handleHtml } from './htmlHandler.js';
import { mapYielding } from './yielding.js';
import { countParses, countRenders, noTexts, type TextCounts } from './sharedTexts.js';
import { htmlWorkerScript, workerScript } from './workerScript.js';
import { WorkerHandle } from './workerHandle.js';
import { markdownUnits } from './markdownQueues.js';
import { SmallWork, SMALL_WORK } from './smallWork.js';
import { markdownJobKey, type DocumentsSpec, type HtmlJob, type HtmlResult, type HtmlShared, type MarkdownJob, type MarkdownResult, type ParseResult } from './protocol.js';
import type { MarkdownContextSpec } from '../render/markdownContext.js';
import type { ParseCache } from '../plugins/api.js';
import type { MarkdownParseOptions } from '../markdown/parse.js';
import type { ThreadParseCache } from '../cache.js';
import { cacheKey } from '../cacheKey.js';

/**
 * Runs the parallel stages of a build: parsing, markdown rendering and HTML rendering, on this thread
 * or on worker threads (the stages do not know which). A file is rendered by the thread that parsed
 * it (its tree never crosses threads), in batches (markdownQueues.ts).
 */
export interface Executor {
  /**
   * `texts`: the files' texts as the build read them (content/readText.ts readTexts); a file not in it is
   * read where it is parsed. `textKeys`: their content hashes (cacheKey of each text), when the caller
   * made them already: the thread pool's stored parses are keyed by them instead of hashing each text again.
   */
  parse(files: string[], options: MarkdownParseOptions, texts?: ReadonlyMap<string, string>, textKeys?: ReadonlyMap<string, string>): Promise<Map<string, ParseResult>>;
  setSpecs(specs: MarkdownContextSpec[]): Promise<void>;
  /**
   * The renders of `jobs` by job key (markdownJobKey), in the order given. `onResults` may be told of
   * some of them as they are made, before the stage ends (the caller may use them meanwhile); the
   * marks countRenders takes off may still be on them then. `more`: more jobs of the render stage
   * follow, after new specs (the pages that show a diagram, once it is drawn: renderSite.ts): the
   * threads go on as they are; the stage's last call ends it (the threads drop what they hold, or go).
   */
  renderMarkdown(jobs: MarkdownJob[], onResults?: (results: ReadonlyMap<string, MarkdownResult>) => void, options?: { more?: boolean }): Promise<Map<string, MarkdownResult>>;
  /**
   * `prepare` completes a job just before it is sent (so that a large site's jobs are not all complete
   * at once). With `documents` (a caller that needs no markup back) the executor may make and write
   * the pages' files where they are rendered: such results come back `written`, without markup.
   */
  renderHtml(shared: HtmlRenderShared, jobs: HtmlJob[], onResult: (r: HtmlResult) => void, prepare?: (job: HtmlJob) => HtmlJob): Promise<void>;
  /** How many files were parsed and rendered, and how many took an identical text's parse or render (sharedTexts.ts). */
  texts(): TextCounts;
  close(): Promise<void>;
}

/** What every page's HTML render shares; `documents` names a folder only if the output is one. */
export type HtmlRenderShared = Omit<HtmlShared, 'documents'> & { documents?: Omit<DocumentsSpec, 'folder'> & { folder: (() => string | undefined) | undefined } };

/**
 * An executor for a build: worker threads for a large site (or `threads`), else this thread. A parse
 * cache's trees live on this thread: with one, the build runs here, unless `threadsFirst` (the cache
 * on disk of `sitegen build`, whose other parts do not need the trees) lets the threads parse a site
 * large enough for them: they then ask `threadParses` (what the plan needs of a parse, without its tree).
 */
export async function createExecutor(options: {
  markdownFiles: number;
  threads?: number;
  parseCache?: ParseCache;
  threadsFirst?: boolean;
  threadParses?: ThreadParseCache;
  /** The cache holds an earlier build's work: each thread starts when it is first given some (workerHandle.ts). */
  warm?: boolean;
  /** Where the HTML stage runs with threads: fresh ones, the markdown's threads kept, or this thread; default: by the site's size (htmlStage). */
  htmlStage?: HtmlStage;
}): Promise<Executor> {
  const wanted = options.threads ?? defaultThreads(options.markdownFiles);
  const threads = options.parseCache && !(options.threadsFirst && wanted > 0) ? 0 : wanted;
  return threads > 0
    ? workerExecutor(threads, options.threadParses, options.warm, options.htmlStage ?? htmlStage(options.markdownFiles, threads))
    : inProcessExecutor({ parseCache: options.parseCache });
}

/**
 * Whether the HTML stage starts threads of its own instead of keeping those that parsed and rendered
 * the markdown. A thread keeps much of the heap it grew to while parsing, even after a full collection
 * (V8 gives few pages back), about 250 MB each for a site of 4,000 pages in 2 locales: for a large
 * site fresh threads keep the peak memory down. For a smaller one that heap is small, and a new thread
 * is a cost for nothing: it starts an isolate and loads its code again. The 1,000-docs folder site
 * (bench/folder.ts), cold, alternating with fresh threads on the two-core machine at 08:33 UTC (load
 * 7-10, both with a code cache made by the same build): 6.43, 6.81, 6.71 s of CPU kept against 7.43,
 * 7.37, 7.36 s; wall 3.5-3.6 s against 3.9-4.6 s; peak memory 400 MB against 340 MB. The versioned
 * site's 888 files per thread, kept, peaked at 614-642 MB against 548 MB (07:50, loaded; its budget
 * is 600 MB), hence the bound.
 */
export function freshHtmlThreads(markdownFiles: number, threads: number): boolean {
  return markdownFiles / threads > KEPT_THREADS_UP_TO;
}

/** Where a build with threads runs its HTML stage: on the markdown's threads (kept), on fresh threads, on this thread (here), or on this thread and one markdown thread kept (beside). */
export type HtmlStage = 'kept' | 'fresh' | 'here' | 'beside';

/**
 * Where the HTML stage runs: on the markdown's threads for a smaller site (freshHtmlThreads), else on
 * this thread and one markdown thread kept beside it up to HTML_HERE_UP_TO markdown files, else on
 * fresh threads. Fresh threads each start an isolate and warm React and the page code up again; the
 * markdown threads but the one kept go as the stage starts (their heaps with them).
 *
 * 'beside' rather than this thread alone ('here'): alone, this thread was the build's last 2 s (the
 * versioned benchmark site, 2,676 pages) with the search thread beside it done sooner, a core idle for
 * about a third of the stage. The thread kept has the markdown code warm already; it loads the
 * renderer (code-cached) and warms React up again, and keeps its heap (collected as it is reset).
 * The versioned benchmark site cold (bench/child.mjs), 5 runs each alternating with 43d0e3d ('here', and
 * a full collection after each search context) at 01:17-01:19 UTC (load 4-6): HTML stage 3.44 -> 2.48 s,
 * wall 11.98 -> 10.12 s, CPU 12.45 -> 12.40 s, peak RSS 506 -> 547 MB (medians; its budget is 600 MB).
 */
export function htmlStage(markdownFiles: number, threads: number): HtmlStage {
  if (!freshHtmlThreads(markdownFiles, threads)) return 'kept';
  return markdownFiles <= HTML_HERE_UP_TO ? 'beside' : 'fresh';
}

/** Markdown files up to which the HTML stage of a site with fresh threads' size runs on this thread instead (see htmlStage). */
const HTML_HERE_UP_TO = 3000;

/** Markdown files per thread up to which the HTML stage keeps the markdown's threads (see freshHtmlThreads). */
const KEPT_THREADS_UP_TO = 600;

/**
 * How many threads to use: this thread alone below ON_THIS_THREAD_BELOW markdown files, else one
 * thread per FILES_PER_THREAD markdown files, up to the cores (at most 8).
 */
export function defaultThreads(markdownFiles: number, cores = os.availableParallelism()): number {
  if (markdownFiles < ON_THIS_THREAD_BELOW) return 0;
  return Math.max(1, Math.min(cores, 8, Math.floor(markdownFiles / FILES_PER_THREAD)));
}

/**
 * The markdown files from which a build starts threads: fewer than two threads' worth stay on this
 * thread. One thread alone runs beside nothing (this thread waits while it parses, renders and
 * writes the pages), so it buys no wall time, and it costs its start and the warm-up of all the code
 * it runs, again (V8 compiles and optimises remark, the render passes and React in each isolate),
 * and the copies of what crosses threads. The 1,000-docs folder site (bench/folder.ts, 1,001 files)
 * cold on the two-core machine, alternating (18:45-18:47 UTC, load 8-12): 7.76 and 7.04 s of CPU with
 * one thread (its HTML stage on a fresh one, and the search thread) against 5.86 and 4.90 s on this
 * thread alone. A machine of one core still starts a thread for a larger site: its heap, not this
 * one's, holds the trees (peak memory).
 */
const ON_THIS_THREAD_BELOW = 1200;

/**
 * The markdown files a thread takes before another one is started. Each thread pays for itself
 * whatever its share: its start (an isolate, its modules) and the warm-up of the code it runs (V8
 * compiles and optimises remark, the render passes and React again in each thread, and each
 * thread registers the highlighter's grammars). One thread parsing 500 files of the 1,000-docs
 * folder site (bench/folder.ts) used 1.3-1.5 s of CPU and 2.1-2.3 s for all 1,000 (10:29 UTC, 3
 * runs each): about 0.55 s of each thread's parse alone is its warm-up. That whole site (1,001
 * files), built cold with one markdown thread instead of two, alternating at 11:08-11:13 UTC on the
 * two-core machine (load 9-13): 6.98, 7.56, 7.26 s of CPU against 8.47, 8.55, 8.95 s, peak memory
 * 254 against 380-398 MB, wall 22.4, 21.0, 11.4 s against 29.6, 33.8, 21.9 s (on an idle machine
 * two threads would end sooner). The versioned site (1,320 files) keeps two threads for its wall
 * budget, as does any site of 1,200 files or more on two cores.
 */
const FILES_PER_THREAD = 600;

export function inProcessExecutor(options: { parseCache?: ParseCache } = {}): Executor {
  const state = newState();
  const counts = noTexts();
  return {
    async parse(files, parseOptions, texts) {
      const results = await mapYielding(files, fileParser(state, options.parseCache, parseOptions, texts));
      countParses(counts, results);
      return new Map(files.map((f, i) => [f, results[i]]));
    },
    async setSpecs(specs) {
      handleSpecs(state, specs);
    },
    async renderMarkdown(jobs) {
      // With a parse cache the trees outlive this build: they must not be used up.
      await prepareMarkdown(state, jobs);
      const results = await mapYielding(jobs, markdownRenderer(state, jobs, Boolean(options.parseCache)));
      countRenders(counts, results);
      return new Map(jobs.map((j, i) => [markdownJobKey(j), results[i]]));
    },
    async renderHtml(shared, jobs, onResult, prepare) {
      // On this thread the markup comes back and the caller writes it: no folder is needed. The
      // shared data goes with the first batch only (each time it comes, the handler starts afresh).
      const here = { ...shared, documents: undefined };
      await inBatchesHere(jobs, (batch, first) => handleHtml(state, first ? here : undefined, batch), onResult, prepare);
    },
    texts: () => ({ ...counts }),
    async close() {},
  };
}

async function workerExecutor(threads: number, cache?: ThreadParseCache, lazy = false, stage: HtmlStage = 'fresh'): Promise<Executor> {
  // The HTML stage's threads load the HTML code alone (htmlWorker.ts); both scripts are made at once.
  const [script, htmlScript] = await Promise.all([workerScript(), stage === 'fresh' ? htmlWorkerScript() : undefined]);
  const thread = (file: string) => () => new WorkerHandle(() => startThread(file, { env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' } }), lazy);
  const start = thread(script);
  let workers = Array.from({ length: threads }, start);
  const owner = new Map<string, number>();
  /** Each file's text as its thread knows it: files of one key on one thread may share a tree (markdownQueues.ts units). */
  const textOf = new Map<string, string>();
  /** The options of the build's parse: a thread that parsed nothing (every file it renders came from the cache) parses with them. */
  let parseOptionsOfBuild: MarkdownParseOptions | undefined;
  let closed: Promise<void> | undefined;
  /** The kept threads dropping what they held of the markdown (renderMarkdown), which the HTML stage waits for. */
  let reset: Promise<void> | undefined;
  const counts = noTexts();
  const ownerOf = (file: string) => owner.get(file) ?? hash(file) % workers.length;
  // A warm build's few jobs, while no thread runs, are done on this thread (smallWork.ts).
  // And the HTML stage when it runs here (htmlStage).
  const small = lazy || stage === 'here' || stage === 'beside' ? new SmallWork() : undefined;
  const here = (jobs: number, upTo: number) => small !== undefined && jobs > 0 && jobs <= upTo && !workers.some((w) => w.running);
  /** Hands `items` to the threads in batches of `size`, each thread taking the next batch as it finishes one. */
  const inBatches = async <T>(items: T[], size: number, run: (w: WorkerHandle, index: number, batch: T[]) => Promise<void>) => {
    let cursor = 0;
    await Promise.all(
      workers.map(async (w, i) => {
        while (cursor < items.length) {
          const batch = items.slice(cursor, cursor + size);
          cursor += size;
          await run(w, i, batch);
        }
      }),
    );
  };
  /** The markdown jobs rendered by the threads that hold their files' trees, in batches (markdownQueues.ts). */
  const onThreads = async (jobs: MarkdownJob[], onResults?: (results: ReadonlyMap<string, MarkdownResult>) => void) => {
    const units = markdownUnits({ jobs, threads: workers.length, ownerOf, unitOf: (file) => textOf.get(file) ?? file, batch: MARKDOWN_BATCH });
    const byKey = new Map<string, MarkdownResult>();
    // Two batches in flight per thread: the next one waits on the thread while this one reads the replies.
    const lane = async (i: number) => {
      for (let next = units.next(i); next; next = units.next(i)) {
        const results = await workers[i].call<MarkdownResult[]>({ type: 'markdown', jobs: next, options: parseOptionsOfBuild });
        const batch = new Map(next.map((j, k) => [markdownJobKey(j), results[k]]));
        for (const [key, r] of batch) byKey.set(key, r);
        onResults?.(batch);
      }
    };
    await Promise.all(workers.flatMap((_w, i) => [lane(i), lane(i)]));
    // In the order given, whichever thread rendered each job.
    return new Map(jobs.map((j) => [markdownJobKey(j), byKey.get(markdownJobKey(j))!]));
  };
  return {
    async parse(files, parseOptions, texts, textKeys) {
      // Largest files first, in batches that each thread takes as it finishes the one before: the
      // threads finish together. Shares fixed in advance by size left one thread parsing alone for
      // 0.4-0.5 s at the end of the versioned synthetic site's parse (its Chinese files take less time
      // per byte). A file's tree stays with the thread that took it, which renders it later
      // (markdownQueues.ts). Files of one size go in one batch: identical texts (a version's copies)
      // then meet on one thread, which parses their text once (sharedTexts.ts). A file whose bytes and options an earlier build
      // parsed is not sent: the plan needs only what its parse found, and a render that needs its
      // tree (one whose context changed) parses it again on the thread of its text, once per text
      // (handlers.ts parseMissing), with this build's options.
      const out = new Map<string, ParseResult>();
      parseOptionsOfBuild = parseOptions;
      const { cached, keys } = cache ? cachedParses(cache, files, parseOptions, texts, textKeys) : { cached: new Map<string, ParseResult>(), keys: new Map<string, string>() };
      countParses(counts, cached.values());
      for (const [f, r] of cached) {
        out.set(f, r);
        // Rendered (and parsed again if its render is not reused) by the thread of its text: copies
        // of one text meet there and share that parse (handlers.ts parseMissing).
        owner.set(f, hash(keys.get(f)!) % workers.length);
        textOf.set(f, `k${keys.get(f)}`);
      }
      const bySize = new Map<number, string[]>();
      for (const f of files) {
        if (cached.has(f)) continue;
        const text = texts?.get(f);
        const size = text === undefined ? safeSize(f) : Buffer.byteLength(text);
        textOf.set(f, `s${size}`);
        const same = bySize.get(size);
        if (same) same.push(f);
        else bySize.set(size, [f]);
      }
      const left = [...bySize.values()].flat();
      if (here(left.length, SMALL_WORK.parse)) {
        // Rendered here too, or parsed again by the thread that renders them.
        const results = small!.parse(left, parseOptions, texts);
        countParses(counts, results);
        left.forEach((f, j) => {
          const r = results[j];
          out.set(f, r);
          const key = keys.get(f);
          if (key !== undefined && r.meta && !r.problems.length) cache!.set(f, key, r.meta);
        });
        return new Map(files.map((f) => [f, out.get(f)!]));
      }
      const groups = [...bySize].sort((a, b) => b[0] - a[0]).map(([, group]) => group);
      await inBatches(groupedBatches(groups, PARSE_BATCH), 1, async (w, i, [batch]) => {
        const results = await w.call<ParseResult[]>({ type: 'parse', files: batch, options: parseOptions, texts: texts && batch.map((f) => texts.get(f)) });
        countParses(counts, results);
        batch.forEach((f, j) => {
          const r = results[j];
          out.set(f, r);
          owner.set(f, i);
          const key = keys.get(f);
          if (key !== undefined && r.meta && !r.problems.length) cache!.set(f, key, r.meta);
        });
      });
      // In the order given, whichever thread parsed each file.
      return new Map(files.map((f) => [f, out.get(f)!]));
    },
    async setSpecs(specs) {
      small?.setSpecs(specs);
      await Promise.all(workers.map((w) => w.setPreset({ type: 'specs', specs })));
    },
    async renderMarkdown(jobs, onResults, options) {
      const out = here(jobs.length, SMALL_WORK.markdown) ? await small!.renderMarkdown(jobs, parseOptionsOfBuild) : await onThreads(jobs, onResults);
      countRenders(counts, [...out.values()]);
      if (options?.more) return out;
      // The HTML stage of a large site runs on fresh threads (freshHtmlThreads): a thread that parsed
      // and rendered its share of the site keeps the heap it grew to (V8 does not give the pages
      // back), about 250 MB each for a site of 4,000 pages in 2 locales, for the rest of the build.
      // The new threads load the HTML code alone (htmlWorker.ts) while this thread assembles the
      // pages; they take no parse or markdown job. A smaller site's threads go on: they drop what
      // they hold of the markdown (a render after this parses again what it needs).
      // The threads collect meanwhile: the HTML stage waits for them, this thread goes on to the bundles and styles.
      if (stage === 'here' || stage === 'beside') {
        // The pages are rendered here (and beside, on one markdown thread kept): the other markdown
        // threads go now, and their heaps with them; the one kept drops what it holds of the markdown.
        const kept = stage === 'beside' ? workers.filter((w) => w.running).slice(0, 1) : [];
        const retired = workers.filter((w) => !kept.includes(w));
        workers = kept;
        for (const w of retired) w.terminate().catch(() => undefined);
        // Not waited for by this thread's share of the pages: the thread's messages are answered in order.
        for (const w of kept) w.call({ type: 'reset' }).catch(() => undefined);
        return out;
      }
      if (!htmlScript) {
        // A thread that was never started (a warm build gave it nothing: workerHandle.ts) holds nothing to drop.
        reset = Promise.all(workers.filter((w) => w.running).map((w) => w.call({ type: 'reset' }))).then(() => undefined);
        // A build that fails before its HTML stage does not wait for it (no unhandled rejection then).
        reset.catch(() => undefined);
        return out;
      }
      const retired = workers;
      workers = workers.map(thread(htmlScript));
      // Not waited for: a thread gives its heap back as it stops (60-80 ms for the versioned synthetic
      // site), which this thread need not wait for to assemble the pages.
      for (const w of retired) w.terminate().catch(() => undefined);
      return out;
    },
    async renderHtml(renderShared, jobs, onResult, prepare) {
      await reset;
      // Each thread writes the documents it renders when the output is a folder: the main thread then
      // neither copies every page's markup back nor holds it.
      const folder = renderShared.documents?.folder?.();
      const shared: HtmlShared = { ...renderShared, documents: folder ? { ...renderShared.documents!, folder } : undefined };
      if (stage === 'here' || (stage === 'beside' && !workers.length) || here(jobs.length, SMALL_WORK.html)) {
        await inBatchesHere(jobs, (batch) => small!.renderHtml(shared, batch), onResult, prepare);
        return;
      }
      if (stage === 'beside') {
        await besideThread({ thread: workers[0], here: small!, shared, jobs, onResult, prepare });
        return;
      }
      // The shared render data goes with each thread's first batch.
      const given = new Set<WorkerHandle>();
      await inBatches(jobs, HTML_BATCH, async (w, _i, batch) => {
        const first = !given.has(w);
        given.add(w);
        const results = await w.call<HtmlResult[]>({ type: 'html', shared: first ? shared : undefined, jobs: prepare ? batch.map(prepare) : batch });
        for (const r of results) onResult(r);
      });
    },
    texts: () => ({ ...counts }),
    close() {
      closed ??= Promise.all(workers.map((w) => w.terminate())).then(() => undefined);
      return closed;
    },
  };
}

/**
 * The files of `files` whose parse `cache` holds for their bytes and these options (as read from the
 * cache, `from: 'cache'`), and the key of each file (to keep its parse under; a cached file's places
 * it with the other files of its text). A file that cannot be read is left to the threads, which
 * report it.
 */
function cachedParses(
  cache: ThreadParseCache,
  files: string[],
  options: MarkdownParseOptions,
  texts?: ReadonlyMap<string, string>,
  textKeys?: ReadonlyMap<string, string>,
): { cached: Map<string, ParseResult>; keys: Map<string, string> } {
  const optionsKey = cacheKey(options);
  const cached = new Map<string, ParseResult>();
  const keys = new Map<string, string>();
  for (const file of files) {
    let key: string;
    try {
      key = cacheKey(optionsKey, textKeys?.get(file) ?? cacheKey(texts?.get(file) ?? fs.readFileSync(file)));
    } catch {
      continue;
    }
    const meta = cache.get(file, key);
    if (meta) cached.set(file, { meta, problems: [], from: 'cache' });
    keys.set(file, key);
  }
  return { cached, keys };
}

/** Files per parse message and pages per HTML message: small enough to balance the threads' ends, large enough that messages cost little. */
const PARSE_BATCH = 32;
/** Markdown jobs per message of the render stage: the renders come back as they are made (markdownQueues.ts). */
const MARKDOWN_BATCH = 48;
const HTML_BATCH = 40;
/** Pages this thread renders between two looks at the kept thread's replies ('beside'): about 10 ms. */
const HERE_BATCH = 12;

/**
 * The pages rendered on this thread, HTML_BATCH at a time, each batch's pages handed to `onResult`
 * (which writes them) before the next is rendered, with a turn of the event loop between batches.
 * Rendered all at once, every page's markup was alive until the last was drawn (the 1,000-docs folder
 * site: 1,000 pages of 40 KB), and the young generation's collections copied and promoted it: the
 * pages' jobs of a cold build replayed through the handler on one thread (no file written), 5 passes
 * each alternating, 14:09 UTC, load 3.5-4: 327-348 ms a warm pass all at once, 187-243 ms by batches.
 */
async function inBatchesHere(
  jobs: HtmlJob[],
  render: (batch: HtmlJob[], first: boolean) => Promise<HtmlResult[]>,
  onResult: (r: HtmlResult) => void,
  prepare?: (job: HtmlJob) => HtmlJob,
): Promise<void> {
  for (let i = 0; i < jobs.length; i += HTML_BATCH) {
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const batch = jobs.slice(i, i + HTML_BATCH);
    for (const r of await render(prepare ? batch.map(prepare) : batch, i === 0)) onResult(r);
  }
}

/**
 * The HTML stage 'beside': this thread and one kept markdown thread each take the next batch of pages
 * as they finish one, a batch smaller as the pages run out, so that both end together. The thread's
 * first batch carries the shared render data (it loads the renderer); after it the thread has two
 * batches in flight, the next one waiting while this thread renders its own share (it reads the
 * thread's replies, and sends the next batch, between its batches). The thread writes the documents
 * it renders when the output is a folder; this thread's come back as markup, for the caller to write.
 */
async function besideThread(params: {
  thread: WorkerHandle;
  here: SmallWork;
  shared: HtmlShared;
  jobs: HtmlJob[];
  onResult: (r: HtmlResult) => void;
  prepare?: (job: HtmlJob) => HtmlJob;
}): Promise<void> {
  const { thread, here, shared, jobs, onResult, prepare } = params;
  let cursor = 0;
  const next = (most: number): HtmlJob[] | undefined => {
    if (cursor >= jobs.length) return undefined;
    const size = Math.min(most, Math.max(HERE_BATCH, Math.ceil((jobs.length - cursor) / 8)));
    const batch = jobs.slice(cursor, cursor + size);
    cursor += size;
    return prepare ? batch.map(prepare) : batch;
  };
  const send = async (batch: HtmlJob[], first: boolean) => {
    for (const r of await thread.call<HtmlResult[]>({ type: 'html', shared: first ? shared : undefined, jobs: batch })) onResult(r);
  };
  const lane = async () => {
    for (let batch = next(HTML_BATCH); batch; batch = next(HTML_BATCH)) await send(batch, false);
  };
  const there = async () => {
    const first = next(HTML_BATCH);
    if (!first) return;
    await send(first, true);
    await Promise.all([lane(), lane()]);
  };
  const onThisThread = async () => {
    for (let batch = next(HERE_BATCH); batch; batch = next(HERE_BATCH)) {
      for (const r of await here.renderHtml(shared, batch)) onResult(r);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  // A side that fails stops both from taking more pages; the stage fails once neither renders any more.
  let failure: { error: unknown } | undefined;
  const stopOnFailure = (side: Promise<void>) =>
    side.catch((error: unknown) => {
      failure ??= { error };
      cursor = jobs.length;
    });
  await Promise.all([stopOnFailure(there()), stopOnFailure(onThisThread())]);
  if (failure) throw failure.error;
}

/** Batches of about `size` files, each group whole in one batch. */
function groupedBatches(groups: string[][], size: number): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  for (const group of groups) {
    batch.push(...group);
    if (batch.length >= size) {
      batches.push(batch);
      batch = [];
    }
  }
  if (batch.length) batches.push(batch);
  return batches;
}

function safeSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return Math.abs(h);
}
