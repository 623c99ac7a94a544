import type { Root, Element } from 'hast';
import { walk } from '../walk.js';
import { lineOf, type MarkdownContext, type LinkRecord } from '../context.js';
import { rewriteUrl } from './links.js';
import { resolveImage, resolveLocalFile } from './images.js';
import { isAbsoluteUrl } from '../../../shared/url.js';

// Urls written as JSX or raw HTML in markdown (<a href>, <img src>) follow the same rules as markdown
// links and images, except that a missing local file is a warning with its line, not an error
// (Docusaurus does not check these at all). An <a href> naming a file next to the markdown (a relative
// path ending in an extension other than a page's: `./setup.pdf`) is copied like an image; any other
// href, root-relative ones included (a static file, a feed or a page: only the link check knows), is
// rewritten and recorded for the link check. Markdown links were done on the mdast; these elements
// carry the `jsx` marker. An <img> without width and height gets its file's. The <Link>s of components
// the file's code drew (MDX slots) are recorded at the component's line, as Docusaurus checks them.

export function rewriteHtmlUrls(tree: Root, ctx: MarkdownContext, links: LinkRecord[]): void {
  walk(tree, (node) => {
    // A slot the file's code drew (plugins/jsx.ts): the urls of its <Link>s, drawn as they are linked.
    const drawn = node.type === 'raw' ? (node.data as { links?: string[] } | undefined)?.links : undefined;
    if (drawn) for (const url of drawn) links.push({ url, ...lineOf(ctx, node) });
    if (node.type !== 'element' || !node.position || !isFromJsx(node)) return;
    if ((node.tagName === 'img' || node.tagName === 'source' || node.tagName === 'video') && typeof node.properties.src === 'string') {
      const { url, file } = resolveImage(node.properties.src, node, ctx, 'warn');
      node.properties.src = url;
      // An <img> without a size of its own gets its file's, so that its box is reserved before it loads.
      if (node.tagName === 'img' && file && node.properties.width === undefined && node.properties.height === undefined) {
        const size = ctx.imageSize(file);
        if (size) Object.assign(node.properties, size);
      }
    }
    if (node.tagName === 'a' && typeof node.properties.href === 'string') {
      const href = node.properties.href;
      if (isRelativeFileLink(href)) {
        node.properties.href = resolveLocalFile({ url: href, node, ctx, missing: 'warn', what: 'File' })?.url ?? href;
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
