import type { Element, ElementContent, Properties } from 'hast';
import { toHtml } from 'hast-util-to-html';

// Prism's tokens (refractor's hast) written straight to lines of HTML, the bytes hast-util-to-html
// writes for the lines splitLines (highlight.ts) makes of them: each piece of text between newlines
// wrapped in its own copies of its tokens' spans. Highlighted code as hast was most of what the
// render stage serialized and walked: on the Shifu site, hast-util-to-html took 150 ms of the build's
// CPU for the token spans (its generic element and attribute code), the passes walked them, and the
// memo copied them for each render (a micro-benchmark of its 148 files' renders: see the commit).
// Test: test/unit/builder/markdown/tokenHtml.test.ts compares both ways on every grammar.

/** One line of code: its text, and its HTML when highlighted (else it is written as text). */
export interface HighlightedLine {
  readonly text: string;
  readonly html?: string;
}

/** The opening tags of spans by their class attribute's value: a few dozen token types in all. */
const OPEN = new Map<string, string>();

/** Characters hast-util-to-html escapes in a double-quoted attribute value (its default settings). */
const ATTRIBUTE_ESCAPED = /["&'`\0]/;

/** hast-util-to-html's text, outside `<script>` and `<style>`: only `<` and `&`, as hexadecimal references. */
export function escapeText(text: string): string {
  if (!/[<&]/.test(text)) return text;
  return text.replace(/[<&]/g, (c) => (c === '<' ? '&#x3C;' : '&#x26;'));
}

/** `<span ...>` for a token, as hast-util-to-html writes it; undefined for an element other than a span. */
function openTag(node: Element): string | undefined {
  return node.tagName === 'span' ? openSpan(node.properties) : undefined;
}

/** `<span ...>` with these properties, as hast-util-to-html writes it. */
function openSpan(properties: Properties): string {
  const { className } = properties;
  let only = true;
  for (const key in properties) if (key !== 'className') only = false;
  if (only && Array.isArray(className)) {
    // space-separated-tokens' stringify, which hast-util-to-html uses for a list of classes.
    const value = className.join(' ').trim();
    if (!ATTRIBUTE_ESCAPED.test(value)) {
      let tag = OPEN.get(value);
      if (tag === undefined) OPEN.set(value, (tag = `<span class="${value}">`));
      return tag;
    }
  }
  // Any other attributes (the title Prism's markup hook gives entities): hast-util-to-html itself.
  const html = toHtml({ type: 'element', tagName: 'span', properties, children: [{ type: 'text', value: 'x' }] });
  return html.slice(0, -'x</span>'.length);
}

/** A span of these classes holding this HTML, as hast-util-to-html writes it. */
export function spanHtml(className: string[], html: string): string {
  return openSpan({ className }) + html + '</span>';
}

/** The lines of highlighted tokens, as HTML; undefined when a token is not a span (hast-util-to-html's general rules then). */
export function tokenLines(nodes: readonly ElementContent[]): HighlightedLine[] | undefined {
  const lines: HighlightedLine[] = [];
  let html = '';
  let text = '';
  const walk = (node: ElementContent, open: string, close: string): boolean => {
    if (node.type === 'text') {
      const parts = node.value.split('\n');
      for (let i = 0; i < parts.length; i++) {
        if (i > 0) {
          lines.push({ text, html });
          html = text = '';
        }
        const part = parts[i];
        if (part) {
          html += open + escapeText(part) + close;
          text += part;
        }
      }
    } else if (node.type === 'element') {
      const tag = openTag(node);
      if (tag === undefined) return false;
      for (const child of node.children) if (!walk(child, open + tag, '</span>' + close)) return false;
    }
    return true;
  };
  for (const node of nodes) if (!walk(node, '', '')) return undefined;
  lines.push({ text, html });
  return lines;
}
