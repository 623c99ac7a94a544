// How a markdown render is stored as a payload of the content store (contentStore.ts): its body HTML
// as UTF-8 bytes, the rest of the render as v8 serializes it. v8 keeps a string as it holds it, and a
// page's HTML holds a character past Latin-1 (a heading anchor's zero-width space) on nearly every
// page, so each one was stored at two bytes per character: on the versioned benchmark site, 30.6 MB
// of the renders' 43.6 MB, 16.0 MB as UTF-8. A warm build reads, checks (CRC-32) and decodes every
// render it shows, and reading and checking cost by the byte (measured 19:15 UTC, loaded machine: 190
// to 230 ms of CPU to read the 43.6 MB); decoding UTF-8 costs no more than v8's copy of the two-byte
// string (152 ms against 180 ms for all the pages' HTML).
// Layout: the v8 part's length (4 bytes, little-endian), the v8 part (the render with an empty
// `html`), the HTML's UTF-8 bytes. An HTML that UTF-8 cannot hold as it is (a lone surrogate) stays
// in the v8 part, and the length's top bit says so.
import v8 from 'node:v8';
import type { MarkdownResult } from './parallel/protocol.js';

const IN_V8 = 0x80000000;

/** Whether UTF-8 holds `text` as it is (String.prototype.isWellFormed: Node 20 has it, the ES2022 types do not). */
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

export function encodeMarkdown(result: MarkdownResult): Uint8Array {
  const asUtf8 = wellFormed(result.rendered.html);
  const rest = v8.serialize(asUtf8 ? { ...result, rendered: { ...result.rendered, html: '' } } : result);
  const html = asUtf8 ? Buffer.from(result.rendered.html, 'utf8') : Buffer.alloc(0);
  const out = Buffer.allocUnsafe(4 + rest.length + html.length);
  out.writeUInt32LE((rest.length | (asUtf8 ? 0 : IN_V8)) >>> 0, 0);
  rest.copy(out, 4);
  html.copy(out, 4 + rest.length);
  return out;
}

/** The render of a payload encodeMarkdown wrote; undefined when the bytes are not one. */
export function decodeMarkdown(bytes: Buffer): MarkdownResult | undefined {
  if (bytes.length < 4) return undefined;
  const word = bytes.readUInt32LE(0);
  const restLength = (word & ~IN_V8) >>> 0;
  if (4 + restLength > bytes.length) return undefined;
  try {
    const result = v8.deserialize(bytes.subarray(4, 4 + restLength)) as MarkdownResult;
    if (!result?.rendered || typeof result.rendered !== 'object') return undefined;
    if (!(word & IN_V8)) result.rendered.html = bytes.toString('utf8', 4 + restLength);
    return result;
  } catch {
    return undefined;
  }
}
