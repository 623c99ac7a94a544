import { visit } from 'unist-util-visit';
import type { Root, Link, Definition } from 'mdast';
import { lineOf, type MarkdownContext, type LinkRecord } from '../context.js';

// Relative links to markdown files become routes (`../install/support.md#x` → `/docs/guides/install/support#x`);
// root-relative links gain the base url; every link is recorded with its line for the link check.

export const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

export function rewriteLinks(tree: Root, ctx: MarkdownContext, links: LinkRecord[]): void {
  visit(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'definition') return;
    const link = node as Link | Definition;
    const url = rewriteUrl(link.url, link, ctx);
    link.url = url;
    links.push({ url, ...lineOf(ctx, link) });
  });
}

export function rewriteUrl(raw: string, node: { position?: Link['position'] }, ctx: MarkdownContext): string {
  if (raw.startsWith('pathname://')) return ctx.resolveAbsolute(raw.slice('pathname://'.length));
  if (!raw || raw.startsWith('#') || EXTERNAL.test(raw)) return raw;
  if (raw.startsWith('/')) return ctx.resolveAbsolute(raw);
  const [pathPart, hash = ''] = splitHash(raw);
  if (/\.mdx?$/i.test(pathPart)) {
    const target = ctx.resolveMarkdownLink(decodeURI(pathPart), ctx.file);
    if (target) return target + (hash ? '#' + hash : '');
    const behaviour = ctx.problems;
    behaviour.warn({
      message: `Broken markdown link: "${raw}" does not point at a doc or post of this site`,
      file: ctx.file,
      ...lineOf(ctx, node),
      hint: 'Check the relative path from this file, or link to the page url instead.',
    });
    return raw;
  }
  return raw;
}

export function splitHash(url: string): [string, string | undefined] {
  const i = url.indexOf('#');
  return i === -1 ? [url, undefined] : [url.slice(0, i), url.slice(i + 1)];
}
