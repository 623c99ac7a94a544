import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Root } from 'hast';
import type { LinkRecord, MarkdownContext } from '../../../../../src/builder/markdown/context.js';
import { compileJsx } from '../../../../../src/builder/markdown/plugins/jsx.js';
import { rewriteHtmlUrls } from '../../../../../src/builder/markdown/plugins/htmlUrls.js';
import { at, hast, html, mdast, renderContext } from './trees.js';

// Urls the author wrote in JSX (or raw HTML: the same `jsx` marker) follow the rules of markdown
// links and images, a missing file being a warning; a relative <a href> to a file is published like
// an image; the links of drawn components go to the link check at their line.

let dir: string;
let file: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-html-urls-'));
  for (const name of ['shot.png', 'clip.mp4', 'sheet.pdf']) fs.writeFileSync(path.join(dir, name), 'x');
  file = path.join(dir, 'page.mdx');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function render(source: string, overrides: Partial<MarkdownContext> = {}, prepare?: (tree: Root) => void) {
  const ctx = renderContext({ file, resolveMarkdownLink: (t) => (t === 'other.md' ? '/docs/other' : undefined), imageSize: () => ({ width: 40, height: 30 }), ...overrides });
  const links: LinkRecord[] = [];
  const tree = hast(mdast(source, { mdx: true }));
  compileJsx(tree, ctx);
  prepare?.(tree);
  rewriteHtmlUrls(tree, ctx, links);
  return { html: html(tree), links, problems: ctx.problems };
}

describe('rewriteHtmlUrls', () => {
  it('publishes the images and media the JSX names, giving an <img> its size unless it has one', () => {
    const r = render('<img src="./shot.png" alt="a" />\n\n<img src="./shot.png" width="10" />\n\n<video src="./clip.mp4" />\n\n<img src="/img/logo.svg" />\n\n<img src="https://x.org/a.png" />\n');
    expect(r.html).toBe(
      '<img src="/assets/shot.png" alt="a" width="40" height="30">\n<img src="/assets/shot.png" width="10">\n<video src="/assets/clip.mp4"></video>\n<img src="/base/img/logo.svg">\n<img src="https://x.org/a.png">',
    );
    expect(r.links).toEqual([]);
  });

  it('publishes a file a relative <a href> names, keeping its query and hash', () => {
    const r = render('Get <a href="./sheet.pdf?dl=1#p2">the sheet</a>.\n');
    expect(r.html).toBe('<p>Get <a href="/assets/sheet.pdf?dl=1#p2">the sheet</a>.</p>');
    expect(r.links).toEqual([]);
  });

  it('rewrites and records every other href at its line: pages, markdown files, root-relative paths, external urls', () => {
    const r = render('Text.\n\n<a href="other.md#x">a</a> <a href="/docs/y">b</a> <a href="page.html">c</a> <a href="https://x.org">d</a> <a href="#top">e</a>\n', { lineOffset: 2 });
    expect(r.html).toBe('<p>Text.</p>\n<p><a href="/docs/other#x">a</a> <a href="/base/docs/y">b</a> <a href="page.html">c</a> <a href="https://x.org">d</a> <a href="#top">e</a></p>');
    expect(r.links.map((l) => `${l.line}:${l.column} ${l.url}`)).toEqual(['5:1 /docs/other#x', '5:28 /base/docs/y', '5:52 page.html', '5:78 https://x.org', '5:108 #top']);
  });

  it('warns at its line about a missing file, leaving the url as written', () => {
    const r = render('<img src="./gone.png" />\n\nA <a href="./gone.pdf">sheet</a>.\n\n<img src="/img/none.png" />\n', { missingStatic: (p) => [`/site/static${p}`] });
    expect(r.problems.errors).toEqual([]);
    expect(at(r.problems.warnings)).toEqual([
      `1:1 Image not found: "./gone.png" (looked for ${path.join(dir, 'gone.png')})`,
      `3:3 File not found: "./gone.pdf" (looked for ${path.join(dir, 'gone.pdf')})`,
      '5:1 Image not found: "/img/none.png" (looked for /site/static/img/none.png)',
    ]);
    expect(r.html).toBe('<img src="./gone.png">\n<p>A <a href="./gone.pdf">sheet</a>.</p>\n<img src="/img/none.png">');
  });

  it('leaves the elements of markdown syntax alone (the mdast passes did them)', () => {
    const r = render('![a](./gone.png) [b](/docs/y)\n');
    expect(r.html).toBe('<p><img src="./gone.png" alt="a"> <a href="/docs/y">b</a></p>');
    expect([r.links, r.problems.warnings]).toEqual([[], []]);
  });

  it("records the links a drawn component's markup holds at the component's line", () => {
    const r = render('Text.\n\n<Anything />\n', { lineOffset: 1 }, (tree) => {
      tree.children.push({
        type: 'raw',
        value: '<a href="/docs/z">z</a>',
        data: { slot: true, links: ['/docs/z', '/docs/w#a'] },
        position: { start: { line: 3, column: 1 }, end: { line: 3, column: 14 } },
      } as never);
    });
    expect(r.links).toEqual([
      { url: '/docs/z', line: 4, column: 1 },
      { url: '/docs/w#a', line: 4, column: 1 },
    ]);
  });
});
