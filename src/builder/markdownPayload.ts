// How a markdown render is stored as payloads of the content store (contentStore.ts): three
// payloads, the render without its body HTML and its search sections, the HTML, and the sections.
// - The render, as v8 serializes it, with what pages derive from the other two (markdown/context.ts
//   DeferredFacts: the sections' lead text, the HTML_MARKERS the HTML holds). An HTML UTF-8 cannot
//   hold as it is (a lone surrogate), or short enough to count by value in a page's key
//   (render/renderedKeys.ts: up to 64 characters), stays in it.
// - The HTML as UTF-8 bytes: v8 keeps a string as it holds it, and a page's HTML holds a character
//   past Latin-1 (a heading anchor's zero-width space) on nearly every page, so each one was stored
//   at two bytes per character (the versioned benchmark site: 30.6 MB against 16.0 MB as UTF-8).
// - The sections, as v8 serializes them.
// A warm build reads the last two only when it uses them (deferred: a page written again, a search
// context indexed again). The content store keeps the first of many renders in one payload (a pack:
// contentStore.ts), as objects: storedRender and fromStored are encodeMarkdown and decodeMarkdown
// without the serializing. Reading costs by the byte: the versioned site's renders are 29 MB (HTML 16,
// sections 11, the rest 2); reading and checking them all took 215-250 ms of CPU and decoding 100 ms;
// the sections read when used: 450 -> 280 ms for all the renders (00:10-00:30 UTC, loaded machine).
import v8 from 'node:v8';
import type { MarkdownResult } from './parallel/protocol.js';
import { deferParts, HTML_MARKERS, leadText, type DeferredFacts, type RenderedMarkdown } from './markdown/context.js';

/** Whether UTF-8 holds `text` as it is (String.prototype.isWellFormed: Node 20 has it, the ES2022 types do not). */
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** What the first payload holds: the render (its HTML in it when `inline`), and the facts of the other two. */
export interface StoredRender {
  result: MarkdownResult;
  inline: boolean;
  facts: DeferredFacts;
}

/** The render's three payloads: the render without its HTML and its sections, the HTML, the sections. */
export function encodeMarkdown(result: MarkdownResult): [Uint8Array, Uint8Array, Uint8Array] {
  const [stored, html, sections] = storedRender(result);
  return [v8.serialize(stored), html, sections];
}

/** The render's three payloads, the first as an object (for a pack of many: contentStore.ts). */
export function storedRender(result: MarkdownResult): [StoredRender, Uint8Array, Uint8Array] {
  const { html, sections } = result.rendered;
  const inline = html.length <= 64 || !wellFormed(html);
  // Empty parts keep their members' places, which the read-back fills.
  const rendered = { ...result.rendered, html: inline ? html : '', ...(sections ? { sections: [] } : {}) };
  const facts: DeferredFacts = { lead: sections && leadText(sections), markers: HTML_MARKERS.filter((m) => html.includes(m)) };
  return [{ result: { ...result, rendered }, inline, facts }, inline ? Buffer.alloc(0) : Buffer.from(html, 'utf8'), v8.serialize(sections)];
}

/** A payload's bytes, or how to read them when first used (undefined: they cannot be read). */
export type PartBytes = Buffer | (() => Buffer | undefined);

/**
 * The render of the payloads encodeMarkdown wrote; undefined when the bytes are not one. A part given
 * as a function is read when first used; `lost` is thrown there when it cannot be read.
 */
export function decodeMarkdown(bytes: Buffer, parts: { html: PartBytes; sections: PartBytes }, lost?: () => Error): MarkdownResult | undefined {
  try {
    return fromStored(v8.deserialize(bytes) as StoredRender, parts, lost);
  } catch {
    return undefined;
  }
}

/**
 * decodeMarkdown of the first payload as an object (read from a pack: contentStore.ts), which it
 * takes for its own; undefined when it is not one.
 */
export function fromStored(stored: StoredRender, parts: { html: PartBytes; sections: PartBytes }, lost?: () => Error): MarkdownResult | undefined {
  try {
    const result = stored?.result;
    if (!result?.rendered || typeof result.rendered !== 'object' || !stored.facts) return undefined;
    const decode = {
      html: (b: Buffer) => b.toString('utf8'),
      sections: (b: Buffer) => {
        const value = v8.deserialize(b) as unknown;
        if (!Array.isArray(value)) throw new Error('not sections');
        return value as RenderedMarkdown['sections'];
      },
    };
    const wanted = { html: !stored.inline, sections: 'sections' in result.rendered };
    const read: { html?: () => string; sections?: () => RenderedMarkdown['sections'] } = {};
    for (const part of ['html', 'sections'] as const) {
      if (!wanted[part]) continue;
      const given = parts[part];
      if (Buffer.isBuffer(given)) (result.rendered as unknown as Record<string, unknown>)[part] = decode[part](given);
      else
        read[part] = (() => {
          let value: unknown;
          try {
            const b = given();
            value = b && decode[part](b);
          } catch {
            value = undefined;
          }
          if (value === undefined) throw lost?.() ?? new Error(`The ${part} of a stored markdown render cannot be read`);
          return value;
        }) as () => never;
    }
    if (read.html || read.sections) deferParts(result.rendered, stored.facts, read);
    return result;
  } catch {
    return undefined;
  }
}
