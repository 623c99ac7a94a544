import type { Root, Element } from 'hast';
import { walk } from '../walk.js';
import { lineOf, type MarkdownContext, type LinkRecord } from '../context.js';
import { rewriteUrl } from './links.js';
import { resolveImageUrl } from './images.js';

// Urls written as JSX/HTML in markdown (<a href>, <img src>) follow the same rules as markdown links
// and images. Markdown links were done on the mdast; these carry a `jsx` position marker.

export function rewriteHtmlUrls(tree: Root, ctx: MarkdownContext, links: LinkRecord[]): void {
  walk(tree, (node) => {
    if (node.type !== 'element' || !node.position || !isFromJsx(node)) return;
    if ((node.tagName === 'img' || node.tagName === 'source' || node.tagName === 'video') && typeof node.properties.src === 'string') {
      node.properties.src = resolveImageUrl(node.properties.src, node, ctx);
    }
    if (node.tagName === 'a' && typeof node.properties.href === 'string') {
      node.properties.href = rewriteUrl(node.properties.href, node, ctx);
      links.push({ url: node.properties.href, ...lineOf(ctx, node) });
    }
  });
}

/** Elements from markdown syntax were already handled; JSX elements keep the source position we gave them. */
function isFromJsx(node: Element): boolean {
  return (node.data as { jsx?: boolean } | undefined)?.jsx === true;
}
