import { describe, expect, it } from 'vitest';
import type { LinkRecord, MarkdownContext } from '../../../../../src/builder/markdown/context.js';
import { rewriteLinks } from '../../../../../src/builder/markdown/plugins/links.js';
import { at, hast, html, mdast, renderContext } from './trees.js';

// Links to markdown files become routes, root-relative links gain the base url, external ones open
// in a new tab; each is recorded at its line for the link check; a broken markdown link is reported
// as onBrokenMarkdownLinks says.

const docs: Record<string, string> = { 'other.md': '/docs/guide/other', '../intro.mdx': '/docs/intro', 'my doc.md': '/docs/guide/my-doc' };

function render(source: string, overrides: Partial<MarkdownContext> = {}) {
  const ctx = renderContext({ resolveMarkdownLink: (target) => docs[target], ...overrides });
  const links: LinkRecord[] = [];
  const tree = mdast(source);
  rewriteLinks(tree, ctx, links);
  return { html: html(hast(tree)), links, problems: ctx.problems };
}

describe('rewriteLinks', () => {
  it('turns links to markdown files into their routes, keeping the hash', () => {
    const r = render('[a](other.md) [b](../intro.mdx#setup) [c](my%20doc.md) [d](OTHER.MD)\n');
    expect(r.html).toBe('<p><a href="/docs/guide/other">a</a> <a href="/docs/intro#setup">b</a> <a href="/docs/guide/my-doc">c</a> <a href="OTHER.MD">d</a></p>');
  });

  it("applies the site's trailing-slash rule to those routes", () => {
    expect(render('[a](other.md#x)\n', { trailingSlash: true }).html).toBe('<p><a href="/docs/guide/other/#x">a</a></p>');
    expect(render('[a](other.md)\n', { trailingSlash: false }).html).toBe('<p><a href="/docs/guide/other">a</a></p>');
  });

  it('gives root-relative links the base url and leaves hashes and relative page urls as written', () => {
    expect(render('[a](/docs/x) [b](#here) [c](../guide/x) [d](./file.pdf)\n').html).toBe(
      '<p><a href="/base/docs/x">a</a> <a href="#here">b</a> <a href="../guide/x">c</a> <a href="./file.pdf">d</a></p>',
    );
  });

  it('opens external links in a new tab without an opener, mail and phone links in place', () => {
    expect(render('[a](https://shifu.dev) [b](//cdn.x.org/y) [c](mailto:a@b.c) [d](tel:+123)\n').html).toBe(
      '<p><a href="https://shifu.dev" target="_blank" rel="noopener noreferrer">a</a> <a href="//cdn.x.org/y" target="_blank" rel="noopener noreferrer">b</a> <a href="mailto:a@b.c">c</a> <a href="tel:+123">d</a></p>',
    );
  });

  it('makes pathname:// links plain anchors to the path under the base url', () => {
    expect(render('[a](pathname:///files/a.zip)\n').html).toBe('<p><a href="/base/files/a.zip" data-noroute="">a</a></p>');
  });

  it('rewrites reference definitions too, and records every link at its line and column (front matter counted)', () => {
    const r = render('Intro.\n\n  See [a](other.md) and [b][ref].\n\n[ref]: /docs/y\n', { lineOffset: 4 });
    expect(r.html).toBe('<p>Intro.</p>\n<p>See <a href="/docs/guide/other">a</a> and <a href="/base/docs/y">b</a>.</p>');
    expect(r.links).toEqual([
      { url: '/docs/guide/other', line: 7, column: 7 },
      { url: '/base/docs/y', line: 9, column: 1 },
    ]);
  });

  it('reports a markdown link to no doc as a warning, an error, or not at all, and keeps it as written', () => {
    const source = 'Text.\n\nSee [gone](gone.md#x).\n';
    const warn = render(source);
    expect(warn.html).toContain('<a href="gone.md#x">gone</a>');
    expect(at(warn.problems.warnings)).toEqual(['3:5 Broken markdown link: "gone.md#x" does not point at a doc or post of this site']);
    expect(warn.problems.warnings[0]).toMatchObject({ file: '/site/docs/guide/page.md', hint: 'Check the relative path from this file, or link to the page url instead.' });
    expect(warn.links).toEqual([{ url: 'gone.md#x', line: 3, column: 5 }]);
    const error = render(source, { onBrokenMarkdownLinks: 'throw' });
    expect(at(error.problems.errors)).toEqual(['3:5 Broken markdown link: "gone.md#x" does not point at a doc or post of this site']);
    expect(error.problems.warnings).toEqual([]);
    const ignore = render(source, { onBrokenMarkdownLinks: 'ignore' });
    expect([...ignore.problems.errors, ...ignore.problems.warnings]).toEqual([]);
  });

  it('asks for the markdown file from the file being rendered', () => {
    const asked: [string, string][] = [];
    render('[a](../x/y.md)\n', { file: '/site/docs/a/b.md', resolveMarkdownLink: (target, from) => (asked.push([target, from]), '/docs/x/y') });
    expect(asked).toEqual([['../x/y.md', '/site/docs/a/b.md']]);
  });
});
