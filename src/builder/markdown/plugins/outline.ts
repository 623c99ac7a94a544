import type { Root, Element, ElementContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { toHtml } from 'hast-util-to-html';
import { walk } from '../walk.js';
import { diagramSource } from './mermaid.js';
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
  walk(tree, (node) => {
    if (node.type !== 'element') return;
    const id = node.properties.id;
    if (id !== undefined && id !== null && id !== '') anchors.push(String(id));
    if (node.properties.name && node.tagName === 'a') anchors.push(String(node.properties.name));
    const item = tocItemOf(node, levels);
    if (item) toc.push(item);
  });
  return { toc, anchors, sections: collectSections(tree) };
}

/** A heading of these levels as a table of contents item (its markup without links or its hash link); else undefined. */
export function tocItemOf(node: Element, levels: { min: number; max: number }): TocItem | undefined {
  const level = /^h([1-6])$/.exec(node.tagName)?.[1];
  const id = node.properties.id;
  if (!level || !id || Number(level) < levels.min || Number(level) > levels.max) return undefined;
  const content = node.children.filter((c) => !(c.type === 'element' && c.tagName === 'a' && (c.properties.className as string[] | undefined)?.includes('hash-link')));
  return { id: String(id), level: Number(level), html: toHtml(stripLinks(content)) };
}

function stripLinks(nodes: ElementContent[]): ElementContent[] {
  return nodes.flatMap((n) => (n.type === 'element' && n.tagName === 'a' ? stripLinks(n.children) : n.type === 'element' ? [{ ...n, children: stripLinks(n.children) }] : [n]));
}

function collectSections(tree: Root): RenderedMarkdown['sections'] {
  const sections: RenderedMarkdown['sections'] = [{ level: 1, text: '' }];
  // Per section: all its text (descriptions are cut from it, as before search knew code), the prose
  // without code blocks, and the code blocks' lines (search indexes the last two as separate fields).
  const parts: string[][] = [[]];
  const prose: string[][] = [[]];
  const code: string[][] = [[]];
  const drawn: boolean[] = [false];
  let inCode = false;
  let inSlot = false;
  const walk = (node: Root | ElementContent) => {
    if ((node as { type: string }).type === 'raw' && (node.data as { slot?: boolean } | undefined)?.slot) {
      drawn[drawn.length - 1] = true;
      inSlot = true;
      for (const c of parseHtmlFragment((node as unknown as { value: string }).value)) walk(c);
      inSlot = false;
      prose[prose.length - 1].push(' ');
      return;
    }
    if (node.type === 'element') {
      const level = /^h([1-6])$/.exec(node.tagName)?.[1];
      if (level && Number(level) >= 2 && Number(level) <= 3 && !inSlot) {
        sections.push({
          id: node.properties.id ? String(node.properties.id) : undefined,
          heading: toString(node)
            .replace(/\u200B/g, '')
            .trim(),
          level: Number(level),
          text: '',
        });
        parts.push([]);
        prose.push([]);
        code.push([]);
        drawn.push(false);
        return;
      }
      if (level === '1' && !inSlot) return;
      if (node.tagName === 'button' || node.tagName === 'svg') return;
      const diagram = diagramSource(node);
      if ((node.tagName === 'pre' || diagram !== undefined) && !inCode) {
        const lines = (diagram ?? toString(node))
          .split('\n')
          .map((line) => line.replace(/\s+/g, ' ').trim())
          .filter(Boolean);
        code[code.length - 1].push(...lines);
        inCode = true;
        for (const c of node.children) walk(c);
        inCode = false;
        if (!inSlot) parts[parts.length - 1].push(' ');
        prose[prose.length - 1].push(' ');
        return;
      }
    }
    if (node.type === 'text') {
      if (!inSlot) parts[parts.length - 1].push(node.value);
      if (!inCode) prose[prose.length - 1].push(node.value);
      return;
    }
    if ('children' in node) {
      for (const c of node.children) walk(c as ElementContent);
      if (node.type === 'element' && /^(p|div|li|pre|h[1-6]|tr|td|th|blockquote|summary|details)$/.test(node.tagName)) {
        if (!inSlot) parts[parts.length - 1].push(' ');
        if (!inCode) prose[prose.length - 1].push(' ');
      }
    }
  };
  walk(tree);
  const collapse = (pieces: string[]) => pieces.join('').replace(/\s+/g, ' ').trim();
  sections.forEach((s, i) => {
    s.text = collapse(parts[i]);
    if (!code[i].length && !drawn[i]) return;
    s.prose = collapse(prose[i]);
    if (code[i].length) s.code = code[i].join('\n');
  });
  return sections.filter((s, i) => i > 0 || s.text || s.prose);
}
