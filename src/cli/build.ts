import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildResult, type StageTiming } from '../builder/build.js';
import { checkUnchanged, recordBuild, type UnchangedCheck } from '../builder/unchangedBuild.js';
import { noCacheStats, type BuildCache } from '../builder/cache.js';
import { noTexts } from '../builder/parallel/sharedTexts.js';
import { partialRun } from '../../bin/codeCache.js';
import { cacheBound, openPersistentCache } from '../builder/persistentCache.js';
import { isStoredRenderLost } from '../builder/contentStore.js';
import { SitegenError, formatProblem } from '../builder/errors.js';
import { docusaurusConfigLine } from '../builder/config/docusaurus/configFile.js';
import { configureEsbuildProcess } from '../builder/bundle/esbuildThreads.js';

export interface BuildCliOptions {
  config: string;
  locale?: string;
  outDir?: string;
  forceOutDir?: boolean;
  json?: boolean;
  threads?: string;
  /** false with --no-cache. */
  cache?: boolean;
  /** --cache-max-size, in MB. */
  cacheMaxSize?: string;
}

/** `sitegen build`: a progress bar on a terminal, one plain line per stage in CI or a pipe, the result as JSON with --json. */
export async function runBuild(opts: BuildCliOptions): Promise<void> {
  const out = process.stdout;
  const progress = opts.json ? undefined : createProgress({ stream: out, interactive: Boolean(out.isTTY) && !process.env.CI });
  const threads = threadCount(opts.threads);
  progress?.line(`sitegen build ${path.relative(process.cwd(), path.resolve(opts.config)) || opts.config}${opts.locale ? ` (locale ${opts.locale})` : ''}`);
  const docusaurus = docusaurusConfigLine(opts.config);
  if (docusaurus) progress?.line(docusaurus);
  // Parses, renders, page HTML and bundles of what did not change since the last build come from the
  // cache on disk (persistentCache.ts); search indexes on a thread of its own, and a large site is
  // parsed on worker threads (their parses kept without their trees), as without it.
  // The renders' body HTML and search sections are read back when used (contentStore.ts): should one be unreadable
  // by then, the build is made again with the cache read as before (nothing was written yet).
  // The cache's bound: --cache-max-size, else the config's cacheMaxSize (known once the check loaded it: without the check, --no-cache, nothing is written).
  const maxMb = cacheMaxSize(opts.cacheMaxSize);
  const open = (deferParts: boolean) =>
    openPersistentCache({
      site: path.resolve(opts.config),
      persist: opts.cache !== false,
      html: true,
      search: false,
      threadsFirst: true,
      deferParts,
      maxBytes: cacheBound(maxMb ?? check?.loaded.config.cacheMaxSize),
    });
  const started = Date.now();
  const startedMs = performance.now();
  // With the cache: a build whose inputs and output folder are all as its last build's returns that
  // build's summary (unchangedBuild.ts); otherwise it takes the config the check loaded.
  let check: UnchangedCheck | undefined;
  // Before the check, whose config bundle may be the first to start esbuild's process (build() sets it too).
  configureEsbuildProcess();
  try {
    check = opts.cache === false ? undefined : await checkUnchanged({ configFile: opts.config, outDir: opts.outDir, locale: opts.locale, forceOutDir: opts.forceOutDir, threads });
  } catch (e) {
    progress?.fail();
    if (opts.json && e instanceof SitegenError) return failed(e);
    throw e;
  }
  if (check?.summary) {
    markWarm(process.env.SITEGEN_LAUNCH_MARK);
    partialRun();
    const ms = performance.now() - startedMs;
    progress?.line('  nothing changed since the last build: its output is as it left it');
    return report(
      opts,
      progress,
      { ...check.summary, texts: { ...noTexts(), files: check.summary.texts.files }, timings: [{ stage: 'config', ms }], ms },
      noCacheStats(),
      { drawn: 0, cached: 0 },
      true,
    );
  }
  let persistent = open(true);
  let result;
  try {
    const run = () =>
      build({
        cache: persistent.cache,
        configFile: opts.config,
        loadedConfig: check?.loaded,
        outDir: opts.outDir,
        forceOutDir: opts.forceOutDir,
        locale: opts.locale,
        threads,
        onStage: progress?.stage,
        dropBodies: true,
      });
    try {
      result = await run();
    } catch (e) {
      if (!isStoredRenderLost(e)) throw e;
      await persistent.cache.dispose();
      persistent = open(false);
      result = await run();
    }
    persistent.save();
    if (check) {
      const slots = [...persistent.cache.esbuild.values()];
      recordBuild({
        check,
        started,
        summary: { outDir: result.outDir!, pages: result.pages, locales: result.locales, warnings: result.warnings, texts: result.texts },
        manifest: persistent.cache.output.get(check.outDir),
        bundleReads: slots.every((s) => s.stored) ? slots.flatMap((s) => s.stored!.hashes.map(([f]) => f)) : undefined,
      });
    }
    if (opts.cache !== false) markWarm(process.env.SITEGEN_LAUNCH_MARK);
  } catch (e) {
    progress?.fail();
    if (opts.json && e instanceof SitegenError) return failed(e);
    throw e;
  } finally {
    await persistent.cache.dispose();
  }
  report(opts, progress, result, persistent.cache.stats, persistent.cache.diagrams.stats, false);
}

/** A build's errors as --json prints them. */
function failed(e: SitegenError): void {
  process.exitCode = 1;
  console.log(JSON.stringify({ ok: false, error: e.title, problems: e.problems }, null, 2));
}

/** The build's summary: the result as JSON with --json (`unchanged`: nothing was built, see unchangedBuild.ts), else its warnings and one line. */
function report(
  opts: BuildCliOptions,
  progress: Progress | undefined,
  result: Pick<BuildResult, 'outDir' | 'pages' | 'locales' | 'warnings' | 'timings' | 'ms' | 'texts'>,
  cache: BuildCache['stats'],
  diagrams: unknown,
  unchanged: boolean,
): void {
  progress?.done(result.timings);
  const seconds = (result.ms / 1000).toFixed(2);
  if (opts.json) {
    console.log(
      JSON.stringify(
        {
          ok: true,
          outDir: result.outDir,
          pages: result.pages,
          locales: result.locales,
          warnings: result.warnings,
          timings: result.timings,
          seconds: Number(seconds),
          cache,
          diagrams,
          texts: result.texts,
          ...(unchanged ? { unchanged } : {}),
        },
        null,
        2,
      ),
    );
    return;
  }
  // On stderr, as Docusaurus's warnings are: a script reading the output sees them apart from it.
  for (const w of result.warnings) process.stderr.write(`  \u26a0 warning: ${formatProblem(w)}\n`);
  const n = result.warnings.length;
  progress?.line(
    `\u2714 ${result.pages} pages, ${result.locales.length} locale${result.locales.length > 1 ? 's' : ''} (${result.locales.join(', ')}), ${n} warning${n === 1 ? '' : 's'}, ${seconds} s → ${path.relative(process.cwd(), result.outDir ?? '') || '.'}`,
  );
}

/**
 * Tells the launcher (bin/launch-mode.js) that this command's next run will find the cache this one
 * wrote: it then runs the build in its own node instead of starting a second one. Marks of commands
 * not run for two weeks go (each sitegen source change makes new ones).
 */
function markWarm(mark: string | undefined): void {
  if (!mark) return;
  try {
    fs.mkdirSync(path.dirname(mark), { recursive: true });
    fs.writeFileSync(mark, '');
    const stale = Date.now() - 14 * 24 * 3600_000;
    for (const name of fs.readdirSync(path.dirname(mark))) {
      if (!name.startsWith('launch-')) continue;
      const file = path.join(path.dirname(mark), name);
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (stat && stat.mtimeMs < stale) fs.rmSync(file, { force: true });
    }
  } catch {
    // Without its mark, the next build starts a second node: slower, nothing else.
  }
}

/** `--threads <n>` as a number; Number('abc') would be NaN and quietly mean the default. */
/** --cache-max-size in MB: a number above 0. */
function cacheMaxSize(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const mb = Number(value);
  if (!/^\s*\d*\.?\d+\s*$/.test(value) || !(mb > 0)) {
    throw new SitegenError(`--cache-max-size takes a number of megabytes above 0, not ${JSON.stringify(value)}`, [
      { message: 'the bound of the build cache (node_modules/.cache/sitegen)', hint: 'Pass --cache-max-size 200 (200 MB), or leave it out for the config cacheMaxSize, else 500 MB.' },
    ]);
  }
  return mb;
}

function threadCount(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\s*\d+\s*$/.test(value)) {
    throw new SitegenError(`--threads takes a whole number ≥ 0, not ${JSON.stringify(value)}`, [
      { message: 'the worker threads for parsing and rendering', hint: 'Pass --threads 0 (this thread alone), --threads 4, or leave it out for the default.' },
    ]);
  }
  return Number(value);
}

/** The stages of build() in order, with their usual share of the time (the bar moves by these). */
const STAGES: [string, number][] = [
  ['config', 2],
  ['parse', 25],
  ['plan', 5],
  // Only with markdown.mermaid: reading drawn diagrams back is quick, drawing them takes seconds.
  ['diagrams', 1],
  ['render', 25],
  // The search index of a site too small for a search thread (else its thread starts here).
  ['index', 4],
  ['bundle', 3],
  ['passes', 3],
  ['html', 20],
  ['search', 3],
  ['write', 10],
];

export interface Progress {
  line(text: string): void;
  stage(t: StageTiming): void;
  done(timings: StageTiming[]): void;
  fail(): void;
}

/**
 * Interactive: one line redrawn in place (bar, percentage, current stage, elapsed time), replaced by
 * a one-line summary of the stage timings at the end. Otherwise (CI, pipes, log files): each stage
 * as a plain line when it ends, nothing redrawn, no escape codes.
 */
export function createProgress(params: { stream: NodeJS.WritableStream & { columns?: number }; interactive: boolean; now?: () => number }): Progress {
  const { stream, interactive } = params;
  const now = params.now ?? (() => performance.now());
  const started = now();
  const total = STAGES.reduce((s, [, w]) => s + w, 0);
  let doneWeight = 0;
  let next = 0;
  let drawn = false;
  let timer: NodeJS.Timeout | undefined;

  const draw = () => {
    const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - 40));
    const share = Math.min(1, doneWeight / total);
    const filled = Math.round(share * width);
    const current = STAGES[next]?.[0] ?? 'finishing';
    const elapsed = ((now() - started) / 1000).toFixed(1);
    stream.write(`\r\u001b[2K  ${'\u2588'.repeat(filled)}${'\u2591'.repeat(width - filled)} ${String(Math.round(share * 100)).padStart(3)}%  ${current}\u2026  ${elapsed} s`);
    drawn = true;
  };
  const clear = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    if (drawn) stream.write('\r\u001b[2K');
    drawn = false;
  };
  if (interactive) {
    // Stages are CPU-bound; the timer redraws the elapsed time whenever the build yields.
    timer = setInterval(draw, 100);
    timer.unref();
  }

  return {
    line(text) {
      if (drawn) stream.write('\r\u001b[2K');
      stream.write(`${text}\n`);
      if (drawn) draw();
    },
    stage(t) {
      const i = STAGES.findIndex(([name]) => name === t.stage);
      if (i !== -1) {
        doneWeight = STAGES.slice(0, i + 1).reduce((s, [, w]) => s + w, 0);
        next = i + 1;
      }
      if (interactive) draw();
      else stream.write(`  ${t.stage.padEnd(8)} ${t.ms.toFixed(0).padStart(6)} ms\n`);
    },
    done(timings) {
      if (!interactive) return;
      clear();
      stream.write(`\u001b[2m  ${timings.map((t) => `${t.stage} ${t.ms.toFixed(0)} ms`).join(' \u00b7 ')}\u001b[0m\n`);
    },
    fail() {
      clear();
    },
  };
}
