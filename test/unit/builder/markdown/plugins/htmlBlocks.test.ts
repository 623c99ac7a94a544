import { beforeAll, describe, expect, it } from 'vitest';
import { md } from '../../../../helpers/markdown.js';
import { loadHtmlParser } from '../../../../../src/builder/markdown/plugins/htmlBlocks.js';

// Raw HTML of the md format is held to the same rules as JSX in MDX: the markdown.html policy at the
// element's line, urls rewritten, a missing file named in it a warning.

beforeAll(loadHtmlParser);

describe('raw HTML in the md format', () => {
  const source = '---\ntitle: A\n---\n\nIntro.\n\n<p onclick="go()">Click</p>\n\nText with <a href="javascript:alert(1)">a link</a>.\n\n<script>alert(2)</script>\n';

  it('is kept as written under allow', () => {
    const r = md(source, {}, { format: 'md' });
    expect(r.html).toContain('<p onclick="go()">Click</p>');
    expect(r.html).toContain('<script>alert(2)</script>');
  });

  it('is checked by the sanitize policy, markdown elements are not', () => {
    const r = md(source, { html: 'sanitize' }, { format: 'md' });
    expect(r.html).toBe('<p>Intro.</p>\n<p>Click</p>\n<p>Text with <a>a link</a>.</p>\n');
  });

  it('fails under error at the line of each element', () => {
    const r = md(source, { html: 'error' }, { format: 'md' });
    expect(r.problems.errors.map((p) => [p.line, p.message])).toEqual([
      [7, "Attribute onclick on <p> is not allowed in markdown (markdown.html is 'error')"],
      [9, 'Attribute href="javascript:alert(1)" on <a> is not allowed in markdown (markdown.html is \'error\')'],
      [11, "Raw HTML element <script> is not allowed in markdown (markdown.html is 'error')"],
    ]);
  });

  it('names a missing local image or file in a warning at its line, as JSX does', () => {
    const r = md('Text.\n\n<img src="./gone.png" alt="x">\n\nGet <a href="./gone.pdf">the sheet</a>.\n', { missingStatic: () => ['/site/static/x'] }, { format: 'md' });
    expect(r.problems.errors).toEqual([]);
    expect(r.problems.warnings.map((p) => [p.line, p.message])).toEqual([
      [3, 'Image not found: "./gone.png" (looked for /site/docs/guide/gone.png)'],
      [5, 'File not found: "./gone.pdf" (looked for /site/docs/guide/gone.pdf)'],
    ]);
    expect(r.html).toContain('<img src="./gone.png" alt="x">');
  });
});

describe('JSX in MDX', () => {
  it('names a missing image or file in a warning at its line, while a markdown image stays an error', () => {
    const r = md('<img src="./gone.png" />\n\n<a href="./gone.pdf">sheet</a>\n\n![x](./also-gone.png)\n');
    expect(r.problems.warnings.map((p) => [p.line, p.message])).toEqual([
      [1, 'Image not found: "./gone.png" (looked for /site/docs/guide/gone.png)'],
      [3, 'File not found: "./gone.pdf" (looked for /site/docs/guide/gone.pdf)'],
    ]);
    expect(r.problems.errors.map((p) => [p.line, p.message])).toEqual([[5, 'Image not found: "./also-gone.png" (looked for /site/docs/guide/also-gone.png)']]);
    // A missing file is not a page link: the link check does not see it.
    expect(r.links.map((l) => l.url)).not.toContain('./gone.pdf');
  });
});
