import { describe, expect, it } from 'vitest';
import type { Root as MdRoot } from 'mdast';
import { toHast, type Options } from 'mdast-util-to-hast';
import { mdastToHast } from '../../../../src/builder/markdown/toHast.js';
import { parseMarkdown } from '../../../../src/builder/markdown/parse.js';

// mdastToHast is toHast with the definitions of links and footnotes found by walk.ts instead of
// unist-util-visit: the same trees, whatever nests the definitions or repeats their ids.

const SOURCE = [
  'Links: [one][A], [two][b], [three], ![img][IMG], [missing][nope], and a note[^n] and[^Other].',
  '',
  '> [b]: https://example.com/b-first "in a quote"',
  '',
  '- item',
  '  [three]: /three',
  '  1. [img]: /img.png',
  '',
  '[a]: https://example.com/a',
  '[A]: https://example.com/a-again',
  '[B]: https://example.com/b-later',
  '',
  '[^n]: The note, with [a link][a].',
  '[^N]: A repeat, not used.',
  '',
  '> [^other]: Nested note.',
  '',
].join('\n');

const MDX = [SOURCE, '<Wrapper>', '', '[c]: /c-in-jsx', '', 'See [c].', '', '</Wrapper>', ''].join('\n');

const MDX_NODES = ['mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxFlowExpression', 'mdxTextExpression', 'mdxjsEsm'] as const;

function both(source: string, format: 'md' | 'mdx', options: Options) {
  const parsed = parseMarkdown({ file: '/site/docs/page.md', source: `---\nformat: ${format}\n---\n${source}` });
  return { ours: mdastToHast(structuredClone(parsed.tree) as MdRoot, options), theirs: toHast(structuredClone(parsed.tree) as MdRoot, options) };
}

describe('mdastToHast', () => {
  it('makes the tree toHast makes, with link and footnote definitions found anywhere, the first of an id kept', () => {
    const md = both(SOURCE, 'md', { allowDangerousHtml: true });
    expect(md.ours).toEqual(md.theirs);
    const html = JSON.stringify(md.ours);
    expect(html).toContain('https://example.com/b-first');
    expect(html).toContain('/three');
    expect(html).toContain('footnotes');
    const mdx = both(MDX, 'mdx', { passThrough: [...MDX_NODES] });
    expect(mdx.ours).toEqual(mdx.theirs);
    expect(JSON.stringify(mdx.ours)).toContain('/c-in-jsx');
  });

  it("keeps the caller's handlers", () => {
    const options: Options = { handlers: { code: () => ({ type: 'element', tagName: 'x-code', properties: {}, children: [] }) } };
    const r = both('```js\na\n```\n', 'md', options);
    expect(r.ours).toEqual(r.theirs);
    expect(JSON.stringify(r.ours)).toContain('x-code');
  });
});
