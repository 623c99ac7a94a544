// The markdown files' content keys (cacheKey of each text), known by each file's stamp (fileStamp.ts:
// size, modification and change times, inode): a file whose stamp is as when an earlier build read it
// and hashed its text is neither read nor hashed again (its text is read where a stage needs it: a
// parse or render not reused). As the build record of unchangedBuild.ts, but per file: a one-doc edit of the
// versioned benchmark site read and hashed all 2,640 docs (9.5 MB) to find the one that changed.
// - The stamp is taken on the open file before its bytes are read: a write after it changes it.
// - Only a settled stamp is kept, one whose times are STAMP_SETTLED_MS older than the read began: a
//   write after the read (within the file system's time granularity, 2 s on FAT) then cannot leave
//   the same times behind. The change time cannot be set back by a tool that restores modification times.
// - The keys live with the build cache on disk (persistentCache.ts, its content head).
import fs from 'node:fs';
import { cacheKey } from '../cacheKey.js';
import { fileStamp, statsStamp } from '../fileStamp.js';
import { decodeText } from './readText.js';

/** How much older than the start of a read a file's times must be for its stamp to be kept. */
export const STAMP_SETTLED_MS = 3000;

/** [file, stamp, content key] of each text, as stored. */
export type StoredTextStamps = [string, string, string][];

/** The content keys by stamp of an earlier build, and those this build read or learnt. */
export class TextStamps {
  private readonly known: Map<string, [string, string]>;
  private readonly used = new Map<string, [string, string]>();
  /** Whether this build learnt a key the store does not hold (then it is written). */
  learnt = false;

  constructor(stored: StoredTextStamps = []) {
    this.known = new Map(stored.map(([file, stamp, key]) => [file, [stamp, key]]));
  }

  /** Whether an earlier build left a key for `file` (else its stamp is not worth taking). */
  has(file: string): boolean {
    return this.known.has(file) || this.used.has(file);
  }

  /** The content key of `file` if its stamp is `stamp` now as when the key was made. */
  key(file: string, stamp: string): string | undefined {
    const entry = this.used.get(file) ?? this.known.get(file);
    if (!entry || entry[0] !== stamp) return undefined;
    this.used.set(file, entry);
    return entry[1];
  }

  set(file: string, stamp: string, key: string): void {
    const entry = this.used.get(file) ?? this.known.get(file);
    if (!entry || entry[0] !== stamp || entry[1] !== key) this.learnt = true;
    this.used.set(file, [stamp, key]);
  }

  /** The keys this build used or learnt, for the store. */
  dump(): StoredTextStamps {
    return [...this.used].map(([file, [stamp, key]]) => [file, stamp, key]);
  }
}


/**
 * The content key of each of `files` that can be read as UTF-8, and the text of each that was read:
 * with `stamps`, a file whose stamp is as when its key was made is not read (its text is read where
 * needed: a file left out of `texts` is read again there, which reports why it cannot be).
 * `started`: the time the reads began (a test passes a later one to have fresh files taken as settled).
 */
export function readTextKeys(files: Iterable<string>, stamps?: TextStamps, started = Date.now()): { texts: Map<string, string>; keys: Map<string, string> } {
  const texts = new Map<string, string>();
  const keys = new Map<string, string>();
  for (const file of files) {
    try {
      if (stamps?.has(file)) {
        const stamp = fileStamp(file);
        const key = stamp && stamps.key(file, stamp);
        if (key !== undefined) {
          keys.set(file, key);
          continue;
        }
      }
      const fd = fs.openSync(file, 'r');
      let s: fs.BigIntStats;
      let bytes: Buffer;
      try {
        s = fs.fstatSync(fd, { bigint: true });
        bytes = fs.readFileSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      const text = decodeText(file, bytes);
      const key = cacheKey(text);
      texts.set(file, text);
      keys.set(file, key);
      if (stamps && Math.max(Number(s.mtimeMs), Number(s.ctimeMs)) < started - STAMP_SETTLED_MS) stamps.set(file, statsStamp(s), key);
    } catch {
      // The parse reports it, at the file.
    }
  }
  return { texts, keys };
}
