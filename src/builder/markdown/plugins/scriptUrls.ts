import type { Root } from 'hast';
import { walk } from '../walk.js';
import { lineOf, type MarkdownContext } from '../context.js';

// A markdown link or image never points at script, whatever `markdown.html` says: `[x](javascript:...)`
// loses its href (the text stays) and warns at its line. Raw HTML (JSX) is left to rawHtml.ts.

/**
 * Whether a browser would run the url as script. Browsers drop ASCII whitespace and control characters
 * around a url and tabs and newlines inside it, and read the scheme in any case; character references
 * were decoded by the parser already.
 */
export function isScriptUrl(url: string): boolean {
  return /^(javascript|vbscript):/i.test(url.replace(/[\u0000-\u0020]+/g, ''));
}

const URL_PROPERTY: Record<string, string> = { a: 'href', img: 'src' };

export function dropScriptUrls(tree: Root, ctx: MarkdownContext): void {
  walk(tree, (node) => {
    if (node.type !== 'element' || (node.data as { jsx?: boolean } | undefined)?.jsx) return;
    const property = URL_PROPERTY[node.tagName];
    const url = property && node.properties[property];
    if (typeof url !== 'string' || !isScriptUrl(url)) return;
    delete node.properties[property];
    if (node.tagName === 'a') {
      delete node.properties.target;
      delete node.properties.rel;
    }
    ctx.problems.warn({
      message: `Dropped ${node.tagName === 'a' ? 'a link' : 'an image'} url that would run script: "${url.length > 40 ? url.slice(0, 40) + '…' : url}"`,
      file: ctx.file,
      ...lineOf(ctx, node),
      hint: node.tagName === 'a' ? 'Link to a page or an http(s) url; the text is shown without a link.' : 'Point the image at a file or an http(s) url.',
    });
  });
}
