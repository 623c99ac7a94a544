import { describe, expect, it } from 'vitest';
import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import { raw } from 'hast-util-raw';
import { codeBlock, codeHandler, codeText, type MagicComment } from '../../../../../src/builder/markdown/plugins/code.js';
import { mdast } from './trees.js';

// Code blocks highlighted at build time: the title and line ranges of the meta, line numbers, magic
// comments taken out of the code and marking the lines they name.

const byClass = (el: Element, className: string): Element[] => {
  const found: Element[] = [];
  const visit = (e: Element) => {
    if ((e.properties.className as string[] | undefined)?.includes(className)) found.push(e);
    for (const c of e.children) if (c.type === 'element') visit(c);
  };
  visit(el);
  return found;
};

/** The block's HTML: its lines are raw HTML (as render.ts writes it). */
const html = (el: Element) => toHtml(el, { allowDangerousHtml: true });

/** The block with its lines' HTML read back as elements (by hast-util-raw, as a browser reads it). */
const parsed = (el: Element) => (raw({ type: 'root', children: [{ type: 'raw', value: html(el) }] }) as Root).children[0] as Element;

/** Each line of the block: its text and its classes besides `code-line`. */
const lines = (el: Element) => byClass(parsed(el), 'code-line').map((l) => [toString(l).replace(/\n$/, ''), ...(l.properties.className as string[]).slice(1)].join(' | '));

describe('codeBlock', () => {
  it('highlights a known language into prism tokens, one span per line, the last newline dropped', () => {
    const el = codeBlock({ code: 'const a = 1;\nb();\n', lang: 'JS' });
    const tokens = (...parts: [string, string][]) => parts.map(([type, text]) => (type ? `<span class="token ${type}">${text}</span>` : text)).join('');
    const line1 = tokens(['keyword', 'const'], ['', ' a '], ['operator', '='], ['', ' '], ['number', '1'], ['punctuation', ';']);
    const line2 = tokens(['function', 'b'], ['punctuation', '('], ['punctuation', ')'], ['punctuation', ';']);
    expect(html(el)).toBe(
      `<div class="theme-code-block code-block language-js" data-lang="js"><pre class="prism-code code-pre" tabindex="0"><code class="language-js"><span class="code-line">${line1}\n</span><span class="code-line">${line2}\n</span></code></pre></div>`,
    );
    // The same block with its tokens as hast (the md format's), and the same text.
    const hast = codeBlock({ code: 'const a = 1;\nb();\n', lang: 'JS', hast: true });
    expect(toHtml(hast)).toBe(html(el));
    expect(codeText(el)).toBe(toString(hast));
    expect(codeText(el)).toBe('const a = 1;\nb();\n');
  });

  it("writes its lines as HTML, the bytes of the same block drawn as hast (codeLineMarkup's spans), with the same text", () => {
    const magicComments: MagicComment[] = [
      { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
      { className: 'odd"class &amp', line: 'odd-next-line' },
    ];
    const cases: Parameters<typeof codeBlock>[0][] = [
      { code: 'const a = 1 < 2 && "x";\n// highlight-next-line\nb(`t`);\n', lang: 'js', meta: 'title="a.js" {1} showLineNumbers' },
      { code: '<p title="&amp;">a & b</p>\n\n\n<!-- highlight-start -->\n<b>x</b>\n<!-- highlight-end -->', lang: 'html', magicComments },
      { code: "echo $'a\\nb' # odd-next-line\n# odd-next-line\nrm -rf /\n", lang: 'bash', magicComments, meta: '{1-3}' },
      { code: 'plain <text> & more\n\n', lang: 'nosuchlang' },
      { code: '', lang: 'yaml' },
      { code: '\n', meta: 'showLineNumbers=3' },
      { code: 'key: "v" # c\n- 中文 😀\r\nx: 1', lang: 'YML', title: 'given & "quoted"' },
    ];
    for (const c of cases) {
      const el = codeBlock(c);
      const hast = codeBlock({ ...c, hast: true });
      expect(html(el), JSON.stringify(c)).toBe(toHtml(hast));
      expect(codeText(el)).toBe(toString(hast));
    }
    expect(html(codeBlock(cases[2]))).toContain('<span class="code-line code-line-hl odd&#x22;class &#x26;amp"><span class="token function">rm');
  });

  it('keeps an unknown language as plain text with its class, and a block without one classless', () => {
    expect(lines(codeBlock({ code: '<b> & c', lang: 'nosuchlang' }))).toEqual(['<b> & c']);
    const plain = codeBlock({ code: 'x' });
    expect(plain.properties).toEqual({ className: ['theme-code-block', 'code-block'], dataLang: undefined });
    expect(html(plain)).toMatch(/^<div class="theme-code-block code-block"><pre class="prism-code code-pre" tabindex="0"><code class="">/);
  });

  it('uses defaultLanguage for a block that names none, never over one that does', () => {
    expect(codeBlock({ code: 'x', defaultLanguage: 'bash' }).properties.dataLang).toBe('bash');
    expect(codeBlock({ code: 'x', lang: 'go', defaultLanguage: 'bash' }).properties.dataLang).toBe('go');
  });

  it('reads the title from the meta in either quotes, and a title parameter over it', () => {
    const title = (el: Element) => byClass(el, 'code-title').map((t) => toString(t));
    expect(title(codeBlock({ code: 'x', meta: 'title="src/a b.ts"' }))).toEqual(['src/a b.ts']);
    expect(title(codeBlock({ code: 'x', meta: "title='it''s'" }))).toEqual(['it']);
    expect(title(codeBlock({ code: 'x', meta: 'title="meta"', title: 'given' }))).toEqual(['given']);
    expect(title(codeBlock({ code: 'x', meta: 'showLineNumbers' }))).toEqual([]);
  });

  it('marks the lines of {1,3-4} ranges, and none for braces holding anything else', () => {
    expect(lines(codeBlock({ code: 'a\nb\nc\nd\ne', meta: 'title="t" {1, 3-4}' }))).toEqual(['a | code-line-hl', 'b', 'c | code-line-hl', 'd | code-line-hl', 'e']);
    expect(lines(codeBlock({ code: 'a\nb', meta: '{1,x}' }))).toEqual(['a', 'b']);
  });

  it('numbers lines with showLineNumbers, from N with showLineNumbers=N', () => {
    const from1 = codeBlock({ code: 'a', meta: 'showLineNumbers' });
    expect(html(from1)).toContain('<pre class="prism-code code-pre line-numbers" tabindex="0"><code class="">');
    expect(html(codeBlock({ code: 'a', lang: 'js', meta: 'showLineNumbers=5' }))).toContain(
      '<pre class="prism-code code-pre line-numbers" tabindex="0"><code class="language-js" style="counter-reset:line 4">',
    );
    expect(html(codeBlock({ code: 'a', meta: 'noshowLineNumbers' }))).not.toContain('line-numbers');
  });

  it('takes the default magic comments out and marks the lines they name, in any comment syntax', () => {
    const code = [
      '// highlight-next-line',
      'one',
      'two',
      '# highlight-start',
      'three',
      '<!-- highlight-next-line -->',
      'four',
      '{/* highlight-end */}',
      'five',
      '  -- highlight-next-line  ',
      'six',
    ].join('\n');
    expect(lines(codeBlock({ code }))).toEqual(['one | code-line-hl', 'two', 'three | code-line-hl', 'four | code-line-hl', 'five', 'six | code-line-hl']);
  });

  it('leaves a comment that only mentions a directive, and an end without a start marks nothing', () => {
    expect(lines(codeBlock({ code: '// highlight-next-line please\na\n// highlight-end\nb\n// highlight-start\nc' }))).toEqual(['// highlight-next-line please', 'a', 'b', 'c | code-line-hl']);
  });

  it("uses a site's own magic comments (replacing the default ones) and gives ranges the first one's class", () => {
    const magicComments: MagicComment[] = [
      { className: 'error-line', line: 'error-next-line', block: { start: 'error-start', end: 'error-end' } },
      { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line' },
    ];
    const code = '// error-next-line\na\n// highlight-next-line\nb\n// error-start\n// highlight-next-line\nc\n// error-end\nd';
    expect(lines(codeBlock({ code, magicComments, meta: '{4}' }))).toEqual(['a | error-line', 'b | code-line-hl', 'c | code-line-hl | error-line', 'd | error-line']);
  });
});

describe('codeHandler', () => {
  it('draws a fence with its language, meta and the site options', () => {
    const fence = mdast('```Python title="run.py" {2}\nprint(1)\nprint(2)\n```\n').children[0];
    if (fence.type !== 'code') throw new Error('expected a code block');
    const el = codeHandler(undefined as never, fence, { defaultLanguage: 'bash' });
    expect(el.properties.dataLang).toBe('python');
    expect(byClass(el, 'code-title').map((t) => toString(t))).toEqual(['run.py']);
    expect(lines(el)).toEqual(['print(1)', 'print(2) | code-line-hl']);
  });
});
