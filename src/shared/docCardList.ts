import { markup, type MarkupElement } from './markup.js';
import type { DocCard } from './docCards.js';

/** What the element leaves in a page's HTML (dataDocCardList below, as rendered): how the docs plugin and a render read back unread (builder/markdown/context.ts HTML_MARKERS) know a list is there. */
export const DOC_CARD_LIST_MARKER = ' data-doc-card-list=""';

/**
 * Where a doc writes <DocCardList />: an element the docs plugin fills with the cards
 * (builder/plugins/docs/docCardList.ts reads it back). The markdown component writes none (those of the
 * doc's category); the React one, given `items`, writes their cards as JSON.
 */
export function docCardListMarkup<C>(params: { className?: unknown; cards?: DocCard[] }): MarkupElement<C> {
  return markup('div', {
    className: typeof params.className === 'string' ? [params.className] : undefined,
    dataDocCardList: '',
    dataCards: params.cards ? JSON.stringify(params.cards) : undefined,
  });
}
