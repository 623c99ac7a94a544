// The file format of the build cache's stores (persistentCache.ts, htmlStore.ts): MAGIC, the CRC-32
// of the head (checksum.ts) and the head's length (4 bytes each), the head (v8), then the tail (bytes
// the head's entries point into, each checked by its reader when used). A store is written whole to a
// file of this process's own and renamed over the old one; one missing, cut short, corrupted or of
// another format is ignored (and removed).
import fs from 'node:fs';
import crypto from 'node:crypto';
import v8 from 'node:v8';
import { markUsed } from './cacheFolder.js';
import { crc32 } from './checksum.js';

const MAGIC = Buffer.from('sitegen-cache-3\n');
const START = MAGIC.length + 8;

/** A store's head and tail, read whole; undefined (and the file removed) when it is not a whole store. */
export function readStoreWithTail<T>(file: string): { value: T; tail: Buffer } | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const headLength = bytes.length >= START ? bytes.readUInt32LE(MAGIC.length + 4) : -1;
  const head = bytes.subarray(START, START + headLength);
  const valid = headLength > 0 && bytes.length >= START + headLength && bytes.subarray(0, MAGIC.length).equals(MAGIC) && crc32(head) === bytes.readUInt32LE(MAGIC.length);
  try {
    if (!valid) throw new Error('not a whole store');
    const value = v8.deserialize(head) as T;
    markUsed(file);
    return { value, tail: bytes.subarray(START + headLength) };
  } catch {
    fs.rmSync(file, { force: true });
    return undefined;
  }
}

/** A store read by its head alone: its tail is read part by part, when asked, from the file as it was opened. */
export interface OpenStore<T> {
  value: T;
  /** `length` bytes at `at` in the tail (fewer if the file is shorter). */
  readTail(at: number, length: number): Buffer;
  close(): void;
}

/**
 * Reads a store's head only, and keeps the file open for its tail (a later rename over it by another
 * build leaves this one readable). Undefined (and the file removed) when the head is not whole.
 */
export function openStore<T>(file: string): OpenStore<T> | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined;
  }
  const read = (at: number, length: number) => {
    const buf = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = fs.readSync(fd, buf, done, length - done, at + done);
      if (n === 0) break;
      done += n;
    }
    return buf.subarray(0, done);
  };
  try {
    const start = read(0, START);
    const headLength = start.length === START ? start.readUInt32LE(MAGIC.length + 4) : -1;
    if (headLength <= 0 || !start.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a store');
    const head = read(START, headLength);
    if (head.length !== headLength || crc32(head) !== start.readUInt32LE(MAGIC.length)) throw new Error('not a whole store');
    const value = v8.deserialize(head) as T;
    markUsed(file);
    let open = true;
    return {
      value,
      readTail: (at, length) => (open ? read(START + headLength + at, length) : Buffer.alloc(0)),
      close() {
        if (open) fs.closeSync(fd);
        open = false;
      },
    };
  } catch {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
    return undefined;
  }
}

/** Writes a store whole: to a file of this process's own, then renamed over the old one. `tail`: see readStoreWithTail. */
export function writeStore(file: string, value: unknown, tail: Uint8Array[] = []): void {
  const head = v8.serialize(value);
  const sumAndLength = Buffer.alloc(8);
  sumAndLength.writeUInt32LE(crc32(head));
  sumAndLength.writeUInt32LE(head.length, 4);
  const tmp = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      writeAll(fd, [MAGIC, sumAndLength, head, ...tail]);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Writes the parts one after the other, as they are: joined into one buffer first, a Shifu store's
 * 16 MB were copied once more at the end of every build that changed something.
 */
function writeAll(fd: number, parts: Uint8Array[]): void {
  // At most this many buffers per call (the system's IOV_MAX is 1,024 on Linux).
  const BATCH = 512;
  for (let first = 0; first < parts.length; first += BATCH) {
    let batch = parts.slice(first, first + BATCH).filter((p) => p.length > 0);
    while (batch.length) {
      let written = fs.writevSync(fd, batch);
      // A short write: what is left of the batch goes again.
      let done = 0;
      while (done < batch.length && written >= batch[done].length) written -= batch[done++].length;
      batch = batch.slice(done);
      if (batch.length) batch[0] = batch[0].subarray(written);
    }
  }
}
