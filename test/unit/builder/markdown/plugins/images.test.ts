import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkdownContext } from '../../../../../src/builder/markdown/context.js';
import { resolveImage, resolveLocalFile, rewriteImages } from '../../../../../src/builder/markdown/plugins/images.js';
import { at, hast, html, mdast, renderContext } from './trees.js';

// Images next to the markdown are published as assets, root-relative ones come from a static folder;
// a missing one is an error at its line (a warning for JSX and HTML, through resolveImage's `missing`),
// one outside the site folder is refused; markdown images load lazily with their intrinsic size.

let dir: string;
let file: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-images-'));
  fs.mkdirSync(path.join(dir, 'docs', 'img'), { recursive: true });
  for (const name of ['shot.png', 'img/my pic.png', 'sheet.pdf']) fs.writeFileSync(path.join(dir, 'docs', name), 'x');
  file = path.join(dir, 'docs', 'page.md');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function render(source: string, overrides: Partial<MarkdownContext> = {}) {
  const ctx = renderContext({ file, imageSize: (abs) => (abs.endsWith('.png') ? { width: 40, height: 30 } : undefined), ...overrides });
  const tree = mdast(source);
  rewriteImages(tree, ctx);
  return { html: html(hast(tree)), problems: ctx.problems };
}

describe('rewriteImages', () => {
  it('publishes an image next to the markdown, with its size, lazily loaded', () => {
    const r = render('![Shot](./shot.png "The title") ![Mine](img/my%20pic.png?v=2#top)\n');
    expect(r.html).toBe(
      '<p><img src="/assets/shot.png" alt="Shot" title="The title" width="40" height="30" loading="lazy"> <img src="/assets/my%20pic.png" alt="Mine" width="40" height="30" loading="lazy"></p>',
    );
    expect(r.problems.errors).toEqual([]);
  });

  it('serves a root-relative image from its static folder, sized from the file there', () => {
    const r = render('![Logo](/img/logo.svg)\n', { staticFile: (p) => `/site/static${p}`, imageSize: (abs) => (abs === '/site/static/img/logo.svg' ? { width: 8, height: 8 } : undefined) });
    expect(r.html).toBe('<p><img src="/base/img/logo.svg" alt="Logo" width="8" height="8" loading="lazy"></p>');
  });

  it('leaves remote images as they are, lazily loaded', () => {
    expect(render('![a](https://x.org/a.png) ![b](data:image/png;base64,AAAA)\n').html).toBe(
      '<p><img src="https://x.org/a.png" alt="a" loading="lazy"> <img src="data:image/png;base64,AAAA" alt="b" loading="lazy"></p>',
    );
  });

  it('reports a missing image at its line (front matter counted), naming where it was looked for', () => {
    const r = render('Text.\n\n![Gone](./gone.png) ![Root](/img/none.png)\n', { lineOffset: 3, missingStatic: (p) => [`/site/static${p}`, `/site/public${p}`] });
    expect(at(r.problems.errors)).toEqual([
      `6:1 Image not found: "./gone.png" (looked for ${path.join(dir, 'docs', 'gone.png')})`,
      '6:21 Image not found: "/img/none.png" (looked for /site/static/img/none.png, /site/public/img/none.png)',
    ]);
    expect(r.problems.errors[0]).toMatchObject({ file, hint: 'Put the image next to the markdown file, or in static/ and link it as /path/to/image.' });
    expect(r.html).toBe('<p>Text.</p>\n<p><img src="./gone.png" alt="Gone" loading="lazy"> <img src="/img/none.png" alt="Root" loading="lazy"></p>');
  });

  it('says so when there is no static folder to look in', () => {
    const r = render('![Root](/img/none.png)\n', { missingStatic: () => [] });
    expect(r.problems.errors.map((p) => p.message)).toEqual(['Image not found: "/img/none.png" (looked for it in the static folders, but staticDirectories is empty)']);
  });

  it('refuses a file outside the site folder without publishing it', () => {
    const published: string[] = [];
    const r = render('![x](../docs/shot.png)\n', { insideSite: () => false, addAsset: (abs) => (published.push(abs), '/assets/x') });
    expect(published).toEqual([]);
    expect(at(r.problems.errors)).toEqual([
      `1:1 Image "../docs/shot.png" is outside the site folder or hidden in it (${path.join(dir, 'docs', 'shot.png')}): a page publishes only files of the site, never a hidden one (.env, .git, .sitegen)`,
    ]);
    expect(r.html).toBe('<p><img src="../docs/shot.png" alt="x" loading="lazy"></p>');
  });

  it('keeps the url as written when the file is not published (addAsset gives none)', () => {
    expect(render('![a](./shot.png)\n', { addAsset: () => undefined }).html).toBe('<p><img src="./shot.png" alt="a" loading="lazy"></p>');
  });
});

describe('resolveImage and resolveLocalFile (JSX and HTML)', () => {
  const node = { position: { start: { line: 2, column: 3, offset: 0 }, end: { line: 2, column: 9, offset: 6 } } };

  it('warns instead of failing for a missing file when asked to', () => {
    const ctx = renderContext({ file });
    expect(resolveImage('./gone.png', node, ctx, 'warn')).toEqual({ url: './gone.png' });
    expect(resolveLocalFile({ url: './gone.pdf', node, ctx, missing: 'warn', what: 'File' })).toBeUndefined();
    expect(ctx.problems.errors).toEqual([]);
    expect(at(ctx.problems.warnings)).toEqual([
      `2:3 Image not found: "./gone.png" (looked for ${path.join(dir, 'docs', 'gone.png')})`,
      `2:3 File not found: "./gone.pdf" (looked for ${path.join(dir, 'docs', 'gone.pdf')})`,
    ]);
    expect(ctx.problems.warnings[1].hint).toBe('Put the file next to the markdown file, or in static/ and link it as /path/to/file.');
  });

  it('gives a file its query and hash back, an image not, and names the file it found', () => {
    const ctx = renderContext({ file });
    expect(resolveLocalFile({ url: './sheet.pdf?dl=1#page=2', node, ctx, missing: 'error', what: 'File' })).toEqual({
      url: '/assets/sheet.pdf?dl=1#page=2',
      file: path.join(dir, 'docs', 'sheet.pdf'),
    });
    expect(resolveImage('./shot.png?v=1', node, ctx)).toEqual({ url: '/assets/shot.png', file: path.join(dir, 'docs', 'shot.png') });
    expect(resolveImage('', node, ctx)).toEqual({ url: '' });
  });
});
