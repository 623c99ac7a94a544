import type { Element, ElementContent, Root } from 'hast';
import { walk } from '../walk.js';
import { tocItemOf } from './outline.js';
import type { TocItem } from '../../../shared/types.js';

// <TOCInline toc={toc} /> (Docusaurus's @theme/TOCInline): the file's table of contents in its body,
// as nested lists of links to its headings. The markdown component (components.ts) leaves an element
// naming the levels; once the headings have their ids, this pass fills it. Its links are not text of
// the file's sections (search), as they are drawn after the outline is read.

export function fillInlineTocs(tree: Root): void {
  const found: Element[] = [];
  walk(tree, (node) => {
    if (node.type === 'element' && typeof node.properties.dataTocInline === 'string') found.push(node);
  });
  for (const el of found) {
    const [min, max] = String(el.properties.dataTocInline).split('-').map(Number);
    delete el.properties.dataTocInline;
    const items: TocItem[] = [];
    walk(tree, (node) => {
      const item = node.type === 'element' ? tocItemOf(node, { min, max }) : undefined;
      if (item) items.push(item);
    });
    el.children = [nested(items)];
  }
}

/** The items as lists nested by level: a deeper heading's item goes into a list in the item of the heading above it. */
function nested(items: TocItem[]): Element {
  const list = (): Element => ({ type: 'element', tagName: 'ul', properties: {}, children: [] });
  const root = list();
  const open: { level: number; li: Element }[] = [];
  for (const item of items) {
    while (open.length && open[open.length - 1].level >= item.level) open.pop();
    const parent = open[open.length - 1];
    let into = root;
    if (parent) {
      const last = parent.li.children[parent.li.children.length - 1];
      into = last?.type === 'element' && last.tagName === 'ul' ? last : (parent.li.children.push(list()), parent.li.children[parent.li.children.length - 1] as Element);
    }
    // The heading's own markup (its code, emphasis), as the page's table of contents shows it.
    const li: Element = {
      type: 'element',
      tagName: 'li',
      properties: {},
      children: [{ type: 'element', tagName: 'a', properties: { href: `#${item.id}` }, children: [{ type: 'raw', value: item.html } as unknown as ElementContent] }],
    };
    into.children.push(li);
    open.push({ level: item.level, li });
  }
  return root;
}
