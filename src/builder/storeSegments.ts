// A store of the build cache on disk (persistentCache.ts, htmlStore.ts) as a head and segments. The
// head (storeFile.ts's format, checked whole) holds the entries' keys and small values and, for each
// large payload (a markdown render, a page's markup, a search context's files, a parse tree), where it
// is: a segment file, an offset, a length and its CRC-32. A build reads the head, and each payload
// when it uses it (checked then: one corrupted or cut short is a miss, made again). A build that made a
// few entries writes their payloads into one new segment and a new head that points into the old
// segments for the rest: a one-doc edit of the versioned benchmark site wrote both stores whole before
// (110 MB: 6 s of a loaded machine's 24 s profile, 07:16 UTC).
// - Safe: a segment is written to a file of its own and renamed into place, then the head; neither is
//   ever changed after. A build killed before its head is renamed leaves a segment no head names: it
//   goes at a later write (or when pruned). The segments a head names are opened with it, so another
//   build removing them (compaction) leaves this one's reads whole; a write whose old segments are
//   gone copies what it keeps of them from those open files.
// - Compact: when the segments a head would name hold more garbage than live bytes, or more than
//   MAX_SEGMENTS of them, the write copies the live payloads (as bytes, unread) into its new segment.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { markUsed } from './cacheFolder.js';
import { crc32 } from './checksum.js';
import { readStoreWithTail, writeStore, writeWhole } from './storeFile.js';

/** Where a payload is: segment id, offset, length, CRC-32. Owned by the store: a compaction moves it. */
export interface PayloadRef {
  seg: string;
  at: number;
  length: number;
  sum: number;
}

interface Head<T> {
  segments: string[];
  value: T;
}

/** More segments than this are compacted into one. */
const MAX_SEGMENTS = 32;
/** A segment no head names and younger than this may be a concurrent build's, whose head is on its way. */
const ORPHAN_MS = 60_000;
const ID = /^[0-9a-f]{16}$/;
/** The segment of a payload that could not be kept: no file has this id. */
const NOWHERE = '0000000000000000';

/** The segment `id` of the store whose head is `file` (content-<site>-<code>.bin → content-<site>-<code>.<id>.bin). */
export const segmentFile = (file: string, id: string) => file.replace(/\.bin$/, `.${id}.bin`);

export class SegmentedStore<T> {
  private readonly fds = new Map<string, number>();

  private constructor(
    readonly file: string,
    public value: T | undefined,
    segments: string[],
  ) {
    for (const id of segments) this.adopt(id);
  }

  /** The store whose head is `file`: its head read (undefined when missing, cut short or corrupted: then removed), its segments opened. */
  static open<T>(file: string): SegmentedStore<T> {
    const read = readStoreWithTail<Head<T>>(file);
    const head = read && Array.isArray(read.value.segments) && read.value.segments.every((s) => ID.test(s)) ? read.value : undefined;
    return new SegmentedStore<T>(file, head?.value, head?.segments ?? []);
  }

  /** A payload's bytes, checked: undefined when its segment is gone, or it is cut short or corrupted. */
  read(ref: PayloadRef): Buffer | undefined {
    const bytes = this.readRaw(ref);
    return bytes && crc32(bytes) === ref.sum ? bytes : undefined;
  }

  private readRaw(ref: PayloadRef): Buffer | undefined {
    const fd = this.fds.get(ref.seg);
    if (fd === undefined) return undefined;
    const buf = Buffer.allocUnsafe(ref.length);
    let done = 0;
    try {
      while (done < ref.length) {
        const n = fs.readSync(fd, buf, done, ref.length - done, ref.at + done);
        if (n === 0) return undefined;
        done += n;
      }
    } catch {
      return undefined;
    }
    return buf;
  }

  private adopt(id: string): void {
    if (this.fds.has(id)) return;
    try {
      this.fds.set(id, fs.openSync(segmentFile(this.file, id), 'r'));
      markUsed(segmentFile(this.file, id));
    } catch {
      // Gone (pruned, or removed by another build): its payloads are misses.
    }
  }

  /** A write of a new head: `add` the payloads made now, `keep` those read back (see SegmentWriter). */
  writer(): SegmentWriter<T> {
    return new SegmentWriter<T>(
      this,
      (ref) => this.readRaw(ref),
      (id) => this.adopt(id),
      (ids) => this.closeOthers(ids),
    );
  }

  private closeOthers(keep: Set<string>): void {
    for (const [id, fd] of this.fds) {
      if (keep.has(id)) continue;
      fs.closeSync(fd);
      this.fds.delete(id);
    }
  }

  /** The sizes of the open segments (as opened: a removed one is still readable). */
  sizes(): Map<string, number> {
    return new Map([...this.fds].map(([id, fd]) => [id, fs.fstatSync(fd).size]));
  }

  close(): void {
    this.closeOthers(new Set());
  }
}

export class SegmentWriter<T> {
  private readonly id = crypto.randomBytes(8).toString('hex');
  private readonly fresh: Uint8Array[] = [];
  private freshBytes = 0;
  private readonly freshRefs: PayloadRef[] = [];
  private readonly kept = new Set<PayloadRef>();

  constructor(
    private readonly store: SegmentedStore<T>,
    private readonly readRaw: (ref: PayloadRef) => Buffer | undefined,
    private readonly adopt: (id: string) => void,
    private readonly closeOthers: (ids: Set<string>) => void,
  ) {}

  /** A payload made now: it goes into the new segment. */
  add(bytes: Uint8Array): PayloadRef {
    const ref = { seg: this.id, at: this.freshBytes, length: bytes.length, sum: crc32(bytes) };
    this.fresh.push(bytes);
    this.freshBytes += bytes.length;
    this.freshRefs.push(ref);
    return ref;
  }

  /** A payload read back (or not read): the head points where it is, or the write moves it (the same object, changed). */
  keep(ref: PayloadRef): PayloadRef {
    this.kept.add(ref);
    return ref;
  }

  /**
   * Writes the segment (if anything was added or moved) and the head, then removes the segments no
   * head needs. A segment of this head removed by another build just before the head was renamed
   * (its compaction) is seen after: the write is made again with what was kept of it moved.
   */
  commit(value: T): void {
    const file = this.store.file;
    const sizes = this.store.sizes();
    const live = new Map<string, number>();
    for (const ref of this.kept) live.set(ref.seg, (live.get(ref.seg) ?? 0) + ref.length);
    let liveBytes = 0;
    let allBytes = 0;
    for (const [id, bytes] of live) {
      liveBytes += bytes;
      allBytes += sizes.get(id) ?? 0;
    }
    let move = (id: string) => live.size + 1 > MAX_SEGMENTS || allBytes - liveBytes > liveBytes || !fs.existsSync(segmentFile(file, id));
    let segments = new Set<string>();
    for (let attempt = 0; attempt < 3; attempt++) {
      this.move(move);
      segments = new Set([...this.kept, ...this.freshRefs].map((ref) => ref.seg).filter((id) => id !== NOWHERE));
      if (segments.has(this.id)) writeWhole(segmentFile(file, this.id), this.fresh);
      writeStore(file, { segments: [...segments], value } satisfies Head<T>);
      const gone = [...segments].filter((id) => !fs.existsSync(segmentFile(file, id)));
      if (!gone.length) break;
      move = (id) => gone.includes(id);
    }
    this.store.value = value;
    if (segments.has(this.id)) this.adopt(this.id);
    removeUnnamed(file, segments, new Set(sizes.keys()));
    this.closeOthers(segments);
  }

  /** Copies the kept payloads of the segments `move` names into the new segment (as bytes, unchecked). */
  private move(move: (id: string) => boolean): void {
    const decided = new Map<string, boolean>();
    for (const ref of this.kept) {
      if (ref.seg === this.id || ref.seg === NOWHERE) continue;
      if (!decided.has(ref.seg)) decided.set(ref.seg, move(ref.seg));
      if (!decided.get(ref.seg)) continue;
      const bytes = this.readRaw(ref);
      // Unreadable now: a miss next time.
      if (!bytes) {
        ref.seg = NOWHERE;
        continue;
      }
      ref.seg = this.id;
      ref.at = this.freshBytes;
      this.fresh.push(bytes);
      this.freshBytes += bytes.length;
    }
  }
}

/**
 * Removes the store's segments its head does not name: those the previous head named now, others
 * once they are ORPHAN_MS old (a build killed before its head was written, or one whose head lost).
 */
function removeUnnamed(file: string, named: Set<string>, previous: Set<string>): void {
  const dir = path.dirname(file);
  const prefix = path.basename(file).replace(/\.bin$/, '.');
  const now = Date.now();
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(prefix) || !name.endsWith('.bin')) continue;
    const id = name.slice(prefix.length, -'.bin'.length);
    if (!ID.test(id) || named.has(id)) continue;
    try {
      if (previous.has(id) || now - fs.statSync(path.join(dir, name)).mtimeMs > ORPHAN_MS) fs.rmSync(path.join(dir, name), { force: true });
    } catch {
      // Removed by another build meanwhile.
    }
  }
}
