import { describe, expect, it } from 'vitest';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { md } from '../../../helpers/markdown.js';
import { SiteContext, type SiteState } from '../../../../src/theme/context.js';
import Admonition from '../../../../src/theme/api/Admonition.js';
import Tabs from '../../../../src/theme/api/Tabs.js';
import TabItem from '../../../../src/theme/api/TabItem.js';
import Details from '../../../../src/theme/api/Details.js';
import DocCardList from '../../../../src/theme/api/DocCardList.js';
import CodeBlock, { HighlightContext } from '../../../../src/theme/api/CodeBlock.js';
import Mermaid from '../../../../src/theme/api/Mermaid.js';
import { highlightCode } from '../../../../src/builder/render/highlightCode.js';

// Parity of each markdown component (builder/markdown/components.ts, drawn to hast and written by
// hast-util-to-html) with the React component of the same name (theme/api/*.tsx, drawn by
// renderToStaticMarkup): the same input gives the same HTML. Each case writes the component's tags on
// lines of their own (a block, not a paragraph) around a paragraph, given to React as a <p>.

const strings = { 'theme.admonition.tip': 'Tip (translated)' };
const site = { chrome: { strings }, page: {} } as unknown as SiteState;

const fromMarkdown = (source: string) => md(source, { strings }).html.trim();
const fromReact = (node: ReactNode) => renderToStaticMarkup(h(SiteContext.Provider, { value: site }, node));
const block = (open: string, close: string, body = 'body') => `${open}\n\n${body}\n\n${close}\n`;
const p = (text = 'body') => h('p', null, text);

describe('Admonition', () => {
  it('draws the same markup with a title', () => {
    const html = fromMarkdown(block('<Admonition type="tip" title="Mind this">', '</Admonition>'));
    expect(html).toBe('<div class="theme-admonition theme-admonition-tip alert alert--success"><div class="admonition-heading">Mind this</div><div class="admonition-content"><p>body</p></div></div>');
    expect(fromReact(h(Admonition, { type: 'tip', title: 'Mind this' }, p()))).toBe(html);
  });

  it('draws the same markup with the locale’s title of its type, and note by default', () => {
    const tip = fromMarkdown(block('<Admonition type="tip">', '</Admonition>'));
    expect(tip).toContain('<div class="admonition-heading">Tip (translated)</div>');
    expect(fromReact(h(Admonition, { type: 'tip' }, p()))).toBe(tip);
    const note = fromMarkdown(block('<Admonition>', '</Admonition>'));
    expect(note).toContain('admonition-note');
    expect(fromReact(h(Admonition, {}, p()))).toBe(note);
  });
});

describe('Tabs and TabItem', () => {
  // The ids differ by design: the markdown component numbers tab sets in the page, the React one
  // hashes their values (the same on the server and in the browser).
  const ids = (html: string) => html.replace(/tabs-[a-z0-9]+-(tab|panel)-/g, 'tabs-ID-$1-');
  // React writes a boolean attribute as `hidden=""`, hast-util-to-html as `hidden`: the same HTML.
  const booleans = (html: string) => html.replace(/ hidden=""/g, ' hidden');
  const same = (markdown: string, react: ReactNode) => {
    const html = fromMarkdown(markdown);
    expect(booleans(ids(fromReact(react)))).toBe(ids(html));
    return html;
  };
  const item = (value: string, extra: Record<string, unknown> = {}) => h(TabItem, { key: value, value, ...extra }, p(`${value} body`));
  const tabItem = (value: string, attrs = '') => block(`<TabItem value="${value}"${attrs}>`, '</TabItem>', `${value} body`);

  it('draws the same tabs, panels and selection, with a default item, labels, classes and a group', () => {
    const html = same(
      `<Tabs groupId="os" className="mine">\n\n${tabItem('linux', ' label="Linux" className="panel"')}\n${tabItem('mac', ' default')}\n</Tabs>\n`,
      h(Tabs, { groupId: 'os', className: 'mine' }, item('linux', { label: 'Linux', className: 'panel' }), item('mac', { default: true })),
    );
    expect(html).toContain('<div class="theme-tabs-container tabs-container mine" data-group-id="os">');
    expect(html).toContain('aria-selected="true" aria-controls="tabs-1-panel-1" tabindex="0" class="tabs__item tabs__item--active" data-value="mac">mac</button>');
    expect(html).toContain('<div data-value="linux" class="panel" role="tabpanel" id="tabs-1-panel-0" aria-labelledby="tabs-1-tab-0" hidden><p>linux body</p></div>');
  });

  it('draws the same tabs in the order and with the labels of `values`, with a defaultValue and a query string', () => {
    const values = [
      { value: 'b', label: 'Bee' },
      { value: 'a', label: 'Ay' },
    ];
    const html = same(
      `<Tabs values={[{ value: 'b', label: 'Bee' }, { value: 'a', label: 'Ay' }]} defaultValue="a" queryString="pick">\n\n${tabItem('a')}\n${tabItem('b')}\n</Tabs>\n`,
      h(Tabs, { values, defaultValue: 'a', queryString: 'pick' }, item('a'), item('b')),
    );
    expect(html).toContain('data-query-string="pick"');
    expect(html.indexOf('>Bee</button>')).toBeLessThan(html.indexOf('>Ay</button>'));
  });
});

describe('Details', () => {
  it('draws the same markup with a summary prop, a class and open', () => {
    const html = fromMarkdown(block('<Details summary="More" className="mine" open>', '</Details>'));
    expect(html).toBe('<details class="details mine" open><summary>More</summary><p>body</p></details>');
    expect(fromReact(h(Details, { summary: 'More', className: 'mine', open: true }, p())).replace(' open=""', ' open')).toBe(html);
  });

  it('draws the same markup with a <summary> child, and with no summary at all', () => {
    const child = fromMarkdown(block('<Details>\n\n<summary>Sum</summary>', '</Details>'));
    expect(child).toBe('<details class="details"><summary>Sum</summary><p>body</p></details>');
    expect(fromReact(h(Details, {}, h('summary', { key: 's' }, 'Sum'), h('p', { key: 'p' }, 'body')))).toBe(child);
    const none = fromMarkdown(block('<Details>', '</Details>'));
    expect(none).toBe('<details class="details"><summary>Details</summary><p>body</p></details>');
    expect(fromReact(h(Details, {}, p()))).toBe(none);
  });
});

describe('DocCardList', () => {
  it('writes the same placeholder, the React one with the cards of the items it is given', () => {
    const html = fromMarkdown(`<DocCardList className="cards" />\n`);
    expect(html).toBe('<div class="cards" data-doc-card-list=""></div>');
    const items = [{ type: 'link' as const, label: 'Install', href: '/docs/install' }];
    const react = fromReact(h(DocCardList, { className: 'cards', items }));
    expect(react).toBe('<div class="cards" data-doc-card-list="" data-cards="[{&quot;label&quot;:&quot;Install&quot;,&quot;href&quot;:&quot;/docs/install&quot;}]"></div>');
    expect(react.replace(/ data-cards="[^"]*"/, '')).toBe(html);
  });
});

describe('CodeBlock and Mermaid', () => {
  // The React block carries an id made from its code (hydration finds the server's HTML by it), and
  // React writes `>` in text as `&gt;`, hast-util-to-html as `>`: the same HTML.
  const react = (html: string) => html.replace(/^<div data-code-id="code-[a-z0-9]+" /, '<div ').replace(/&gt;/g, '>');
  const highlighted = (node: ReactNode) => react(fromReact(h(HighlightContext.Provider, { value: highlightCode }, node)));

  it('draws the same highlighted block, with a title and line numbers, through the server’s highlighter', () => {
    const html = fromMarkdown(`<CodeBlock language="js" title="a.js" showLineNumbers={3}>{'const a = 1;\\nlet b = a;'}</CodeBlock>\n`);
    expect(html).toContain('<div class="code-title">a.js</div><pre class="prism-code code-pre line-numbers" tabindex="0"><code class="language-js" style="counter-reset:line 2">');
    expect(html).toContain('<span class="token keyword">const</span>');
    expect(highlighted(h(CodeBlock, { language: 'js', title: 'a.js', showLineNumbers: 3 }, 'const a = 1;\nlet b = a;'))).toBe(html);
  });

  it('draws the same block without a highlighter (the browser’s), for a language without a grammar and for none', () => {
    for (const [attrs, props] of [
      [' language="text" title="out"', { language: 'text', title: 'out' }],
      ['', {}],
    ] as const) {
      // hast-util-to-html spells `<` and `&` as hexadecimal references, React by name.
      const html = fromMarkdown(`<CodeBlock${attrs}>{'a < b && c\\nd'}</CodeBlock>\n`)
        .replace(/&#x3C;/g, '&lt;')
        .replace(/&#x26;/g, '&amp;');
      expect(html).toContain('<span class="code-line">a &lt; b &amp;&amp; c\n</span><span class="code-line">d\n</span>');
      expect(react(fromReact(h(CodeBlock, props, 'a < b && c\nd')))).toBe(html);
    }
  });

  it('draws <Mermaid> as the same code block when diagrams are off', () => {
    const html = fromMarkdown(`<Mermaid value="graph LR; A-->B" />\n`);
    expect(html).toContain('<code class="language-mermaid"><span class="code-line">graph LR; A-->B\n</span></code>');
    expect(highlighted(h(Mermaid, { value: 'graph LR; A-->B' }))).toBe(html);
  });
});
