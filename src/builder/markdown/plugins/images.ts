import path from 'node:path';
import fs from 'node:fs';
import { walk } from '../walk.js';
import type { Root, Image } from 'mdast';
import { lineOf, type MarkdownContext } from '../context.js';
import { isAbsoluteUrl } from '../../../shared/url.js';

// Images next to a doc are copied into the output under a content-hashed name; root-relative images
// are served from a static folder and gain the base url. A missing markdown image, relative or
// root-relative, is an error with its line (as in Docusaurus). Files named in JSX or raw HTML
// (`<img src>`, `<a href="./x.pdf">`, see htmlUrls.ts) are looked up the same way, but a missing one
// is a warning: Docusaurus does not check them at all, and a site moved over should still build.
// A file outside the site folder (and its content and static folders), links resolved, is an error:
// a path such as `../../../etc/passwd` would otherwise publish whatever it names.
// A markdown image loads lazily (as Docusaurus's) and a local one carries its intrinsic width and height.

type Node = { position?: Image['position'] };
export type Missing = 'error' | 'warn';

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

/** The public url of an image or media source, and its file when it is a local one that exists. */
export function resolveImage(url: string, node: Node, ctx: MarkdownContext, missing: Missing = 'error'): { url: string; file?: string } {
  if (!url || isAbsoluteUrl(url)) return { url };
  return resolveLocalFile({ url, node, ctx, missing, what: 'Image' }) ?? { url };
}

/**
 * The public url of a local file a page names (relative to the markdown file, or root-relative in a
 * static folder) and the file itself, or undefined when it is missing (reported as `missing` says, at
 * the node's line).
 */
export function resolveLocalFile(params: { url: string; node: Node; ctx: MarkdownContext; missing: Missing; what: 'Image' | 'File' }): { url: string; file?: string } | undefined {
  const { url, ctx } = params;
  if (url.startsWith('/')) {
    // Served from a static folder: missing there, it would ship as a broken link.
    const lookedFor = ctx.missingStatic(url);
    if (lookedFor) {
      notFound(params, lookedFor);
      return undefined;
    }
    return { url: ctx.resolveAbsolute(url), file: ctx.staticFile(url) };
  }
  const clean = decodeURI(url.split(/[?#]/)[0]);
  const abs = path.resolve(path.dirname(ctx.file), clean);
  if (!fs.existsSync(abs)) {
    notFound(params, [abs]);
    return undefined;
  }
  if (!ctx.insideSite(abs)) {
    ctx.problems.error({
      message: `${params.what} "${url}" is outside the site folder or hidden in it (${abs}): a page publishes only files of the site, never a hidden one (.env, .git, .sitegen)`,
      file: ctx.file,
      ...lineOf(ctx, params.node),
      hint: 'Copy the file into the site folder (next to the markdown file, or in static/) and link it from there.',
    });
    return undefined;
  }
  const suffix = url.slice(url.split(/[?#]/)[0].length);
  const published = ctx.addAsset(abs);
  if (published === undefined) return { url };
  return { url: params.what === 'Image' ? published : published + suffix, file: abs };
}

function notFound(params: { url: string; node: Node; ctx: MarkdownContext; missing: Missing; what: 'Image' | 'File' }, lookedFor: string[]): void {
  const { url, node, ctx, missing, what } = params;
  const problem = {
    message: `${what} not found: "${url}" (looked for ${lookedFor.join(', ') || 'it in the static folders, but staticDirectories is empty'})`,
    file: ctx.file,
    ...lineOf(ctx, node),
    hint:
      what === 'Image'
        ? 'Put the image next to the markdown file, or in static/ and link it as /path/to/image.'
        : 'Put the file next to the markdown file, or in static/ and link it as /path/to/file.',
  };
  if (missing === 'error') ctx.problems.error(problem);
  else ctx.problems.warn(problem);
}
