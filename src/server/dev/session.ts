import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildResult } from '../../builder/build.js';
import { MemorySink } from '../../builder/output/sink.js';
import { SitegenError, formatProblem, type Problem } from '../../builder/errors.js';
import { routeToDataFile } from '../../shared/url.js';
import { cacheBound, openPersistentCache, snapshotPath, removeOlderStores, type PersistentCache } from '../../builder/persistentCache.js';
import { openSnapshotFile, writeSnapshotFile } from './snapshot.js';
import { published, changedRoutes, withoutBody, textOf, updatedPage, type Published, type Served, type SnapshotMeta } from './published.js';
import type { SiteConfig } from '../../builder/config/schema.js';
import { fastMarkdownUpdate } from './fastPath.js';
import { EventHub, type ProblemReport } from './events.js';

// The state of `sitegen dev`: the last good build in memory (served as is), pages updated since by
// the fast path (served over it), and the problems of the last attempt. Full builds run one at a
// time through build() with a cache kept across builds (and on disk across runs); each one that
// succeeds replaces the served site, and the open pages whose content changed are told to reload.

export interface DevSessionOptions {
  configFile: string;
  locale?: string;
  log: (line: string) => void;
  /** Keep the caches on disk between runs (default true). */
  persist?: boolean;
  /** Files of the site's code first seen read by a build (or named by its errors): the watcher follows them. */
  onSiteCode?: (files: string[]) => void;
}

/** A change seen by the watcher. */
export interface Change {
  path: string;
  event: 'add' | 'change' | 'unlink';
}

/** Pages made by a fast update stay in front of builds started before them. */
interface OverlayEntry {
  seq: number;
  data: string | Uint8Array | { copy: string };
}

/** How long a full build waits after a fast update: the reloading page is served first, and a quick
 * next save is answered by the fast path again instead of waiting for a build that holds the thread. */
const SETTLE_MS = 1000;
/** On a large site (many versions, thousands of pages) a full build holds the thread longer: it waits
 * twice as long as the last one took, so that saves that come quicker than that stay on the fast
 * path (whose work is the edited page's, whatever the site's size); at most this long. */
const SETTLE_MAX_MS = 15_000;
/** When the last run's output is served, the first build waits this long. */
const FIRST_BUILD_DELAY_MS = 250;
/** The caches go to disk this long after the last build. */
const SAVE_AFTER_MS = 3000;
/** Content-hashed files of earlier builds stay servable: an open page may still ask for them. */
const RETIRED_BUILDS = 3;

export class DevSession {
  readonly hub = new EventHub();
  /** Grows with every published change; a page served at an older value reloads when it reconnects. */
  generation = Date.now();
  problems?: ProblemReport;
  /** The site's code files the builds read (components, styles, images, JSON), and those their errors named. */
  readonly siteCode = new Set<string>();
  private persistentCache?: PersistentCache;
  private last?: Published;
  private readonly overlay = new Map<string, OverlayEntry>();
  private retired: Map<string, string | Uint8Array | { copy: string }>[] = [];
  private seq = 0;
  private running?: Promise<void>;
  private again = false;
  /** How long the last successful full build took (0 until one has run on the session's caches). */
  private lastBuildMs = 0;
  private builds = 0;
  private timer?: NodeJS.Timeout;
  private saveTimer?: NodeJS.Timeout;
  private firstBuild?: Promise<void>;
  private closed = false;

  constructor(private readonly options: DevSessionOptions) {}

  /** The build cache, read from disk on first use (after the snapshot is already served). */
  get persistent(): PersistentCache {
    this.persistentCache ??= openPersistentCache({ site: this.options.configFile, persist: this.options.persist, html: true });
    return this.persistentCache;
  }

  /**
   * Starts the first build. Resolves as soon as something can be served: at once when the last run
   * left a snapshot of its output (the build then replaces it and reloads what changed meanwhile),
   * otherwise when the first build succeeded or failed.
   */
  start(): Promise<void> {
    if (!this.firstBuild) {
      const file = this.options.persist === false ? undefined : this.snapshotFile();
      const snapshot = file ? openSnapshotFile<SnapshotMeta & { copies: [string, string][] }>(file) : undefined;
      if (snapshot) this.last = { ...snapshot.meta, copies: new Map(snapshot.meta.copies), files: snapshot.files };
      // Serving the snapshot comes first: the build starts once the first requests had their turn.
      this.firstBuild = snapshot ? new Promise<void>((r) => setTimeout(r, FIRST_BUILD_DELAY_MS)).then(() => this.fullBuild()) : this.fullBuild();
    }
    return this.last ? Promise.resolve() : this.firstBuild;
  }

  /** Resolves when the first build of this run is done (successful or not). */
  get built(): Promise<void> {
    return this.start().then(() => this.firstBuild);
  }

  /** The config and folder of what is served (undefined until something can be). */
  get site(): { config: SiteConfig; siteDir: string } | undefined {
    return this.last && { config: this.last.config, siteDir: this.last.siteDir };
  }

  /** The last successful build of this run. */
  get current(): BuildResult | undefined {
    return this.last?.result;
  }

  /** Reacts to file changes: fast updates first when they apply, then a full build. */
  async changed(changes: Change[]): Promise<void> {
    await this.firstBuild;
    const last = this.last;
    const markdown = changes.every((c) => c.event === 'change' && /\.mdx?$/.test(c.path));
    // Problems elsewhere (the config, another page) need a full build to be seen fixed or not.
    const onlyHere = !this.problems || this.problems.problems.every((p) => p.file && changes.some((c) => c.path === path.resolve(path.dirname(this.options.configFile), p.file!)));
    if (last?.result && markdown && onlyHere) {
      const updated: string[] = [];
      const bodies: string[] = [];
      let needsBuild = false;
      for (const c of changes) {
        const started = performance.now();
        const r = await fastMarkdownUpdate({ file: c.path, last: last.result, cache: this.persistent.cache });
        if (r.kind === 'problems') this.report('The edit has problems', r.problems);
        if (r.kind !== 'updated') {
          needsBuild = true;
          break;
        }
        const changedHere: string[] = [];
        for (const route of r.routes) {
          const before = textOf(this.lookup(routeToDataFile(route)));
          const after = textOf({ data: r.sink.files.get(routeToDataFile(route))! });
          // A save that changes nothing on the page (editors save twice; whitespace) updates nothing;
          // one that changes only the body text is swapped into the open page without a reload.
          if (before === after) continue;
          changedHere.push(route);
          if (before !== undefined && after !== undefined && withoutBody(before) === withoutBody(after)) bodies.push(route);
          else updated.push(route);
        }
        const seq = ++this.seq;
        for (const [rel, data] of r.sink.files) this.overlay.set(rel, { seq, data });
        for (const [rel, abs] of r.sink.copies) this.overlay.set(rel, { seq, data: { copy: abs } });
        if (changedHere.length) this.options.log(`\u2714 ${changedHere.join(', ')} updated in ${(performance.now() - started).toFixed(0)} ms`);
      }
      // Pages updated before a file that needs the full build are shown at once all the same.
      if (updated.length || bodies.length) {
        if (this.problems && !needsBuild) {
          this.problems = undefined;
          this.hub.broadcast({ type: 'ok', generation: this.generation });
        }
        if (bodies.length) this.hub.broadcast({ type: 'update', generation: ++this.generation, pages: bodies.map((p) => updatedPage(p, textOf(this.lookup(routeToDataFile(p))))) });
        if (updated.length) this.hub.broadcast({ type: 'reload', generation: ++this.generation, paths: updated });
      }
      if (!needsBuild) {
        this.schedule(Math.min(SETTLE_MAX_MS, Math.max(SETTLE_MS, 2 * this.lastBuildMs)));
        return;
      }
    }
    this.schedule(0);
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.fullBuild(), delay);
  }

  /** One full build at a time; a change during a build runs one more after it. */
  fullBuild(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.runBuild().finally(() => {
      this.running = undefined;
      if (this.again && !this.closed) {
        this.again = false;
        void this.fullBuild();
      }
    });
    return this.running;
  }

  private async runBuild(): Promise<void> {
    const startedSeq = this.seq;
    const started = performance.now();
    const sink = new MemorySink();
    let result: BuildResult;
    try {
      result = await build({ configFile: this.options.configFile, sink, dev: true, locale: this.options.locale, cache: this.persistent.cache });
    } catch (e) {
      if (e instanceof SitegenError) {
        // A component broken before any build read it (the first one failed) is followed all the same.
        this.followSiteCode(e.problems.flatMap((p) => (p.file && path.isAbsolute(p.file) && fs.existsSync(p.file) ? [p.file] : [])));
        this.report(e.title, e.problems);
      } else {
        this.report('sitegen failed while building', [{ message: (e as Error).stack ?? String(e) }]);
      }
      return;
    }
    // What the build's plugins read besides (Docusaurus plugins' getPathsToWatch) is followed as the site's code is: an edit builds again.
    const pluginPaths = result.site.plugins.flatMap((p) => p.watchPaths?.({ config: result.site.config, siteDir: result.site.siteDir }) ?? []).filter((p) => fs.existsSync(p));
    this.followSiteCode([...result.siteCode, ...pluginPaths]);
    this.publish(published(result, sink), startedSeq);
    // The first build of a session fills the caches: it says nothing about the next ones.
    if (this.builds++ > 0) this.lastBuildMs = performance.now() - started;
    const n = result.warnings.length;
    this.options.log(`\u2714 built ${result.pages} pages in ${(performance.now() - started).toFixed(0)} ms${n ? `, ${n} warning${n > 1 ? 's' : ''}` : ''}`);
    for (const w of result.warnings) this.options.log(`  \u26a0 ${formatProblem(w)}`);
    // Writing the cache takes a moment of this thread: done once the author pauses, not after every save.
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), SAVE_AFTER_MS);
    this.saveTimer.unref();
  }

  private followSiteCode(files: string[]): void {
    const fresh = files.filter((f) => !this.siteCode.has(f));
    for (const f of fresh) this.siteCode.add(f);
    if (fresh.length) this.options.onSiteCode?.(fresh);
  }

  private report(title: string, problems: Problem[]): void {
    // Shown relative to the site (the config's folder), as an author names the file.
    const site = path.dirname(this.options.configFile);
    const shown = (file?: string) => (file && path.isAbsolute(file) ? path.relative(site, file) : file);
    this.problems = { title, problems: problems.map((p) => ({ file: shown(p.file), line: p.line, column: p.column, message: p.message, hint: p.hint })) };
    this.options.log(`\u2716 ${title}`);
    for (const p of problems) this.options.log(`  ${formatProblem(p).replace(/\n/g, '\n  ')}`);
    this.hub.broadcast({ type: 'problems', generation: this.generation, problems: this.problems });
  }

  private publish(next: Published, startedSeq: number): void {
    const prev = this.last;
    // Compared with what the pages were served: the fast updates included.
    const reload = prev ? changedRoutes(prev, next, (rel) => this.overlay.get(rel)?.data) : 'all';
    // Fast updates made while this build ran are newer than it: they stay in front.
    for (const [rel, entry] of this.overlay) if (entry.seq <= startedSeq) this.overlay.delete(rel);
    const newer = new Set(this.overlay.keys());
    if (prev) {
      const hashed = new Map<string, string | Uint8Array | { copy: string }>();
      for (const rel of prev.files.keys()) if (rel.startsWith('assets/')) hashed.set(rel, prev.files.get(rel)!);
      for (const [rel, abs] of prev.copies) if (rel.startsWith('assets/')) hashed.set(rel, { copy: abs });
      this.retired = [hashed, ...this.retired].slice(0, RETIRED_BUILDS);
      prev.files.close?.();
    }
    this.last = next;
    const hadProblems = Boolean(this.problems);
    this.problems = undefined;
    if (hadProblems) this.hub.broadcast({ type: 'ok', generation: this.generation });
    const paths = reload === 'all' ? 'all' : reload.filter((p) => !newer.has(routeToDataFile(p)));
    if (paths === 'all' || paths.length) this.hub.broadcast({ type: 'reload', generation: ++this.generation, paths });
  }

  /** The file served at a path of the site (relative, no leading slash), or undefined. */
  lookup(rel: string): Served | undefined {
    const o = this.overlay.get(rel);
    if (o) return typeof o.data === 'object' && 'copy' in o.data ? { file: o.data.copy } : { data: o.data as string | Uint8Array };
    const data = this.last?.files.get(rel);
    if (data !== undefined) return { data };
    const copy = this.last?.copies.get(rel);
    if (copy) return { file: copy };
    if (rel.startsWith('assets/')) {
      for (const old of this.retired) {
        const hit = old.get(rel);
        if (hit !== undefined) return typeof hit === 'object' && 'copy' in hit ? { file: hit.copy } : { data: hit as string | Uint8Array };
      }
    }
    return undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.saveTimer);
    await this.running;
    this.save();
    await this.persistentCache?.cache.dispose();
    this.hub.close();
  }

  /** One snapshot per site and locale choice: `--locale` serves only its locale. */
  private snapshotFile(): string | undefined {
    return snapshotPath(this.options.locale ? `${this.options.configFile}#${this.options.locale}` : this.options.configFile);
  }

  /** The caches, and the output of the last build for the next start to serve at once. */
  private save(): void {
    if (this.options.persist === false) return;
    this.persistentCache?.save(cacheBound(this.last?.config.cacheMaxSize));
    const file = this.snapshotFile();
    const last = this.last;
    if (file && last?.result) {
      try {
        // What is served: pages of fast updates in front of the build's.
        const files = new Map<string, string | Uint8Array>();
        for (const rel of last.files.keys()) files.set(rel, last.files.get(rel)!);
        for (const [rel, entry] of this.overlay) if (!(typeof entry.data === 'object' && 'copy' in entry.data)) files.set(rel, entry.data as string | Uint8Array);
        const copies = new Map(last.copies);
        for (const [rel, entry] of this.overlay) if (typeof entry.data === 'object' && 'copy' in entry.data) copies.set(rel, entry.data.copy);
        writeSnapshotFile(file, { meta: { routes: last.routes, chrome: last.chrome, config: last.config, siteDir: last.siteDir, copies: [...copies] }, files });
        removeOlderStores(file);
      } catch {
        // Without a snapshot the next start waits for its first build, nothing worse.
      }
    }
  }
}
