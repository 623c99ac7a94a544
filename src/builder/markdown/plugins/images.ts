import path from 'node:path';
import fs from 'node:fs';
import { walk } from '../walk.js';
import type { Root, Image } from 'mdast';
import { lineOf, type MarkdownContext } from '../context.js';
import { isAbsoluteUrl } from '../../../shared/url.js';

// Images next to a doc are copied into the output under a content-hashed name; root-relative images
// are served from a static folder and gain the base url. A missing local image, relative or
// root-relative, is an error with its line. A markdown image loads lazily (as Docusaurus's) and a
// local one carries its intrinsic width and height.

export function rewriteImages(tree: Root, ctx: MarkdownContext): void {
  walk(tree, (node) => {
    if (node.type !== 'image') return;
    const { url, file } = resolveImage(node.url, node, ctx);
    node.url = url;
    const size = file ? ctx.imageSize(file) : undefined;
    const data = node.data as { hProperties?: Record<string, unknown> } | undefined;
    node.data = { ...data, hProperties: { ...data?.hProperties, ...size, loading: 'lazy' } } as Image['data'];
  });
}

/** The public url of an image or media source, and its file when it is a local one. */
export function resolveImage(url: string, node: { position?: Image['position'] }, ctx: MarkdownContext): { url: string; file?: string } {
  if (!url || isAbsoluteUrl(url)) return { url };
  if (url.startsWith('/')) {
    // Served from a static folder: missing there, it would ship as a broken image (as in Docusaurus, an error).
    const lookedFor = ctx.missingStatic(url);
    if (lookedFor) {
      imageNotFound(url, lookedFor, node, ctx);
      return { url };
    }
    return { url: ctx.resolveAbsolute(url), file: ctx.staticFile(url) };
  }
  const clean = decodeURI(url.split(/[?#]/)[0]);
  const abs = path.resolve(path.dirname(ctx.file), clean);
  if (!fs.existsSync(abs)) {
    imageNotFound(url, [abs], node, ctx);
    return { url };
  }
  const added = ctx.addAsset(abs);
  return added ? { url: added, file: abs } : { url };
}

function imageNotFound(url: string, lookedFor: string[], node: { position?: Image['position'] }, ctx: MarkdownContext): void {
  ctx.problems.error({
    message: `Image not found: "${url}" (looked for ${lookedFor.join(', ') || 'it in the static folders, but staticDirectories is empty'})`,
    file: ctx.file,
    ...lineOf(ctx, node),
    hint: 'Put the image next to the markdown file, or in static/ and link it as /path/to/image.',
  });
}
