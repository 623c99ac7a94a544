// How a markdown render is stored as payloads of the content store (contentStore.ts): two payloads,
// the render without its search sections, and the sections.
// - The render: its body HTML as UTF-8 bytes, the rest as v8 serializes it. v8 keeps a string as it
//   holds it, and a page's HTML holds a character past Latin-1 (a heading anchor's zero-width space)
//   on nearly every page, so each one was stored at two bytes per character: on the versioned
//   benchmark site, 30.6 MB of the renders' 43.6 MB, 16.0 MB as UTF-8. Decoding UTF-8 costs no more
//   than v8's copy of the two-byte string (152 ms against 180 ms for all the pages' HTML).
//   Layout: the v8 part's length (4 bytes, little-endian), the v8 part ({ result: the render with an
//   empty `html` and empty sections, lead: the sections' lead text }), the HTML's UTF-8 bytes. An HTML
//   that UTF-8 cannot hold as it is (a lone surrogate) stays in the v8 part, and the length's top bit says so.
// - The sections, as v8 serializes them: a warm build reads them only when a search context is
//   indexed again (markdown/context.ts deferSections). Reading costs by the byte: the versioned site's
//   renders are 29 MB, of which sections 11 MB, HTML 16 MB; reading and checking them took 215-250 ms
//   of CPU, decoding 100 ms, of which the sections 29-43 ms (00:10 UTC, loaded machine, tsx /tmp script).
import v8 from 'node:v8';
import type { MarkdownResult } from './parallel/protocol.js';
import { deferSections, leadText, type RenderedMarkdown } from './markdown/context.js';

const IN_V8 = 0x80000000;

/** Whether UTF-8 holds `text` as it is (String.prototype.isWellFormed: Node 20 has it, the ES2022 types do not). */
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** The render's two payloads: the render without its sections, and the sections. */
export function encodeMarkdown(result: MarkdownResult): [Uint8Array, Uint8Array] {
  const { html, sections } = result.rendered;
  const asUtf8 = wellFormed(html);
  // Empty sections keep their member's place, which the read-back fills.
  const rendered = { ...result.rendered, html: asUtf8 ? '' : html, ...(sections ? { sections: [] } : {}) };
  const rest = v8.serialize({ result: { ...result, rendered }, lead: sections && leadText(sections) });
  const bytes = asUtf8 ? Buffer.from(html, 'utf8') : Buffer.alloc(0);
  const out = Buffer.allocUnsafe(4 + rest.length + bytes.length);
  out.writeUInt32LE((rest.length | (asUtf8 ? 0 : IN_V8)) >>> 0, 0);
  rest.copy(out, 4);
  bytes.copy(out, 4 + rest.length);
  return [out, v8.serialize(sections)];
}

/**
 * The render of the payloads encodeMarkdown wrote; undefined when the bytes are not one. `sections`:
 * the second payload's bytes, or how to read them when first used (undefined: they cannot be read;
 * `lost` then says why, thrown where they are used).
 */
export function decodeMarkdown(bytes: Buffer, sections: Buffer | (() => Buffer | undefined), lost?: () => Error): MarkdownResult | undefined {
  if (bytes.length < 4) return undefined;
  const word = bytes.readUInt32LE(0);
  const restLength = (word & ~IN_V8) >>> 0;
  if (4 + restLength > bytes.length) return undefined;
  try {
    const stored = v8.deserialize(bytes.subarray(4, 4 + restLength)) as { result?: MarkdownResult; lead?: string };
    const result = stored?.result;
    if (!result?.rendered || typeof result.rendered !== 'object') return undefined;
    if (!(word & IN_V8)) result.rendered.html = bytes.toString('utf8', 4 + restLength);
    if (!('sections' in result.rendered)) return result;
    if (Buffer.isBuffer(sections)) {
      const value = v8.deserialize(sections) as RenderedMarkdown['sections'];
      if (!Array.isArray(value)) return undefined;
      result.rendered.sections = value;
    } else {
      deferSections(result.rendered, stored.lead, () => {
        let value: unknown;
        try {
          const read = sections();
          value = read && v8.deserialize(read);
        } catch {
          value = undefined;
        }
        if (!Array.isArray(value)) throw lost?.() ?? new Error('The search sections of a stored markdown render cannot be read');
        return value as RenderedMarkdown['sections'];
      });
    }
    return result;
  } catch {
    return undefined;
  }
}
