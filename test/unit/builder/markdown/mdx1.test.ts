import { describe, expect, it } from 'vitest';
import { preprocessMarkdown } from '../../../../src/builder/markdown/preprocess.js';
import { parseMarkdown, stillParsedAs } from '../../../../src/builder/markdown/parse.js';
import { defaultMarkdownLimits } from '../../../../src/builder/markdown/limits.js';

// MDX 1's text read by MDX 3 (markdown.mdx1, a Docusaurus 2 site): `{` and `<` in markdown text are
// escaped, so they show as written as MDX 1 showed them; JSX blocks, tag attributes, import/export,
// code and what preprocess.ts rewrote itself are left as they are; the lines stay where they were.

const mdx1 = (source: string) => preprocessMarkdown(source, 'mdx', { mdx1: true });

describe('markdown.mdx1', () => {
  it('escapes { and a < that opens no tag in text', () => {
    expect(mdx1('Use {curly} braces, a {b} and x < 5 or x <= 4 <3')).toBe('Use \\{curly} braces, a \\{b} and x \\< 5 or x \\<= 4 \\<3');
  });

  it('leaves code spans, escapes, tags and their attribute expressions as written', () => {
    expect(mdx1('`{a}` and ``{`b`}`` \\{c} <Badge n={1} label="}{" /> {d}')).toBe('`{a}` and ``{`b`}`` \\{c} <Badge n={1} label="}{" /> \\{d}');
    expect(mdx1('Press <kbd>{key}</kbd>')).toBe('Press <kbd>\\{key}</kbd>');
  });

  it('leaves JSX blocks and import/export blocks up to the next blank line, and fences', () => {
    const source = [
      'import X from "./x";',
      'export const y = { z: 1 };',
      '',
      '<div>',
      '  {y.z}',
      '</div>',
      '',
      'Then {text}.',
      '',
      '```js',
      'const a = {b};',
      '```',
      '<Tabs>',
      '<TabItem value="a">',
      '',
      'In {a} tab.',
      '',
      '</TabItem>',
      '</Tabs>',
    ].join('\n');
    const out = mdx1(source).split('\n');
    expect(out).toHaveLength(19);
    expect(out.slice(0, 6)).toEqual(source.split('\n').slice(0, 6));
    expect(out[7]).toBe('Then \\{text}.');
    expect(out[10]).toBe('const a = {b};');
    expect(out[15]).toBe('In \\{a} tab.');
    expect(out.slice(17)).toEqual(['</TabItem>', '</Tabs>']);
  });

  it("keeps preprocess's own rewrites: heading ids, comments, admonition titles and a directive's attributes", () => {
    const source = ['## Tides {#tides}', 'Text <!-- a {note} --> {x}', ':::tip Use {this}', ':::note{.wide}'].join('\n');
    expect(mdx1(source).split('\n')).toEqual(['## Tides \\{#tides\\}', 'Text {/* a \\{note} */} \\{x}', ':::tip[Use \\{this}]', ':::note{.wide}']);
  });

  it('is off without the option, and in the md format', () => {
    expect([preprocessMarkdown('Use {curly}', 'mdx'), preprocessMarkdown('Use {curly}', 'md', { mdx1: true })]).toEqual(['Use {curly}', 'Use {curly}']);
  });

  it('makes a cached parse stale when it changes', () => {
    const limits = defaultMarkdownLimits;
    const parsed = parseMarkdown({ file: 'a.mdx', source: 'Use {1} braces', options: { ...limits, mdx1: true } });
    expect(parsed.mdx1).toBe(true);
    expect(stillParsedAs(parsed, { ...limits, mdx1: true })).toBe(true);
    expect(stillParsedAs(parsed, limits)).toBe(false);
    expect(stillParsedAs(parseMarkdown({ file: 'a.mdx', source: 'Use {1} braces', options: limits }), { ...limits, mdx1: true })).toBe(false);
  });
});
