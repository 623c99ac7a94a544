// The CRC-32 a store on disk carries to tell a whole file from one cut short or corrupted
// (persistentCache.ts): the stores are not secrets and nothing forges them, and checking a 13 MB head
// with sha256 took 60-85 ms of every build that read it (crc32: 17 ms). zlib's (Node 20.15 and later),
// else a table in JavaScript, which gives the same numbers.
import zlib from 'node:zlib';

let table: Uint32Array | undefined;

function crc32Table(): Uint32Array {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}

/** The CRC-32 (ISO-HDLC, as zlib and gzip compute it) of `bytes`, unsigned. */
export function crc32(bytes: Uint8Array, js = false): number {
  const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  if (native && !js) return native(bytes) >>> 0;
  table ??= crc32Table();
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = table[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
