// The write mechanics of a folder build, apart from what is written: files go to the I/O thread pool
// (callback fs API, folders made once), in order per file; past 16 MB waiting, a write runs at once,
// synchronously (the caller waits for the disk). The first failure is reported by settle().
//
// A text written at once goes to fs.writeFileSync as it is: node encodes it and writes the file in
// one call (its C++ path for UTF-8 text), where a Buffer first allocated a backing store per file and
// took node's open/write/close one by one; and a folder this writer made or saw made is not made
// again. A text that waits is encoded as it is queued (held outside the JavaScript heap meanwhile).
// The 1,000-docs folder site (bench/folder.ts) writes most of its 2,000 page files at once (its
// HTML stage runs on the build's thread, faster than the disk): perf counted 11 % of its cold
// build's CPU in writing them (Buffer.from 2.8 %, mkdirSync 2.3 %, the rest the kernel's). 1,000
// such pages (25 and 15 KB, two-byte strings) written as the sink does: 250 -> 226 ms of user CPU
// (median of 6 processes each, alternating, 22:10 UTC, load 14); the kernel's part (450-1,150 ms,
// creating the inodes) is the same either way.
import fs from 'node:fs';
import path from 'node:path';

/** Writes and copies files; `then` runs after the file is there (to record it). */
export interface FileWriter {
  /** A text is written as UTF-8. */
  write(file: string, data: string | Uint8Array, then?: (file: string) => void): void;
  copy(file: string, source: string, then?: (file: string) => void): void;
  /** Folders known to exist (made by the caller): no mkdir for files in them. */
  knownFolder(dir: string): void;
  forgetFolders(): void;
  /** Waits for every pending operation; throws the first failure. */
  settle(): Promise<void>;
}

/**
 * A callback-style fs call as a promise. fs.promises.writeFile opens a FileHandle and takes several
 * promise steps per file; with hundreds of pages that bookkeeping is a tenth of the HTML stage.
 */
function callback(run: (done: (e: NodeJS.ErrnoException | null) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((e) => (e ? reject(e) : resolve())));
}
const DONE: Promise<void> = Promise.resolve();
/** Bytes of writes waiting for the disk before a write waits for its own. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;

/** The largest text (in UTF-16 units) `utf8` encodes through its scratch buffer: UTF-8 takes at most 3 bytes per unit. */
const SCRATCH_UNITS = 1 << 18;
let scratch: Buffer | undefined;

/**
 * `text` as UTF-8, encoded into a scratch buffer of the largest size it may take and copied out at
 * the size it took: Buffer.from first measures a text's UTF-8 length in a pass of its own, as long as
 * the encoding itself for a two-byte string (which a page showing one character past Latin-1 is: 522
 * of the Shifu site's 663 HTML and JSON files). Its 516 page documents and page-data files encoded in a fresh
 * node, 6 processes each alternating (21:35 UTC, load 6-7): 26-32 -> 20-21 ms of CPU as flat strings,
 * 72-87 (median 73) -> 64-73 ms (median 68) as the ropes the build makes (flattened first, either
 * way). A larger text goes to Buffer.from.
 * Tried without gain: encoding each text straight into a buffer of a pool, given back once its file
 * is written (no copy, no fresh memory per text). Alone, 520 page-sized texts written: 7,400 -> 5,000
 * page faults, 404 -> 278 ms of CPU (medians of 5 processes alternating, 23:55 UTC, load 17); in cold
 * Shifu builds, 4 alternating with this code (00:03-00:13 UTC, load 23-33): HTML stage 570 -> 592 ms
 * of CPU, its page faults 6,267 -> 6,139 (medians). A profile of such a build still showed the pool
 * making new buffers for most texts: under load the disk's threads fall behind, and the buffers
 * wait all at once instead of coming back to be taken again.
 */
function utf8(text: string): Buffer {
  if (text.length > SCRATCH_UNITS) return Buffer.from(text);
  scratch ??= Buffer.allocUnsafeSlow(SCRATCH_UNITS * 3);
  const length = scratch.write(text, 0, 'utf8');
  const bytes = Buffer.allocUnsafe(length);
  scratch.copy(bytes, 0, 0, length);
  return bytes;
}

export function createFileWriter(): FileWriter {
  const made = new Set<string>();
  /** Folders being made, and the last pending operation of each file. */
  const making = new Map<string, Promise<unknown>>();
  const queue = new Map<string, Promise<void>>();
  let pendingBytes = 0;
  let failure: Error | undefined;

  /** Makes a file's folder, once (asynchronously: the thread goes on while the disk works). */
  const ensureDir = (file: string): Promise<unknown> => {
    const dir = path.dirname(file);
    if (made.has(dir)) return DONE;
    let pending = making.get(dir);
    if (!pending) {
      pending = callback((done) => fs.mkdir(dir, { recursive: true }, done)).then(() => {
        made.add(dir);
      });
      making.set(dir, pending);
    }
    return pending;
  };

  /** Makes a file's folder now, unless it is known to exist. */
  const ensureDirSync = (file: string): void => {
    const dir = path.dirname(file);
    if (made.has(dir)) return;
    fs.mkdirSync(dir, { recursive: true });
    made.add(dir);
  };

  /** Whether a write of `file` runs at once: nothing of it waits, and too much of others' does. */
  const atOnce = (file: string): boolean => !queue.has(file) && pendingBytes > MAX_PENDING_BYTES;

  const run = (file: string, bytes: number, async: () => Promise<void>, sync: () => void, then?: (file: string) => void): void => {
    const before = queue.get(file);
    if (atOnce(file)) {
      ensureDirSync(file);
      sync();
      then?.(file);
      return;
    }
    pendingBytes += bytes;
    const op: Promise<void> = (before ?? DONE)
      .then(() => ensureDir(file))
      .then(async)
      .then(() => then?.(file))
      .catch((e: Error) => {
        failure ??= e;
      })
      .finally(() => {
        pendingBytes -= bytes;
        if (queue.get(file) === op) queue.delete(file);
      });
    queue.set(file, op);
  };

  return {
    write(file, data, then) {
      if (typeof data === 'string' && atOnce(file)) {
        ensureDirSync(file);
        fs.writeFileSync(file, data);
        then?.(file);
        return;
      }
      const bytes = typeof data === 'string' ? utf8(data) : data;
      run(
        file,
        bytes.byteLength,
        () => callback((done) => fs.writeFile(file, bytes, done)),
        () => fs.writeFileSync(file, bytes),
        then,
      );
    },
    copy(file, source, then) {
      run(
        file,
        0,
        () => callback((done) => fs.copyFile(source, file, done)),
        () => fs.copyFileSync(source, file),
        then,
      );
    },
    knownFolder(dir) {
      made.add(dir);
    },
    forgetFolders() {
      made.clear();
    },
    async settle() {
      while (queue.size) await Promise.all([...queue.values()]);
      if (failure) throw failure;
    },
  };
}
