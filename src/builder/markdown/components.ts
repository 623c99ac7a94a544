import type { Element, ElementContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { codeBlock } from './plugins/code.js';
import { mermaidPlaceholder } from './plugins/mermaid.js';
import { t, type MarkdownContext } from './context.js';
import { tabsMarkup, tabsOrder, tabsQueryKey } from '../../shared/tabs.js';
import { lineNumbersMeta } from '../../shared/lineNumbers.js';
import { slot } from '../../shared/markup.js';
import { admonitionMarkup } from '../../shared/admonition.js';
import { detailsMarkup } from '../../shared/details.js';
import { docCardListMarkup } from '../../shared/docCardList.js';
import { markupToHastElement } from './markupToHast.js';

// Theme components an author can use in markdown (`import Tabs from '@theme/Tabs'`), keyed by name.
// They render at build time to plain HTML; the browser runtime adds behaviour (tabs, copy buttons)
// by event delegation, so none of this code ships to the browser. The markup of those @theme/* also
// has as React components (theme/api/*.tsx) is written once, in src/shared/ (markup.ts), and drawn to
// hast here; test/unit/builder/markdown/components.test.ts checks that both draw the same HTML.

export type Props = Record<string, unknown>;
export type MdxComponent = (
  props: Props,
  children: ElementContent[],
  ctx: MarkdownContext,
  /** A number unique within the page, for element ids. */
  uid: () => number,
  /** Where the element is written, for the problems later passes find in what it became. */
  position?: Element['position'],
) => ElementContent | ElementContent[];

const el = (tagName: string, properties: Element['properties'], children: ElementContent[] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

const Tabs: MdxComponent = (props, children, _ctx, uid) => {
  const items = children.filter((c): c is Element => c.type === 'element' && c.properties?.dataTabItem === true);
  const groupId = props.groupId as string | undefined;
  const queryKey = tabsQueryKey(props.queryString, groupId);
  // In the order of `values` when given (Docusaurus's), else of the items.
  const order = tabsOrder(
    items.map((p) => ({ value: String(p.properties.dataValue), label: p.properties.dataLabel === undefined ? undefined : String(p.properties.dataLabel) })),
    props.values,
  );
  const panels = order.map((o) => items.find((p) => String(p.properties.dataValue) === o.value)!).filter(Boolean);
  const defaultPanel = panels.find((p) => p.properties.dataDefault === true);
  const wanted = (props.defaultValue as string | undefined) ?? (defaultPanel?.properties.dataValue as string | undefined) ?? (panels[0]?.properties.dataValue as string | undefined);
  const tabs = tabsMarkup<ElementContent[]>({
    id: `tabs-${uid()}`,
    tabs: order,
    panels: panels.map((p) => ({ value: String(p.properties.dataValue), className: p.properties.className, children: p.children })),
    wanted,
    groupId,
    queryKey,
    className: props.className,
  });
  return markupToHastElement(tabs);
};

const TabItem: MdxComponent = (props, children) => {
  if (props.value === undefined) throw new Error('<TabItem> needs a value="..." attribute');
  return el(
    'div',
    {
      dataTabItem: true,
      dataValue: String(props.value),
      dataLabel: props.label !== undefined ? String(props.label) : undefined,
      dataDefault: props.default === true || props.default === '' ? true : undefined,
      className: props.className ? [String(props.className)] : undefined,
    },
    children,
  );
};

const Admonition: MdxComponent = (props, children, ctx) => {
  const type = String(props.type ?? 'note');
  const title = props.title !== undefined ? String(props.title) : t(ctx, `theme.admonition.${type}`, type);
  return markupToHastElement(admonitionMarkup({ type, title, children: slot(children) }));
};

const Details: MdxComponent = (props, rawChildren) => {
  // `<summary>Title</summary>` on a line of its own is read as a paragraph holding it: unwrap it.
  const children = rawChildren.map((c) => {
    if (c.type !== 'element' || c.tagName !== 'p') return c;
    const inner = c.children.filter((x) => !(x.type === 'text' && !x.value.trim()));
    return inner.length === 1 && inner[0].type === 'element' && inner[0].tagName === 'summary' ? inner[0] : c;
  });
  const hasSummary = children.some((c) => c.type === 'element' && c.tagName === 'summary');
  const summary = props.summary === undefined ? undefined : String(props.summary);
  return markupToHastElement(detailsMarkup({ className: props.className, props: { open: props.open === true ? true : undefined }, summary, hasSummaryChild: hasSummary, children: slot(children) }));
};

const CodeBlock: MdxComponent = (props, children, ctx) => {
  const code = children.map((c) => toString(c as Element)).join('');
  return codeBlock({
    code,
    lang: (props.language as string | undefined) ?? (typeof props.className === 'string' ? props.className.replace(/^language-/, '') : undefined),
    title: props.title as string | undefined,
    meta: [props.metastring, lineNumbersMeta(props.showLineNumbers)].filter(Boolean).join(' '),
    ...ctx.code,
  });
};

/** `<Mermaid value={`graph LR; A-->B`} />`, as theme-mermaid's: a diagram like a ```mermaid block (code when `markdown.mermaid` is off). */
const Mermaid: MdxComponent = (props, _children, ctx, _uid, position) => {
  if (typeof props.value !== 'string') throw new Error('needs a value="..." attribute holding the diagram (a string or a template literal)');
  return ctx.diagrams ? mermaidPlaceholder(props.value, { position }) : codeBlock({ code: props.value, lang: 'mermaid' });
};

/**
 * `<DocCardList />` (Docusaurus's @theme/DocCardList) in the doc a sidebar category links to: the
 * cards of the category's items. They need the sidebar and the other docs' descriptions, known once
 * every file is rendered: here a placeholder, which the docs plugin fills (plugins/docs/docCardList.ts).
 */
const DocCardList: MdxComponent = (props) => {
  if (props.items !== undefined) throw new Error('takes no `items` here: without them it shows the items of the category whose page this doc is');
  return markupToHastElement(docCardListMarkup({ className: props.className }));
};

/**
 * `<TOCInline toc={toc} />` (Docusaurus's @theme/TOCInline): the file's table of contents, of
 * `minHeadingLevel` to `maxHeadingLevel` (default: the page's table of contents levels). Its headings
 * get their ids later: here an element naming the levels, which plugins/tocInline.ts fills.
 */
const TOCInline: MdxComponent = (props, _children, ctx) => {
  const min = Number(props.minHeadingLevel ?? ctx.tocMinLevel);
  const max = Number(props.maxHeadingLevel ?? ctx.tocMaxLevel);
  if (!(Number.isInteger(min) && Number.isInteger(max) && min >= 2 && max <= 6 && min <= max))
    throw new Error('minHeadingLevel and maxHeadingLevel are heading levels from 2 to 6, the first not above the second');
  return el('div', { className: ['toc-inline', ...(props.className ? [String(props.className)] : [])], dataTocInline: `${min}-${max}` });
};

export const mdxComponents: Record<string, MdxComponent> = { Tabs, TabItem, Admonition, Details, CodeBlock, Mermaid, DocCardList, TOCInline };

/** `@theme/*` modules an author may import, and the component each provides. */
export const themeModules: Record<string, string> = {
  '@theme/Tabs': 'Tabs',
  '@theme/TabItem': 'TabItem',
  '@theme/Admonition': 'Admonition',
  '@theme/Details': 'Details',
  '@theme/CodeBlock': 'CodeBlock',
  '@theme/Mermaid': 'Mermaid',
  '@theme/DocCardList': 'DocCardList',
  '@theme/TOCInline': 'TOCInline',
};
