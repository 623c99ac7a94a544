import type { Root, Element } from 'hast';
import { toString } from 'hast-util-to-string';
import { walk } from '../walk.js';
import { t, type MarkdownContext } from '../context.js';

// Every h2-h6 with an id gets a "Direct link to {heading}" anchor, as Docusaurus does.

export function headingAnchors(tree: Root, ctx: MarkdownContext): void {
  walk(tree, (node) => {
    if (node.type !== 'element' || !/^h[2-6]$/.test(node.tagName) || !node.properties.id) return;
    const id = String(node.properties.id);
    const label = t(ctx, 'theme.common.headingLinkTitle', 'Direct link to {heading}', { heading: toString(node).trim() });
    node.properties.className = ['anchor'];
    node.children.push({
      type: 'element',
      tagName: 'a',
      properties: { href: `#${id}`, className: ['hash-link'], ariaLabel: label, title: label },
      children: [{ type: 'text', value: '\u200B' }],
    });
  });
}
