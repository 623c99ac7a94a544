import { walk } from '../walk.js';
import type { Root, Link, Definition } from 'mdast';
import { lineOf, type MarkdownContext, type LinkRecord } from '../context.js';
import { PATHNAME_PROTOCOL, applyTrailingSlash, isExternalUrl } from '../../../shared/url.js';

// Relative links to markdown files become routes (`../install/support.md#x` → `/docs/guides/install/support#x`);
// root-relative links gain the base url; every link is recorded with its line for the link check.

export function rewriteLinks(tree: Root, ctx: MarkdownContext, links: LinkRecord[]): void {
  walk(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'definition') return;
    const link = node;
    const raw = link.url;
    const url = rewriteUrl(raw, link, ctx);
    link.url = url;
    links.push({ url, ...lineOf(ctx, link) });
    if (link.type !== 'link') return;
    // pathname:// links are plain anchors (a full page load, e.g. a static file); external links open
    // in a new tab without an opener, as Docusaurus does.
    if (raw.startsWith(PATHNAME_PROTOCOL)) link.data = { ...link.data, hProperties: { ...(link.data?.hProperties ?? {}), dataNoroute: '' } };
    else if (isExternalUrl(raw) && !/^(mailto|tel):/i.test(raw)) {
      link.data = { ...link.data, hProperties: { ...(link.data?.hProperties ?? {}), target: '_blank', rel: ['noopener', 'noreferrer'] } };
    }
  });
}

export function rewriteUrl(raw: string, node: { position?: Link['position'] }, ctx: MarkdownContext): string {
  if (raw.startsWith(PATHNAME_PROTOCOL)) return ctx.resolveAbsolute(raw.slice(PATHNAME_PROTOCOL.length));
  if (!raw || raw.startsWith('#') || isExternalUrl(raw)) return raw;
  if (raw.startsWith('/')) return ctx.resolveAbsolute(raw);
  const [pathPart, hash = ''] = splitHash(raw);
  if (/\.mdx?$/i.test(pathPart)) {
    const target = ctx.resolveMarkdownLink(decodeURI(pathPart), ctx.file);
    if (target) return applyTrailingSlash(target, ctx.trailingSlash) + (hash ? '#' + hash : '');
    if (ctx.onBrokenMarkdownLinks !== 'ignore') {
      const problem = {
        message: `Broken markdown link: "${raw}" does not point at a doc or post of this site`,
        file: ctx.file,
        ...lineOf(ctx, node),
        hint: 'Check the relative path from this file, or link to the page url instead.',
      };
      if (ctx.onBrokenMarkdownLinks === 'throw') ctx.problems.error(problem);
      else ctx.problems.warn(problem);
    }
    return raw;
  }
  return raw;
}

function splitHash(url: string): [string, string | undefined] {
  const i = url.indexOf('#');
  return i === -1 ? [url, undefined] : [url.slice(0, i), url.slice(i + 1)];
}
