import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { SidebarItem } from '../../../shared/types.js';
import { firstHref } from '../../../shared/sidebar.js';
import { DOC_CARD_STYLES, styleAttribute, type DocCard } from '../../../shared/docCards.js';
import { interpolate, plural } from '../../../theme/strings.js';
import type { Problem } from '../../errors.js';
import { lineMatching } from '../../content/lineMatching.js';
import type { DocMeta } from './content.js';
import type { DocsVersionModel } from './model.js';

// Cards of a sidebar category's items: a generated index page's, and those of <DocCardList /> (Docusaurus's
// @theme/DocCardList) in the doc a category links to. The markdown stage leaves a placeholder where a
// doc writes <DocCardList /> (markdown/components.ts): the cards need the sidebar and the descriptions
// of the other docs, which are known once every file is rendered. The doc's page fills it here.

type Category = Extract<SidebarItem, { type: 'category' }>;

/** The cards of a category's items; `describeDoc` gives a doc's description from its url. */
export function categoryCards(items: SidebarItem[], describeDoc: (href: string) => string | undefined): DocCard[] {
  const cards: DocCard[] = [];
  for (const item of items) {
    if (item.type === 'html') continue;
    // As Docusaurus's DocCard: a category without a page of its own leads to its first page.
    const href = firstHref(item);
    if (!href) continue;
    cards.push({
      label: item.label,
      href,
      description: item.type === 'category' ? item.description : describeDoc(href),
      ...(item.type === 'category' ? { count: item.items.length } : {}),
      ...(item.className ? { className: item.className } : {}),
    });
  }
  return cards;
}

/** The docs a category's items link to, by url: their descriptions are the cards'. */
export function cardDocs(category: Category, version: DocsVersionModel): Map<string, DocMeta> {
  const out = new Map<string, DocMeta>();
  for (const item of category.items) {
    const doc = item.type === 'link' && item.docId ? version.docs.byId.get(item.docId) : undefined;
    if (doc && item.href) out.set(item.href, doc);
  }
  return out;
}

const linkedCategories = new WeakMap<SidebarItem[], Map<string, Category>>();

/** The category of a sidebar whose link is the page at `permalink`: the one <DocCardList /> shows there. */
export function categoryLinkedTo(items: SidebarItem[], permalink: string): Category | undefined {
  let byHref = linkedCategories.get(items);
  if (!byHref) {
    byHref = new Map();
    const walk = (list: SidebarItem[]) => {
      for (const item of list) {
        if (item.type !== 'category') continue;
        if (item.href && !byHref!.has(item.href)) byHref!.set(item.href, item);
        walk(item.items);
      }
    };
    walk(items);
    linkedCategories.set(items, byHref);
  }
  return byHref.get(permalink);
}

const PLACEHOLDER = /<div(?: class="([^"]*)")? data-doc-card-list=""><\/div>/g;

/** Whether a doc's HTML holds a <DocCardList /> to fill. */
export function hasDocCardList(html: string): boolean {
  return html.includes(' data-doc-card-list=""');
}

/**
 * The doc's HTML with each <DocCardList /> drawn as the cards of the category linking to it; a doc no
 * category links to gets a problem (Docusaurus fails the build there too) and no cards.
 */
export function fillDocCardLists(params: { html: string; cards: DocCard[] | undefined; strings: Record<string, string>; file: string }): { html: string; problem?: Problem } {
  const { cards, strings } = params;
  if (!cards) {
    return {
      html: params.html.replace(PLACEHOLDER, ''),
      problem: {
        message: '<DocCardList /> lists the items of the sidebar category whose page this doc is, and no category of its sidebar links to it',
        file: params.file,
        line: lineMatching(params.file, /<DocCardList\b/),
        hint: "Make this doc a category's page (link: { type: 'doc', id } in the sidebars file, or the category folder's index.md / README.md), or remove <DocCardList />.",
      },
    };
  }
  const count = (n: number) => interpolate(plural(strings['theme.docs.DocCard.categoryDescription.plurals'], n), { count: n });
  const el = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });
  const text = (value: string): ElementContent => ({ type: 'text', value });
  return {
    html: params.html.replace(PLACEHOLDER, (_, className: string | undefined) =>
      toHtml(
        el(
          'ul',
          { className: ['doc-cards', ...(className ? [className] : [])], style: styleAttribute(DOC_CARD_STYLES.list) },
          cards.map((c) => {
            const description = c.description ?? (c.count !== undefined ? count(c.count) : undefined);
            return el('li', { className: c.className ? [c.className] : undefined }, [
              el('a', { href: c.href, className: ['doc-card'], style: styleAttribute(DOC_CARD_STYLES.card) }, [
                el('h2', { style: styleAttribute(DOC_CARD_STYLES.title) }, [text(c.label)]),
                ...(description !== undefined ? [el('p', { style: styleAttribute(DOC_CARD_STYLES.description) }, [text(description)])] : []),
              ]),
            ]);
          }),
        ),
      ),
    ),
  };
}
