import { cacheKey } from '../cacheKey.js';
import fs from 'node:fs';
import path from 'node:path';
import { SitegenError } from '../errors.js';
import { diskError } from './diskError.js';
import { OUTPUT_MARKER, OUTPUT_MARKER_TEXT, isOutput } from './safeOutDir.js';
import { launcherGone } from './launcher.js';
import { removeStaleSiblings, restoreReplacedOutput } from './staleFolders.js';
import { insideFolder } from './insideFolder.js';
import { createFileWriter } from './fileWriter.js';
import { JOURNAL, applyJournal, journalOf, lock, rollForward, scanOutput, tryLock, unlock, unlockAll, writeJournal, type ScannedOutput } from './inPlace.js';
import { scanOutputAhead } from './scanAhead.js';

/** Where a build writes its files: a folder swapped in atomically, or memory (tests, dev server). */
export interface OutputSink {
  write(relPath: string, data: string | Uint8Array): void;
  copy(relPath: string, absSource: string): void;
  /**
   * Keeps the file the previous build wrote at this path when it was written under the same key
   * (a key that names everything the content is made of): the caller then need not make it again.
   * Only a folder sink with a cache can; false means "write it".
   */
  reuse?(relPath: string, key: string): boolean;
  /** Whether `reuse` would keep the file (it is not claimed yet). */
  kept?(relPath: string, key: string): boolean;
  /** Writes under a caller-made key instead of a hash of the content (see reuse). */
  writeKeyed?(relPath: string, data: string | Uint8Array, key: string): void;
  /** Makes the output visible; for a folder, replaces the previous build in one rename. */
  commit(): Promise<void>;
  /**
   * A folder other threads may write files into themselves (files that need no record), or
   * undefined. What they write there is committed with the rest.
   */
  directFolder?(): string | undefined;
  /** Drops everything written (a failed build): the previous output stays as it was. */
  abort(): Promise<void>;
  /** Resolves once the sink may be used (a folder sink scanning its previous output ahead: DirSinkOptions.scanAhead). */
  ready?(): Promise<void>;
  /**
   * Once every write is on disk, the folder that will become the output, for code that reads and adds
   * files there before the commit (Docusaurus plugins' postBuild); undefined when there is none to lend
   * (memory, or files linked to the previous output, which a write there would change).
   */
  settledFolder?(): Promise<string | undefined>;
}

export class MemorySink implements OutputSink {
  readonly files = new Map<string, string | Uint8Array>();
  readonly copies = new Map<string, string>();

  write(relPath: string, data: string | Uint8Array): void {
    insideFolder('/', relPath);
    this.files.set(relPath, data);
  }

  copy(relPath: string, absSource: string): void {
    insideFolder('/', relPath);
    this.copies.set(relPath, absSource);
  }

  read(relPath: string): string | undefined {
    const v = this.files.get(relPath);
    if (v === undefined) {
      const src = this.copies.get(relPath);
      return src ? fs.readFileSync(src, 'utf8') : undefined;
    }
    return typeof v === 'string' ? v : Buffer.from(v).toString('utf8');
  }

  paths(): string[] {
    return [...new Set([...this.files.keys(), ...this.copies.keys()])].sort();
  }

  async commit(): Promise<void> {}
  async abort(): Promise<void> {}
}

const removals = new Set<Promise<unknown>>();
/** Folders of this process's builds not yet committed or dropped, and replaced outputs being removed. */
const staging = new Set<string>();

/** What a folder build wrote, kept between builds in one process: lets the next build write only what changed. */
export type OutputManifest = Map<string, OutputRecord>;

export interface OutputRecord {
  /** sha1 of what was written, or the source file's identity for a copy. */
  key: string;
  /** The output file as written: a file changed since (by hand) is not reused. */
  size: number;
  mtimeMs: number;
}

export interface DirSinkOptions {
  /**
   * Outputs of earlier builds into this folder, by folder: with one, the new build starts as hard
   * links to the previous output and writes only the files whose content changed.
   */
  manifests?: Map<string, OutputManifest>;
  /** Replace the output even when it is a folder of other files (checked again before the swap; see safeOutDir). */
  force?: boolean;
  /**
   * Scan the previous output for an update in place on a thread of its own (scanAhead.ts) when it has
   * at least this many files (the build: SCAN_AHEAD_FILES), while the caller goes on: nothing may be
   * written, kept or asked before `ready()` resolves.
   */
  scanAhead?: number;
}

/**
 * Writes into a fresh sibling folder of the output and renames it over the output only when the
 * whole build succeeded, so a failed build never leaves a half-written site. With a manifest of the
 * previous build, the output is updated in place (inPlace.ts): only the files whose content changed
 * are written to the sibling folder, and moved over the previous ones by a journaled commit (a file of
 * the previous output is replaced, never written through). When another build holds the folder, the
 * sibling starts as hard links to the previous files instead, and is swapped in whole.
 */
export class DirSink implements OutputSink {
  private readonly tmp: string;
  private readonly outDir: string;
  private readonly writer = createFileWriter();
  private previous?: OutputManifest;
  /** Files of the previous build linked into the new folder and not yet rewritten or kept. */
  private readonly linked = new Set<string>();
  /** Files of the previous build kept as they were (still links to the previous output's files). */
  private readonly keptLinks = new Set<string>();
  private readonly next?: OutputManifest;
  /** Updating the output in place: the output as scanned at the start, and the files written to the staging folder. */
  private inPlace?: { scanned: ScannedOutput; written: Set<string> };
  /** The scan of the previous output on its thread, until it is done (scanAhead). */
  private scanning?: Promise<void>;

  constructor(
    outDir: string,
    private readonly options: DirSinkOptions = {},
  ) {
    this.outDir = outDir.replace(/[/\\]+$/, '');
    this.tmp = `${this.outDir}.tmp-${process.pid}-${Date.now()}`;
    try {
      // A commit in place a killed build left half-applied is completed before stale folders go.
      rollForward({ outDir: this.outDir, live: staging });
      removeStaleSiblings({ outDir: this.outDir, live: staging });
      fs.mkdirSync(this.tmp, { recursive: true });
      staging.add(this.tmp);
      // First of all: a staging folder left by a killed build is recognised as ours by it.
      fs.writeFileSync(path.join(this.tmp, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
    } catch (e) {
      fs.rmSync(this.tmp, { recursive: true, force: true });
      staging.delete(this.tmp);
      throw diskError(e, this.outDir);
    }
    this.writer.knownFolder(this.tmp);
    if (options.manifests) {
      this.next = new Map();
      const previous = options.manifests.get(this.outDir);
      if (previous && isOutput(this.outDir) && tryLock(this.outDir)) {
        const start = (scanned?: ScannedOutput) => {
          try {
            this.startInPlace(previous, scanned);
          } catch {
            // The folder changed under us: write everything, and swap it in whole.
            this.inPlace = undefined;
            this.linked.clear();
            unlock(this.outDir);
          }
        };
        // A scan that failed on its thread is made here (and fails here too when the folder changed).
        if (options.scanAhead !== undefined && previous.size >= options.scanAhead) this.scanning = scanOutputAhead(this.outDir).then(start, () => start());
        else start();
      } else if (previous && fs.existsSync(this.outDir)) {
        try {
          this.linkTree(previous, '');
          this.previous = previous;
        } catch {
          // No hard links here (or the folder changed under us): write everything.
          this.linked.clear();
          fs.rmSync(this.tmp, { recursive: true, force: true });
          fs.mkdirSync(this.tmp, { recursive: true });
          fs.writeFileSync(path.join(this.tmp, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
          this.writer.forgetFolders();
          this.writer.knownFolder(this.tmp);
        }
      }
    }
  }

  /** The previous output's files that are as the previous build wrote them may be kept where they are (`given`: scanned already). */
  private startInPlace(previous: OutputManifest, given?: ScannedOutput): void {
    this.scanning = undefined;
    const scanned = given ?? scanOutput(this.outDir, (rel) => previous.has(rel));
    for (const f of scanned.files) {
      const record = previous.get(f.rel);
      if (record && record.size === f.size && record.mtimeMs === f.mtimeMs) this.linked.add(f.rel);
    }
    this.inPlace = { scanned, written: new Set() };
    this.previous = previous;
  }

  private linkTree(previous: OutputManifest, rel: string): void {
    for (const entry of fs.readdirSync(path.join(this.outDir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        fs.mkdirSync(path.join(this.tmp, child));
        this.writer.knownFolder(path.join(this.tmp, child));
        this.linkTree(previous, child);
      } else if (entry.isFile() && child !== OUTPUT_MARKER) {
        const record = previous.get(child);
        if (!record) continue;
        const stat = fs.statSync(path.join(this.outDir, child));
        if (stat.size !== record.size || stat.mtimeMs !== record.mtimeMs) continue;
        fs.linkSync(path.join(this.outDir, child), path.join(this.tmp, child));
        this.linked.add(child);
      }
    }
  }

  async ready(): Promise<void> {
    await this.scanning;
  }

  /** Throws when the sink is used before its scan ahead is done (a caller that did not wait for `ready()`). */
  private scanned(): void {
    if (this.scanning) throw new Error('Internal error in sitegen (src/builder/output/sink.ts): the output was used before its scan was done; await ready() first');
  }

  /**
   * Whether the file is already there from the previous build with this key; else makes room for it.
   * `file`: its path in the staging folder, joined here when not given (only a file to unlink needs it:
   * a warm build asks this of every page's two files, most of them kept).
   */
  private keep(relPath: string, file: string | undefined, key: string): boolean {
    if (this.linked.has(relPath)) {
      this.linked.delete(relPath);
      const record = this.previous!.get(relPath)!;
      if (record.key === key) {
        this.next!.set(relPath, record);
        this.keptLinks.add(relPath);
        return true;
      }
      if (!this.inPlace) fs.unlinkSync(file ?? path.join(this.tmp, relPath));
    } else if (this.keptLinks.delete(relPath)) {
      // Kept once, now written again: never write through a link into the previous output.
      if (!this.inPlace) fs.unlinkSync(file ?? path.join(this.tmp, relPath));
    }
    this.inPlace?.written.add(relPath);
    return false;
  }

  /** Without a manifest, a file needs no record: other threads may write into the staging folder. */
  directFolder(): string | undefined {
    return this.next ? undefined : this.tmp;
  }

  async settledFolder(): Promise<string | undefined> {
    if (this.next) return undefined;
    await this.writer.settle();
    return this.tmp;
  }

  kept(relPath: string, key: string): boolean {
    this.scanned();
    return Boolean(this.next && this.linked.has(relPath) && this.previous!.get(relPath)?.key === `k:${key}`);
  }

  reuse(relPath: string, key: string): boolean {
    if (!this.next) return false;
    this.scanned();
    const record = this.linked.has(relPath) ? this.previous!.get(relPath) : undefined;
    return record?.key === `k:${key}` && this.keep(relPath, undefined, record.key);
  }

  writeKeyed(relPath: string, data: string | Uint8Array, key: string): void {
    this.put(relPath, data, `k:${key}`);
  }

  /** Records a written file in the manifest (its size and time tell a file changed by hand later). */
  private record(relPath: string, file: string, key: string): void {
    const stat = fs.statSync(file);
    this.next!.set(relPath, { key, size: stat.size, mtimeMs: stat.mtimeMs });
  }

  write(relPath: string, data: string | Uint8Array): void {
    this.put(relPath, data);
  }

  private put(relPath: string, text: string | Uint8Array, givenKey?: string): void {
    this.scanned();
    const key = this.next ? (givenKey ?? cacheKey(text)) : undefined;
    const file = insideFolder(this.tmp, relPath);
    if (key !== undefined && this.keep(relPath, file, key)) return;
    // A text waiting for the disk is encoded as it is queued (fileWriter.ts): a page's markup is then
    // held outside the JavaScript heap, which the collector does not copy around.
    this.writer.write(file, text, key === undefined ? undefined : () => this.record(relPath, file, key));
  }

  copy(relPath: string, absSource: string): void {
    this.scanned();
    let key: string | undefined;
    if (this.next) {
      const source = fs.statSync(absSource);
      key = `copy:${absSource}:${source.size}:${source.mtimeMs}`;
    }
    const file = insideFolder(this.tmp, relPath);
    if (key !== undefined && this.keep(relPath, file, key)) return;
    this.writer.copy(file, absSource, key === undefined ? undefined : () => this.record(relPath, file, key));
  }

  async commit(): Promise<void> {
    try {
      await this.swap();
    } catch (e) {
      throw diskError(e, this.outDir);
    }
  }

  private async swap(): Promise<void> {
    this.scanned();
    await this.writer.settle();
    if (this.inPlace) return this.commitInPlace(this.inPlace);
    // Files of the previous build this one did not write are gone from the site, and so are
    // folders they leave empty.
    const emptied = new Set<string>();
    for (const rel of this.linked) {
      fs.unlinkSync(path.join(this.tmp, rel));
      for (let dir = path.posix.dirname(rel); dir !== '.'; dir = path.posix.dirname(dir)) emptied.add(dir);
    }
    for (const dir of [...emptied].sort((a, b) => b.length - a.length)) {
      try {
        fs.rmdirSync(path.join(this.tmp, dir));
      } catch {
        // Not empty: it still holds files of this build.
      }
    }
    this.linked.clear();
    this.keptLinks.clear();
    // A build whose launcher was killed must not replace the output behind the user's back.
    if (launcherGone()) throw new SitegenError('The build was stopped: the sitegen process that started it is gone');
    // Not while a build updates the folder in place.
    const locked = await lock(this.outDir);
    try {
      this.swapLocked();
    } finally {
      if (locked) unlock(this.outDir);
    }
  }

  /** The new folder replaces the output (with the output folder's lock held, when it could be taken). */
  private swapLocked(): void {
    const old = `${this.outDir}.old-${process.pid}-${Date.now()}`;
    const hadOld = fs.existsSync(this.outDir);
    if (hadOld && !this.options.force && !isOutput(this.outDir) && !isEmptyFolder(this.outDir)) {
      throw new SitegenError('Refusing to replace the output folder', [
        { message: `${this.outDir} changed during the build: it is no longer an earlier sitegen build`, hint: 'Pass another --out-dir, or --force-out-dir to replace it.' },
      ]);
    }
    if (hadOld) fs.renameSync(this.outDir, old);
    try {
      fs.renameSync(this.tmp, this.outDir);
    } catch (e) {
      if (hadOld) fs.renameSync(old, this.outDir);
      throw e;
    }
    staging.delete(this.tmp);
    if (this.next) this.options.manifests!.set(this.outDir, this.next);
    // The previous output is out of sight now: it is removed while the caller goes on (the process
    // does not exit before the removal ends; `settled()` waits for it).
    if (hadOld) {
      staging.add(old);
      const removal = fs.promises.rm(old, { recursive: true, force: true }).catch(() => undefined);
      removals.add(removal);
      void removal.then(() => {
        removals.delete(removal);
        staging.delete(old);
      });
    }
  }

  /** The commit of a build in place: the journal written, then applied (inPlace.ts); the lock is let go. */
  private commitInPlace(inPlace: { scanned: ScannedOutput; written: Set<string> }): void {
    try {
      if (launcherGone()) throw new SitegenError('The build was stopped: the sitegen process that started it is gone');
      if (!isOutput(this.outDir)) {
        throw new SitegenError('Refusing to update the output folder', [
          { message: `${this.outDir} changed during the build: it is no longer an earlier sitegen build`, hint: 'Pass another --out-dir, or --force-out-dir to replace it.' },
        ]);
      }
      const journal = journalOf(inPlace.scanned, this.keptLinks, inPlace.written);
      writeJournal(this.tmp, journal);
      applyJournal(this.outDir, this.tmp, journal);
      fs.rmSync(this.tmp, { recursive: true, force: true });
      staging.delete(this.tmp);
    } finally {
      unlock(this.outDir);
    }
    this.linked.clear();
    this.keptLinks.clear();
    this.options.manifests!.set(this.outDir, this.next!);
  }

  /**
   * Puts the previous output back when a build killed in the middle of its swap left `outDir` missing
   * (see staleFolders.ts), and completes the commit of a build killed while updating it in place
   * (inPlace.ts); returns the folder it was restored from. Runs before a build does anything else.
   */
  static restorePrevious(outDir: string): string | undefined {
    const dir = outDir.replace(/[/\\]+$/, '');
    const restored = restoreReplacedOutput({ outDir: dir, live: staging });
    rollForward({ outDir: dir, live: staging });
    return restored;
  }

  /** Waits for the removal of earlier outputs this process replaced. */
  static async settled(): Promise<void> {
    await Promise.all([...removals]);
  }

  /** Removes the staging folders of this process's unfinished builds at once (the process is about to exit). */
  static discardAllSync(): void {
    for (const dir of staging) fs.rmSync(dir, { recursive: true, force: true });
    staging.clear();
    unlockAll();
  }

  async abort(): Promise<void> {
    // A scan still on its thread ends first: its end takes the lock's fate into its hands (startInPlace).
    await this.scanning;
    await this.writer.settle().catch(() => undefined);
    // A commit in place that failed half-way is left to the next build to complete (its journal is written).
    if (!(this.inPlace && fs.existsSync(path.join(this.tmp, JOURNAL)))) await fs.promises.rm(this.tmp, { recursive: true, force: true });
    staging.delete(this.tmp);
    if (this.inPlace) unlock(this.outDir);
  }
}

function isEmptyFolder(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch {
    return false;
  }
}
