import type { Root, Element, ElementContent, Text } from 'hast';
import { toString } from 'hast-util-to-string';
import { toHtml } from 'hast-util-to-html';
import { diagramSource } from './mermaid.js';
import { codeLinesText, codeText } from './code.js';
import { parseHtmlFragment } from './htmlBlocks.js';
import type { TocItem } from '../../../shared/types.js';
import type { RenderedMarkdown } from '../context.js';

// Reads the finished body: the table of contents (h2-h3 by default), every anchor id, and the text
// of each section for the search index. The HTML the file's components drew (its slots, raw markup
// marked by plugins/jsx.ts) is text of the section it is in for search, as the rendered page is to a
// Docusaurus search plugin; it is no part of the section's `text` (a description is the markdown's own
// words), and its headings start no section (a section is one of the page's table of contents).

export function collectOutline(tree: Root, levels: { min: number; max: number }): Pick<RenderedMarkdown, 'toc' | 'anchors' | 'sections'> {
  const toc: TocItem[] = [];
  const anchors: string[] = [];
  // Every element of the body in document order (not those of the slots' HTML, which the sections'
  // walk parses): its anchors and its table of contents item. Read by the sections' walk as it goes,
  // and of the subtrees it does not enter: one walk of the tree instead of two (this function was
  // 15 % of a markdown render on the versioned bench site, a third of it the second walk).
  const element = (node: Element) => {
    const id = node.properties.id;
    if (id !== undefined && id !== null && id !== '') anchors.push(String(id));
    if (node.properties.name && node.tagName === 'a') anchors.push(String(node.properties.name));
    const item = tocItemOf(node, levels);
    if (item) toc.push(item);
  };
  const sections = collectSections(tree, element);
  return { toc, anchors, sections };
}

/** `h1`-`h6`: the level; else 0 (what /^h([1-6])$/ reads, without a RegExp per element). */
function headingLevel(tagName: string): number {
  if (tagName.length !== 2 || tagName.charCodeAt(0) !== 104 /* h */) return 0;
  const level = tagName.charCodeAt(1) - 48;
  return level >= 1 && level <= 6 ? level : 0;
}

/**
 * `text.replace(/\s+/g, ' ').trim()`: the runs of white space that are not one space already are
 * replaced (most runs of prose are), the same string. Each match costs a replace; the sections' text
 * of the 10,000-doc bench site took 150 ms of the threads' CPU with /\s+/g.
 */
function collapseSpace(text: string): string {
  return text.replace(OTHER_SPACE, ' ').trim();
}

/** A run of two or more white space characters, or one that is not a space: what /\s+/g replaces with a space, but for one space. */
const OTHER_SPACE = /\s{2,}|[^\S ]/g;

/** The elements after which a section's text takes a space. */
const BLOCKS = new Set(['p', 'div', 'li', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'td', 'th', 'blockquote', 'summary', 'details']);

/** Calls `element` for each element of `node`'s subtree below it, in document order. */
function eachElementBelow(node: Root | ElementContent, element: (node: Element) => void): void {
  const children = (node as { children?: unknown }).children;
  if (!Array.isArray(children)) return;
  for (const c of children as ElementContent[]) {
    if (c.type === 'element') element(c);
    eachElementBelow(c, element);
  }
}

/** A heading of these levels as a table of contents item (its markup without links or its hash link); else undefined. */
export function tocItemOf(node: Element, levels: { min: number; max: number }): TocItem | undefined {
  const level = headingLevel(node.tagName);
  const id = node.properties.id;
  if (!level || !id || level < levels.min || level > levels.max) return undefined;
  const content = node.children.filter((c) => !(c.type === 'element' && c.tagName === 'a' && (c.properties.className as string[] | undefined)?.includes('hash-link')));
  return { id: String(id), level, html: toHtml(stripLinks(content)) };
}

function stripLinks(nodes: ElementContent[]): ElementContent[] {
  return nodes.flatMap((n) => (n.type === 'element' && n.tagName === 'a' ? stripLinks(n.children) : n.type === 'element' ? [{ ...n, children: stripLinks(n.children) }] : [n]));
}

/** The sections' text; `element` is called for each element of the tree (not of the slots' HTML), in document order. */
function collectSections(tree: Root, element: (node: Element) => void): RenderedMarkdown['sections'] {
  const sections: RenderedMarkdown['sections'] = [{ level: 1, text: '' }];
  // Per section: all its text (descriptions are cut from it, as before search knew code), the prose
  // without code blocks, and the code blocks' lines (search indexes the last two as separate fields).
  const parts: string[][] = [[]];
  const prose: string[][] = [[]];
  const code: string[][] = [[]];
  const drawn: boolean[] = [false];
  let inCode = false;
  let inSlot = false;
  // By node type first: most nodes are text (a node's type is read once; this walk is most of what
  // reading the outline costs, in a build's cold code).
  const walk = (node: Root | ElementContent): void => {
    const type = (node as { type: string }).type;
    if (type === 'text') {
      const value = (node as Text).value;
      if (!inSlot) parts[parts.length - 1].push(value);
      if (!inCode) prose[prose.length - 1].push(value);
      return;
    }
    if (type === 'raw') {
      if ((node.data as { slot?: boolean } | undefined)?.slot) {
        drawn[drawn.length - 1] = true;
        inSlot = true;
        for (const c of parseHtmlFragment((node as unknown as { value: string }).value)) walk(c);
        inSlot = false;
        prose[prose.length - 1].push(' ');
        return;
      }
      const codeLines = codeLinesText(node);
      if (codeLines !== undefined) {
        if (!inSlot) parts[parts.length - 1].push(codeLines);
        if (!inCode) prose[prose.length - 1].push(codeLines);
      }
      return;
    }
    if (type !== 'element') {
      if ('children' in node) for (const c of node.children) walk(c as ElementContent);
      return;
    }
    const el = node as Element;
    if (!inSlot) element(el);
    const level = headingLevel(el.tagName);
    if (level >= 2 && level <= 3 && !inSlot) {
      eachElementBelow(el, element);
      sections.push({
        id: el.properties.id ? String(el.properties.id) : undefined,
        heading: toString(el)
          .replace(/\u200B/g, '')
          .trim(),
        level,
        text: '',
      });
      parts.push([]);
      prose.push([]);
      code.push([]);
      drawn.push(false);
      return;
    }
    if (level === 1 && !inSlot) return eachElementBelow(el, element);
    if (el.tagName === 'button' || el.tagName === 'svg') {
      if (!inSlot) eachElementBelow(el, element);
      return;
    }
    const diagram = diagramSource(el);
    if ((el.tagName === 'pre' || diagram !== undefined) && !inCode) {
      const lines = (diagram ?? codeText(el)).split('\n').map(collapseSpace).filter(Boolean);
      code[code.length - 1].push(...lines);
      inCode = true;
      for (const c of el.children) walk(c);
      inCode = false;
      if (!inSlot) parts[parts.length - 1].push(' ');
      prose[prose.length - 1].push(' ');
      return;
    }
    for (const c of el.children) walk(c);
    if (BLOCKS.has(el.tagName)) {
      if (!inSlot) parts[parts.length - 1].push(' ');
      if (!inCode) prose[prose.length - 1].push(' ');
    }
  };
  walk(tree);
  const collapse = (pieces: string[]) => collapseSpace(pieces.join(''));
  sections.forEach((s, i) => {
    s.text = collapse(parts[i]);
    if (!code[i].length && !drawn[i]) return;
    s.prose = collapse(prose[i]);
    if (code[i].length) s.code = code[i].join('\n');
  });
  return sections.filter((s, i) => i > 0 || s.text || s.prose);
}
