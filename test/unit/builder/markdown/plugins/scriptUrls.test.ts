import { describe, expect, it } from 'vitest';
import { md } from '../../../../helpers/markdown.js';
import { isScriptUrl } from '../../../../../src/builder/markdown/plugins/scriptUrls.js';

// A markdown link or image never carries a url that runs script, in any `markdown.html` mode.

describe('script urls in markdown links and images', () => {
  it('recognises javascript: and vbscript: in any case, with whitespace and control characters', () => {
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:x', 'java\tscript:x', 'java\nscript:x', '\u0001javascript:x', 'vbscript:msgbox(1)']) {
      expect(isScriptUrl(url), url).toBe(true);
    }
    for (const url of ['https://example.com/javascript:x', '/docs/javascript:x', 'javascript-guide.md', '#javascript:', 'mailto:a@b.c', 'data:image/png;base64,AAAA']) {
      expect(isScriptUrl(url), url).toBe(false);
    }
  });

  it.each(['allow', 'sanitize', 'error'] as const)('drops the href of every variant and warns at its line (markdown.html: %s)', (html) => {
    const source = [
      '# Links',
      '',
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c]( javascript:alert(1) ) [d](java&#115;cript:alert(1)) [e](&#x6A;avascript:alert(1)) [f][ref]',
      '',
      '[ref]: javascript:alert(2)',
      '',
      '![i](javascript:alert(3))',
      '',
      '[safe](https://shifu.dev) [g](vbscript:msgbox)',
    ].join('\n');
    const r = md(source, { html });
    expect(r.html).not.toMatch(/script:/i);
    expect(r.html).toContain('<p><a>a</a> <a>b</a> <a>c</a> <a>d</a> <a>e</a> <a>f</a></p>');
    expect(r.html).toContain('<img alt="i" loading="lazy">');
    expect(r.html).toContain('<a href="https://shifu.dev" target="_blank" rel="noopener noreferrer">safe</a> <a>g</a>');
    expect(r.problems.errors).toEqual([]);
    const lines = source.split('\n');
    const at = (line: number, text: string) => `/site/docs/guide/page.md:${line}:${lines[line - 1].indexOf(text) + 1}`;
    expect(r.problems.warnings.map((w) => `${w.file}:${w.line}:${w.column}`)).toEqual([...['[a]', '[b]', '[c]', '[d]', '[e]', '[f]'].map((text) => at(3, text)), at(7, '![i]'), at(9, '[g]')]);
    expect(r.problems.warnings[0].message).toBe('Dropped a link url that would run script: "javascript:alert(1)"');
    expect(r.problems.warnings[6].message).toBe('Dropped an image url that would run script: "javascript:alert(3)"');
  });

  it('counts the front matter in the line it reports', () => {
    const r = md('---\ntitle: T\n---\n\nText [x](javascript:void(0)).\n');
    expect(r.problems.warnings.map((w) => [w.line, w.column])).toEqual([[5, 6]]);
  });
});
