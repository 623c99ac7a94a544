import type { Root, Element } from 'hast';
import { walk } from '../walk.js';
import { lineOf, type MarkdownContext, type LinkRecord } from '../context.js';
import { rewriteUrl } from './links.js';
import { resolveImageUrl, resolveLocalFile } from './images.js';
import { isAbsoluteUrl } from '../../../shared/url.js';

// Urls written as JSX or raw HTML in markdown (<a href>, <img src>) follow the same rules as markdown
// links and images, except that a missing local file is a warning with its line, not an error
// (Docusaurus does not check these at all). An <a href> naming a file next to the markdown (a relative
// path ending in an extension other than a page's: `./setup.pdf`) is copied like an image; any other
// href, root-relative ones included (a static file, a feed or a page: only the link check knows), is
// rewritten and recorded for the link check. Markdown links were done on the mdast; these elements
// carry the `jsx` marker.

export function rewriteHtmlUrls(tree: Root, ctx: MarkdownContext, links: LinkRecord[]): void {
  walk(tree, (node) => {
    if (node.type !== 'element' || !node.position || !isFromJsx(node)) return;
    if ((node.tagName === 'img' || node.tagName === 'source' || node.tagName === 'video') && typeof node.properties.src === 'string') {
      node.properties.src = resolveImageUrl(node.properties.src, node, ctx, 'warn');
    }
    if (node.tagName === 'a' && typeof node.properties.href === 'string') {
      const href = node.properties.href;
      if (isRelativeFileLink(href)) {
        node.properties.href = resolveLocalFile({ url: href, node, ctx, missing: 'warn', what: 'File' }) ?? href;
        return;
      }
      node.properties.href = rewriteUrl(href, node, ctx);
      links.push({ url: node.properties.href, ...lineOf(ctx, node) });
    }
  });
}

/** A relative path whose last segment ends in an extension that is not a page's (.md, .mdx, .html). */
function isRelativeFileLink(href: string): boolean {
  if (!href || href.startsWith('#') || href.startsWith('/') || isAbsoluteUrl(href)) return false;
  const pathPart = href.split(/[?#]/)[0];
  const last = pathPart.slice(pathPart.lastIndexOf('/') + 1);
  return /\.[a-z0-9]+$/i.test(last) && !/\.(mdx?|html?)$/i.test(last);
}

/** Elements from markdown syntax were already handled; JSX elements keep the source position we gave them. */
function isFromJsx(node: Element): boolean {
  return (node.data as { jsx?: boolean } | undefined)?.jsx === true;
}
