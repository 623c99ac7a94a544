import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8 } from '../../../../src/builder/content/readText.js';

// The offset named in "invalid UTF-8 at byte offset N": the first byte of the first ill-formed sequence.

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

describe('firstInvalidUtf8', () => {
  it('accepts well-formed text of every length, BOM included', () => {
    const text = bytes([0xef, 0xbb, 0xbf], 'ascii é 中文 😀 \u{10ffff}');
    expect(firstInvalidUtf8(text)).toBe(text.length);
  });

  it('finds stray, truncated, overlong, surrogate and out-of-range sequences', () => {
    expect(firstInvalidUtf8(bytes('ab', [0xe9], 'cd'))).toBe(2); // Latin-1 é
    expect(firstInvalidUtf8(bytes('ab', [0x80]))).toBe(2); // continuation byte alone
    expect(firstInvalidUtf8(bytes('中', [0xe4, 0xb8]))).toBe(3); // cut short at the end
    expect(firstInvalidUtf8(bytes([0xc0, 0xaf]))).toBe(0); // overlong "/"
    expect(firstInvalidUtf8(bytes([0xe0, 0x80, 0xaf]))).toBe(0); // overlong
    expect(firstInvalidUtf8(bytes('x', [0xed, 0xa0, 0x80]))).toBe(1); // UTF-16 surrogate
    expect(firstInvalidUtf8(bytes([0xf4, 0x90, 0x80, 0x80]))).toBe(0); // above U+10FFFF
    expect(firstInvalidUtf8(bytes('é', [0xe2, 0x28, 0xa1]))).toBe(2); // bad second byte
  });

  it('agrees with a fatal TextDecoder on whether the text is valid', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (let seed = 0; seed < 300; seed++) {
      const buf = Buffer.from(Array.from({ length: 12 }, (_, i) => (seed * 7919 + i * 104729) % 256));
      let valid = true;
      try {
        decoder.decode(buf);
      } catch {
        valid = false;
      }
      expect(firstInvalidUtf8(buf) === buf.length, buf.toString('hex')).toBe(valid);
    }
  });
});
