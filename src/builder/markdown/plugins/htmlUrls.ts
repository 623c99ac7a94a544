import type { Root, Element } from 'hast';
import { walk } from '../walk.js';
import { lineOf, type MarkdownContext, type LinkRecord } from '../context.js';
import { rewriteUrl } from './links.js';
import { resolveImage } from './images.js';

// Urls written as JSX/HTML in markdown (<a href>, <img src>) follow the same rules as markdown links
// and images (an <img> without width and height gets its file's). Markdown links were done on the
// mdast; these carry a `jsx` position marker.

export function rewriteHtmlUrls(tree: Root, ctx: MarkdownContext, links: LinkRecord[]): void {
  walk(tree, (node) => {
    if (node.type !== 'element' || !node.position || !isFromJsx(node)) return;
    if ((node.tagName === 'img' || node.tagName === 'source' || node.tagName === 'video') && typeof node.properties.src === 'string') {
      const { url, file } = resolveImage(node.properties.src, node, ctx);
      node.properties.src = url;
      // An <img> without a size of its own gets its file's, so that its box is reserved before it loads.
      if (node.tagName === 'img' && file && node.properties.width === undefined && node.properties.height === undefined) {
        const size = ctx.imageSize(file);
        if (size) Object.assign(node.properties, size);
      }
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
