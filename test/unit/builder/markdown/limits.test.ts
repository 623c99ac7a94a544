// The markdown limits: nesting found before and after parsing, file size, and what a refusal says.
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../../src/builder/markdown/parse.js';
import { checkBlockNesting, defaultMarkdownLimits } from '../../../../src/builder/markdown/limits.js';
import { SitegenError } from '../../../../src/builder/errors.js';

const limits = { maxNesting: 5, maxFileSize: 1024 * 1024 };

function refusal(source: string, options = limits): SitegenError {
  try {
    parseMarkdown({ file: '/site/docs/a.md', source, options });
  } catch (e) {
    if (e instanceof SitegenError) return e;
    throw e;
  }
  throw new Error('expected the parse to be refused');
}

const list = (depth: number, indent = 2, marker = '-') => Array.from({ length: depth }, (_, i) => `${' '.repeat(i * indent)}${marker} item ${i}\n`).join('');

describe('nesting limit', () => {
  it('accepts nesting up to the limit, of every kind', () => {
    for (const source of [list(5), list(5, 3, '1.'), '>>>>> quoted\n', '- > - > - x\n', '*a **b _c ~~d [e](f)~~_** g*\n', '<A><B><C><D><E>x</E></D></C></B></A>\n']) {
      expect(() => parseMarkdown({ file: 'a.md', source, options: limits })).not.toThrow();
    }
  });

  it('refuses block quotes and list items past the limit at their line, counting front matter lines', () => {
    const fm = '---\ntitle: A\n---\n';
    for (const [source, line] of [
      [`${fm}# Deep\n\n${list(6)}`, 11],
      [`${fm}${list(6, 3, '1.')}`, 9],
      [`${fm}\n>>>>>> six\n`, 5],
      [`${fm}- > - > - > x\n`, 4],
    ] as const) {
      const e = refusal(source);
      expect(e.problems[0]).toMatchObject({ file: '/site/docs/a.md', line, message: 'block quotes and list items are nested more than 5 levels deep (markdown.maxNesting is 5)' });
      expect(e.problems[0].hint).toContain('markdown.maxNesting');
    }
  });

  it('refuses emphasis past the limit before parsing, and links and JSX in the tree', () => {
    expect(refusal('text\n\n' + '*a '.repeat(6) + 'x' + ' b*'.repeat(6) + '\n').problems[0]).toMatchObject({
      line: 3,
      message: 'emphasis delimiters (* and _) are nested more than 5 levels deep (markdown.maxNesting is 5)',
    });
    for (const source of ['**a [b _c ~~d <b><i>e</i></b>~~_ g](h) i**', '<span>'.repeat(6) + 'x' + '</span>'.repeat(6), '<div>\n'.repeat(6) + 'x\n' + '</div>\n'.repeat(6)]) {
      expect(refusal(`text\n\n${source}\n`).problems[0].message).toBe('block quotes, list items, emphasis, links or JSX elements are nested more than 5 levels deep (markdown.maxNesting is 5)');
    }
  });

  it('counts emphasis per paragraph, closed runs and code spans not', () => {
    const ok = ['*a* '.repeat(50), '`*p` '.repeat(50) + '`', '*a\n\n'.repeat(50), 'snake_case_name '.repeat(50), '2 * 3 * 4 '.repeat(50)].join('\n\n');
    expect(() => checkBlockNesting('a.md', ok, 0, limits)).not.toThrow();
  });

  it('does not count what is no nesting: thematic breaks, fenced code, siblings, long lists', () => {
    const flat = ['* * *', '- - -', '```', '- - - - - - - - x', '```', '', list(1).repeat(200), '1. a\n2. b\n'].join('\n');
    expect(() => checkBlockNesting('a.md', flat, 0, limits)).not.toThrow();
    expect(() => parseMarkdown({ file: 'a.md', source: flat, options: limits })).not.toThrow();
  });

  it('stops a document thousands of levels deep at the first line past the limit, before the parser', () => {
    // The check reads line by line and throws at the first level past the limit: its work is bounded by
    // the limit (at most 101 lines of a 3,000-deep list, 101 markers of a 100,000-deep quote), not by the
    // document's depth. parseMarkdown is refused by this check, not by the tree's, so micromark (whose
    // time grows with the cube of a list's depth) never sees a document nested past the limit.
    const deep = list(3000);
    const refusedAt = (body: string) => {
      try {
        checkBlockNesting('a.md', body, 0, defaultMarkdownLimits);
      } catch (e) {
        return (e as SitegenError).problems[0];
      }
      throw new Error('expected the check to refuse the document');
    };
    expect(refusedAt(deep)).toMatchObject({ line: 101, message: expect.stringMatching(/^block quotes and list items are nested more than 100 levels/) });
    expect(refusedAt('>'.repeat(100_000))).toMatchObject({ line: 1, message: expect.stringMatching(/^block quotes and list items are nested more than 100 levels/) });
    expect(refusal(list(150), defaultMarkdownLimits).problems[0]).toMatchObject({ line: 101, message: expect.stringMatching(/^block quotes and list items are/) });
  });
});

describe('file size limit', () => {
  it('refuses a file over maxFileSize in bytes, before parsing it', () => {
    const e = refusal('# Big\n\n' + 'é'.repeat(600_000), { maxNesting: 100, maxFileSize: 1024 * 1024 });
    expect(e.problems[0]).toMatchObject({ file: '/site/docs/a.md', line: 1, message: 'the file is 1.1 MB, over markdown.maxFileSize (1 MB)' });
    expect(e.problems[0].hint).toContain('markdown.maxFileSize');
    expect(() => parseMarkdown({ file: 'a.md', source: '# Big\n\n' + 'e'.repeat(600_000), options: defaultMarkdownLimits })).not.toThrow();
  });
});
