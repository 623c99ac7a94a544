import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../../src/builder/checksum.js';

// The checksum of the stores on disk (builder/checksum.ts): zlib's CRC-32, or the same numbers from a
// table in JavaScript on a Node without zlib.crc32.

describe('crc32', () => {
  it('is the CRC-32 of zlib and gzip, natively and in JavaScript, and changes with any byte', () => {
    const check = Buffer.from('123456789');
    expect(crc32(check)).toBe(0xcbf43926);
    expect(crc32(check, true)).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0), true)).toBe(0);
    const bytes = crypto.randomBytes(4096);
    expect(crc32(bytes, true)).toBe(crc32(bytes));
    const flipped = Buffer.from(bytes);
    flipped[1000] ^= 1;
    expect(crc32(flipped)).not.toBe(crc32(bytes));
  });
});
