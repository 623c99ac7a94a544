// The file format of the build cache's store heads (persistentCache.ts, storeSegments.ts): MAGIC, the
// CRC-32 of the head (checksum.ts) and the head's length (4 bytes each), the head (v8), then the tail
// (bytes the head's entries point into, each checked by its reader when used; the large payloads are
// in segments of their own: storeSegments.ts). A store is written whole to a file of this process's
// own and renamed over the old one; one missing, cut short, corrupted or of another format is ignored
// (and removed).
import fs from 'node:fs';
import crypto from 'node:crypto';
import v8 from 'node:v8';
import { markUsed } from './cacheFolder.js';
import { crc32 } from './checksum.js';

const MAGIC = Buffer.from('sitegen-cache-4\n');
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

/** Writes a store whole: to a file of this process's own, then renamed over the old one. `tail`: see readStoreWithTail. */
export function writeStore(file: string, value: unknown, tail: Uint8Array[] = []): void {
  const head = v8.serialize(value);
  const sumAndLength = Buffer.alloc(8);
  sumAndLength.writeUInt32LE(crc32(head));
  sumAndLength.writeUInt32LE(head.length, 4);
  writeWhole(file, [MAGIC, sumAndLength, head, ...tail]);
}

/** Writes `parts` to a file of this process's own, then renames it over `file`: a reader sees the old file or the whole new one. */
export function writeWhole(file: string, parts: Uint8Array[]): void {
  const tmp = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      writeAll(fd, parts);
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
