import path from 'node:path';
import fs from 'node:fs';
import { walk } from '../walk.js';
import type { Root, Image } from 'mdast';
import { lineOf, type MarkdownContext } from '../context.js';
import { isAbsoluteUrl } from '../../../shared/url.js';

// Images next to a doc are copied into the output under a content-hashed name; root-relative images
// are served from a static folder and gain the base url. A missing local image, relative or
// root-relative, is an error with its line.

export function rewriteImages(tree: Root, ctx: MarkdownContext): void {
  walk(tree, (node) => {
    if (node.type === 'image') node.url = resolveImageUrl(node.url, node, ctx);
  });
}

export function resolveImageUrl(url: string, node: { position?: Image['position'] }, ctx: MarkdownContext): string {
  if (!url || isAbsoluteUrl(url)) return url;
  if (url.startsWith('/')) {
    // Served from a static folder: missing there, it would ship as a broken image (as in Docusaurus, an error).
    const lookedFor = ctx.missingStatic(url);
    if (lookedFor) {
      imageNotFound(url, lookedFor, node, ctx);
      return url;
    }
    return ctx.resolveAbsolute(url);
  }
  const clean = decodeURI(url.split(/[?#]/)[0]);
  const abs = path.resolve(path.dirname(ctx.file), clean);
  if (!fs.existsSync(abs)) {
    imageNotFound(url, [abs], node, ctx);
    return url;
  }
  return ctx.addAsset(abs) ?? url;
}

function imageNotFound(url: string, lookedFor: string[], node: { position?: Image['position'] }, ctx: MarkdownContext): void {
  ctx.problems.error({
    message: `Image not found: "${url}" (looked for ${lookedFor.join(', ') || 'it in the static folders, but staticDirectories is empty'})`,
    file: ctx.file,
    ...lineOf(ctx, node),
    hint: 'Put the image next to the markdown file, or in static/ and link it as /path/to/image.',
  });
}
