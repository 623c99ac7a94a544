import { describe, expect, it } from 'vitest';
import type { Element, Root } from 'hast';
import type { MarkdownContext, Slots } from '../../../../../src/builder/markdown/context.js';
import { compileJsx } from '../../../../../src/builder/markdown/plugins/jsx.js';
import { at, hast, html, mdast, renderContext } from './trees.js';

// MDX nodes become plain elements: lowercase JSX is HTML marked as the author's, theme components
// are drawn, literal expressions evaluated; the file's code is drawn by its slots; anything else is
// an error at its line.

function compile(source: string, overrides: Partial<MarkdownContext> = {}) {
  const ctx = renderContext(overrides);
  const tree = hast(mdast(source, { mdx: true }));
  compileJsx(tree, ctx);
  return { tree, html: html(tree), problems: ctx.problems };
}

const first = (tree: Root) => tree.children.find((c): c is Element => c.type === 'element')!;

describe('compileJsx', () => {
  it('turns lowercase JSX into HTML elements, attributes into properties', () => {
    const r = compile('<div className="a  b" id="x" hidden style={{ marginTop: 8, zIndex: 2, color: "red" }} data-n={3} aria-label="L">\n\nText *here*.\n\n</div>\n');
    expect(r.html).toBe('<div class="a b" id="x" hidden style="margin-top:8px;z-index:2;color:red" data-n="3" aria-label="L"><p>Text <em>here</em>.</p></div>');
    expect(r.problems.errors).toEqual([]);
  });

  it("marks those elements as the author's, with their position, and where each attribute is when a policy reads them", () => {
    const allow = first(compile('<div class="c" onClick="go()" />\n').tree);
    expect(allow.data).toEqual({ jsx: true });
    expect(allow.position?.start).toMatchObject({ line: 1, column: 1 });
    const sanitize = first(compile('<div class="c" onClick="go()" />\n', { html: 'sanitize' }).tree);
    expect(sanitize.data).toEqual({ jsx: true, attributes: { className: { line: 1, column: 6, offset: 5 }, onClick: { line: 1, column: 16, offset: 15 } } });
  });

  it('leaves out false, null and undefined attributes, and keeps true ones as flags', () => {
    expect(compile('<input disabled={false} readOnly={null} value={undefined} checked />\n').html).toBe('<input checked>');
  });

  it('evaluates literal expressions, drops comments, imports and exports, and inlines fragments', () => {
    const r = compile("import X from './x';\nexport const y = 1;\n\n{/* a note */}\n\nSum: {'a' + 'b'}? No: {`tpl`} {-2} {[1, 2]} {false}{null}.\n\n<>\n*frag*\n</>\n");
    expect(r.html).toBe('\n\n<p>Sum: ? No: tpl -2 1,2 .</p>\n<p><em>frag</em></p>');
    expect(at(r.problems.errors)).toEqual(['6:6 Unsupported expression in markdown: BinaryExpression is not a literal']);
  });

  it("reads a partial's props, and reports any other name at its line with a hint", () => {
    expect(compile('Hello {props.name}!\n', { props: { name: 'Shifu' } }).html).toBe('<p>Hello Shifu!</p>');
    const r = compile('Text.\n\nHello {user}!\n', { lineOffset: 2 });
    expect(r.html).toBe('<p>Text.</p>\n<p>Hello !</p>');
    expect(at(r.problems.errors)).toEqual(['5:7 Unsupported expression in markdown: "user" is not defined']);
    expect(r.problems.errors[0].hint).toMatch(
      /^Define the name in the file \(`export const name = \.\.\.`\) or import it\. The theme's components \(Tabs, TabItem, .*\) take literal attribute values only\. To show a brace, write \\\{\.$/,
    );
  });

  it('draws the theme components and <details>', () => {
    const r = compile('<Admonition type="tip" title="Hi">\n\nBody.\n\n</Admonition>\n\n<details>\n<summary>More</summary>\n\nHidden.\n\n</details>\n');
    expect(r.problems.errors).toEqual([]);
    expect(r.html).toMatch(
      /^<div class="theme-admonition theme-admonition-tip alert alert--success">.*Hi.*<p>Body\.<\/p>.*<\/div>\n<details[^>]*>.*<summary>More<\/summary>.*<p>Hidden\.<\/p>.*<\/details>$/s,
    );
  });

  it('reports an unknown component at its line, naming the ways to provide one, and keeps its children', () => {
    const r = compile('Intro.\n\n<Chart kind="bar">\n\nThe data.\n\n</Chart>\n');
    expect(r.html).toBe('<p>Intro.</p>\n<p>The data.</p>');
    expect(at(r.problems.errors)).toEqual(['3:1 Unknown component <Chart>']);
    expect(r.problems.errors[0].hint).toBe(
      "Import it (`import Chart from '@site/src/components/Chart';`), export it from the file, or use a theme component: Tabs, TabItem, Admonition, Details, CodeBlock, Mermaid, DocCardList, TOCInline (from '@theme/<Name>').",
    );
  });

  it("reports a theme component's own failure at its line", () => {
    const r = compile('Text.\n\n<TabItem label="A">\n\nA tab.\n\n</TabItem>\n');
    expect(at(r.problems.errors)).toEqual(['3:1 <TabItem>: <TabItem> needs a value="..." attribute']);
    expect(r.html).toBe('<p>Text.</p>\n<p>A tab.</p>');
  });

  it('refuses spread attributes and a <TOCInline> of other headings', () => {
    const r = compile('<div {...rest}>x</div>\n\n<TOCInline toc={toc.slice(1)} />\n');
    expect(at(r.problems.errors)).toEqual([
      '1:1 Spread attributes are not supported in markdown (<div {...}>)',
      "3:1 <TOCInline> shows the file's own headings: write toc={toc}, and choose the levels with minHeadingLevel and maxHeadingLevel",
    ]);
  });

  it("draws the slots of the file's code bottom-up, children first, marked for search and the link check", () => {
    const calls: [number, string | undefined][] = [];
    const slots: Slots = {
      has: (offset) => offset === 0 || offset === 47,
      render: (offset, childrenHtml) => (calls.push([offset, childrenHtml]), { html: `<section>${childrenHtml ?? ''}</section>`, links: ['/docs/a'] }),
    };
    const r = compile('<Card title={title}>\n\n*In* the card.\n\n</Card>\n\n{new Date().getFullYear()}\n', { slots });
    expect(calls).toEqual([
      [0, '<p><em>In</em> the card.</p>'],
      [47, undefined],
    ]);
    expect(r.tree.children.filter((c) => c.type === 'raw').map((c) => [c.value, c.data])).toEqual([
      ['<section><p><em>In</em> the card.</p></section>', { slot: true, links: ['/docs/a'] }],
      ['<section></section>', { slot: true, links: ['/docs/a'] }],
    ]);
  });

  it('reports a slot that failed at its line, with the stack frame as the hint, and draws nothing there', () => {
    const slots: Slots = { has: () => true, render: () => ({ error: 'boom', frame: 'at Card (src/components/Card.tsx:3:9)' }) };
    const r = compile('<Card />\n\n{f()}\n', { slots, lineOffset: 1 });
    expect(r.html).toBe('\n');
    expect(at(r.problems.errors)).toEqual(['2:1 <Card> failed to render: boom', '4:1 The expression failed to render: boom']);
    expect(r.problems.errors[0].hint).toBe('at Card (src/components/Card.tsx:3:9)');
  });

  it('draws an imported markdown file with its props, or reports why it cannot', () => {
    const seen: unknown[] = [];
    const drawn = compile('<Intro name="x" n={2} />\n', {
      partials: { Intro: '/site/docs/_intro.mdx' },
      renderPartial: (file, props) => (seen.push([file, props]), { html: '<p>Intro</p>', links: ['/docs/b'] }),
    });
    expect(seen).toEqual([['/site/docs/_intro.mdx', { name: 'x', n: 2 }]]);
    expect(drawn.tree.children.map((c) => [c.type, (c as { data?: unknown }).data])).toEqual([['raw', { slot: true, links: ['/docs/b'] }]]);
    const failed = compile('Text.\n\n<Intro />\n', { partials: { Intro: '/site/docs/_intro.mdx' }, renderPartial: () => ({ error: 'it imports itself' }) });
    expect(at(failed.problems.errors)).toEqual(['3:1 <Intro> (/site/docs/_intro.mdx): it imports itself']);
  });
});
