import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { SidebarItem } from '../../../shared/types.js';
import { DOC_CARD_STYLES, styleAttribute, type DocCard } from '../../../shared/docCards.js';
import { sidebarCards } from '../../../shared/sidebar.js';
import { DOC_CARD_LIST_MARKER } from '../../../shared/docCardList.js';
import { interpolate, plural } from '../../../shared/strings.js';
import { type Problem, lineMatching } from '../api.js';
import type { DocMeta } from './content.js';
import type { DocsVersionModel } from './model.js';

// Cards of sidebar items in a doc: those of <DocCardList /> (Docusaurus's @theme/DocCardList), its
// category's items or the items it is given. The markdown stage leaves a placeholder where a doc
// writes it: the cards need the sidebar and the descriptions of the other docs, which are known once
// every file is rendered. The doc's page fills it here.

/** The docs sidebar items link to, by url: their descriptions are the cards'. */
export function cardDocs(items: SidebarItem[], version: DocsVersionModel): Map<string, DocMeta> {
  const out = new Map<string, DocMeta>();
  for (const item of items) {
    const doc = item.type === 'link' && item.docId ? version.docs.byId.get(item.docId) : undefined;
    if (doc && item.href) out.set(item.href, doc);
  }
  return out;
}

// The markdown's <DocCardList /> (markdown/components.ts) writes no cards: those of the page's
// category. The React one (theme/api/DocCardList.tsx, for `items={...}` in a file with code) writes the
// cards of its items, as JSON, without the docs' descriptions, which are added here.
const PLACEHOLDER = /<div(?: class="([^"]*)")? data-doc-card-list=""(?: data-cards="([^"]*)")?><\/div>/g;

/** Whether a doc's HTML holds a <DocCardList /> to fill. */
export function hasDocCardList(html: string): boolean {
  return html.includes(DOC_CARD_LIST_MARKER);
}

/**
 * The doc's HTML with each <DocCardList /> drawn: its own cards, else those of `category` (the items of
 * the doc's category, Docusaurus's useCurrentSidebarCategory), each doc's with the description
 * `describe` gives. A list with no cards of its own in a doc outside every category is a problem
 * (Docusaurus fails the build there too) and draws nothing.
 */
export function fillDocCardLists(params: {
  html: string;
  category: SidebarItem[] | undefined;
  describe: (href: string) => string | undefined;
  strings: Record<string, string>;
  /** The page's locale, whose plural rules pick the form of a category's count. */
  locale: string;
  file: string;
}): {
  html: string;
  problem?: Problem;
} {
  const { strings, describe } = params;
  let problem: Problem | undefined;
  const count = (n: number) => interpolate(plural(strings['theme.docs.DocCard.categoryDescription.plurals'], n, params.locale), { count: n });
  const el = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });
  const text = (value: string): ElementContent => ({ type: 'text', value });
  const html = params.html.replace(PLACEHOLDER, (_, className: string | undefined, given: string | undefined) => {
    const cards = given !== undefined ? (JSON.parse(decodeAttribute(given)) as DocCard[]) : params.category && sidebarCards(params.category);
    if (!cards) {
      problem ??= {
        message: '<DocCardList /> lists the items of the sidebar category this doc is in, and this doc is in no category of its sidebar',
        file: params.file,
        line: lineMatching(params.file, /<DocCardList\b/),
        hint: "Put the doc in a category (or make it a category's page: link: { type: 'doc', id } in the sidebars file, or the category folder's index.md / README.md), or give the list its items (<DocCardList items={...} />).",
      };
      return '';
    }
    return toHtml(
      el(
        'ul',
        { className: ['doc-cards', ...(className ? [decodeAttribute(className)] : [])], style: styleAttribute(DOC_CARD_STYLES.list) },
        cards.map((c) => {
          const description = c.description ?? (c.count !== undefined ? count(c.count) : describe(c.href));
          return el('li', { className: c.className ? [c.className] : undefined }, [
            el('a', { href: c.href, className: ['doc-card'], style: styleAttribute(DOC_CARD_STYLES.card) }, [
              el('h2', { style: styleAttribute(DOC_CARD_STYLES.title) }, [text(c.label)]),
              ...(description !== undefined ? [el('p', { style: styleAttribute(DOC_CARD_STYLES.description) }, [text(description)])] : []),
            ]),
          ]);
        }),
      ),
    );
  });
  return { html, ...(problem ? { problem } : {}) };
}

/** An attribute's value as React and hast-util-to-html escape it, read back. */
function decodeAttribute(value: string): string {
  return value.replace(/&(quot|amp|lt|gt|#x27|#39);/g, (_, e: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', '#x27': "'", '#39': "'" })[e]!);
}

/**
 * A <DocCardList /> left on a page that is not a doc (a post, a markdown page): Docusaurus fails the
 * build there (no sidebar), and so does sitegen, at its line, rather than leave an empty list.
 */
export function docCardListOutsideDocs(page: { bodyHtml?: string; sourceFile?: string }): Problem | undefined {
  if (!page.bodyHtml || !hasDocCardList(page.bodyHtml)) return undefined;
  return {
    message: '<DocCardList /> lists items of a docs sidebar, and this page is not a doc',
    file: page.sourceFile,
    line: page.sourceFile ? lineMatching(page.sourceFile, /<DocCardList\b/) : undefined,
    hint: 'Move the list into a doc, or draw the links with markdown.',
  };
}
