// Reads a content file as UTF-8, refusing one that is not: Node's decoder would turn each invalid byte
// into U+FFFD and the page would ship as mojibake. The error names the file, the byte offset and the line.
import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { SitegenError } from '../errors.js';

export function readText(file: string): string {
  return decodeText(file, fs.readFileSync(file));
}

/** The bytes of `file` as UTF-8 text; an error at the first invalid byte. */
export function decodeText(file: string, bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  const offset = firstInvalidUtf8(bytes);
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  const shown = [...bytes.subarray(offset, offset + 4)].map((b) => `0x${b.toString(16).padStart(2, '0')}`).join(' ');
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  throw new SitegenError('A content file is not UTF-8', [
    {
      message: `invalid UTF-8 at byte offset ${offset} (${shown})${utf16 ? '; the file looks like UTF-16' : ''}`,
      file,
      line,
      hint: 'Save the file as UTF-8 (sitegen reads every content file as UTF-8), e.g. `iconv -f <its encoding> -t UTF-8`.',
    },
  ]);
}

/**
 * The text of each file of `files` that can be read as UTF-8, read once for the whole build (the
 * parse, the diagrams' early guess and the parse cache's keys take it from here). A file left out is
 * read again where it is needed, which reports why it cannot be.
 */
export function readTexts(files: Iterable<string>): Map<string, string> {
  const texts = new Map<string, string>();
  for (const file of files) {
    try {
      texts.set(file, readText(file));
    } catch {
      // The parse reports it, at the file.
    }
  }
  return texts;
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence (the length if none). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    // Lead byte: sequence length and the allowed range of the second byte (no overlongs, no
    // surrogates, nothing above U+10FFFF), as in the Unicode standard's table 3-7.
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) n = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      n = 3;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      n = 4;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    if (i + n > bytes.length) return i;
    if (bytes[i + 1] < lo || bytes[i + 1] > hi) return i;
    for (let k = 2; k < n; k++) if (bytes[i + k] < 0x80 || bytes[i + k] > 0xbf) return i;
    i += n;
  }
  return i;
}
