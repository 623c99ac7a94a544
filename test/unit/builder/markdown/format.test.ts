import { beforeAll, describe, expect, it } from 'vitest';
import { md } from '../../../helpers/markdown.js';
import { markdownFormat } from '../../../../src/builder/markdown/format.js';
import { parseMarkdown } from '../../../../src/builder/markdown/parse.js';
import { loadHtmlParser } from '../../../../src/builder/markdown/plugins/htmlBlocks.js';
import { SitegenError } from '../../../../src/builder/errors.js';

// markdown.format and front matter `format` / `mdx.format`: which syntax a file is read with, and what
// the md format (CommonMark + GFM) renders where MDX would read JSX or an expression.

beforeAll(loadHtmlParser);

describe('choosing the format', () => {
  const choose = (file: string, frontMatter: Record<string, unknown>, site?: 'md' | 'mdx' | 'detect') => markdownFormat({ file, source: '', frontMatter, site });

  it("is MDX by default, and 'detect' reads .md as md and .mdx (or any other extension) as MDX", () => {
    expect(choose('/s/docs/a.md', {})).toBe('mdx');
    expect(choose('/s/docs/a.md', {}, 'detect')).toBe('md');
    expect(choose('/s/docs/a.markdown', {}, 'detect')).toBe('md');
    expect(choose('/s/docs/a.mdx', {}, 'detect')).toBe('mdx');
    expect(choose('/s/docs/a.mdx', {}, 'md')).toBe('md');
  });

  it('follows the front matter over the site: format, or Docusaurus mdx.format (which wins)', () => {
    expect(choose('/s/docs/a.md', { format: 'mdx' }, 'detect')).toBe('mdx');
    expect(choose('/s/docs/a.mdx', { mdx: { format: 'md' } }, 'mdx')).toBe('md');
    expect(choose('/s/docs/a.mdx', { format: 'detect' }, 'md')).toBe('mdx');
    expect(choose('/s/docs/a.md', { format: 'mdx', mdx: { format: 'md' } })).toBe('md');
  });

  it('refuses another value at its front matter line', () => {
    const source = '---\ntitle: A\nmdx:\n  format: html\n---\n# A\n';
    let error: unknown;
    try {
      parseMarkdown({ file: '/s/docs/a.md', source });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SitegenError);
    expect((error as SitegenError).problems[0]).toMatchObject({ file: '/s/docs/a.md', line: 4, message: 'mdx.format: expected "md", "mdx" or "detect", found "html"' });
  });
});

describe('the md format', () => {
  it('keeps braces as text and raw HTML as elements, where MDX fails on the expression', () => {
    const source = 'Set {HOST} and press <kbd>Ctrl</kbd>.<br>\nNext line with <img src="https://img.example/a.png">\n';
    const r = md(source, {}, { format: 'md' });
    expect(r.html).toBe('<p>Set {HOST} and press <kbd>Ctrl</kbd>.<br>\nNext line with <img src="https://img.example/a.png"></p>');
    expect(r.problems.errors).toEqual([]);
    expect(md('Set {HOST}.\n').problems.errors.map((p) => p.message)).toContain('Unsupported expression in markdown: "HOST" is not defined');
    expect(() => md(source)).toThrow(/Expected a closing tag for `<img>`/);
  });

  it('reads <https://...> autolinks, which MDX cannot parse', () => {
    expect(md('See <https://example.com/a>.\n', {}, { format: 'md' }).html).toBe('<p>See <a href="https://example.com/a" target="_blank" rel="noopener noreferrer">https://example.com/a</a>.</p>');
    expect(() => md('See <https://example.com/a>.\n')).toThrow(SitegenError);
  });

  it('renders markdown between an HTML block opening and closing tag, inside the element', () => {
    const r = md('<div class="box">\n\nSome **bold** text.\n\n</div>\n', {}, { format: 'md' });
    expect(r.html).toBe('<div class="box">\n<p>Some <strong>bold</strong> text.</p>\n</div>');
  });

  it('drops HTML comments and keeps {#id}, admonitions and code blocks working', () => {
    const r = md('<!-- note to self -->\n\n## Options {#opts}\n\n:::tip Mind {this}\nBody {x}.\n:::\n\n```js\nconst o = {a: 1};\n```\n', {}, { format: 'md' });
    expect(r.html).not.toContain('note to self');
    expect(r.anchors).toEqual(['opts']);
    expect(r.html).toContain('<h2 id="opts" class="anchor">Options<a href="#opts"');
    expect(r.html).toMatch(/<div class="theme-admonition theme-admonition-tip alert alert--success">.*Mind \{this\}<\/div><div class="admonition-content">\s*<p>Body \{x\}.<\/p>/s);
    expect(r.html).toContain('<span class="token punctuation">{</span><span class="token literal-property property">a</span>');
  });

  it('makes <details> the theme Details, as in MDX', () => {
    const source = '<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>\n';
    const r = md(source, {}, { format: 'md' });
    expect(r.html).toBe('<details class="details">\n<summary>More</summary>\n<p>Hidden text.</p>\n</details>');
  });

  it('splits a blog excerpt at <!--truncate-->', () => {
    const r = md('The {VERSION} is out.\n\n<!--truncate-->\n\nMore below.\n', {}, { format: 'md' });
    expect(r.excerptHtml).toBe('<p>The {VERSION} is out.</p>');
    expect(r.html).toContain('More below.');
  });

  it('finds the title after a leading comment, and drops it from the body', () => {
    const source = '<!-- generated -->\n\n# The title\n\nBody.\n';
    expect(parseMarkdown({ file: '/s/a.md', source, options: { maxNesting: 100, maxFileSize: 1e6, format: 'md' } }).contentTitle).toBe('The title');
    expect(md(source, {}, { format: 'md', dropTitle: true }).html.trim()).toBe('<p>Body.</p>');
  });
});
