import type { ReactNode } from 'react';
import type { SidebarItem } from '../../shared/types.js';
import { filterDocCardListItems, sidebarCards } from '../../shared/sidebar.js';
import { useCurrentSidebarCategory } from './docsClient.js';
import { docCardListMarkup } from '../../shared/docCardList.js';
import { markupToReact } from './markupToReact.js';

// Docusaurus's @theme/DocCardList, for a doc's code: `<DocCardList items={useCurrentSidebarCategory().items} />`
// or any items of the sidebar, `<DocCardList />` the items of the doc's category. It writes its cards
// as data for the docs plugin, which draws them into the doc's HTML with the descriptions of their
// docs, read from the docs' own pages (src/builder/plugins/docs/docCardList.ts). (A file without code
// writes `<DocCardList />` through the markdown component of the same name, with the same result.)

export interface DocCardListProps {
  /** Sidebar items (Docusaurus's PropSidebarItem); default: those of the current doc's category. */
  items?: SidebarItem[];
  className?: string;
}

export default function DocCardList({ items, className }: DocCardListProps) {
  return items ? <Cards items={items} className={className} /> : <CurrentCategoryCards className={className} />;
}

function CurrentCategoryCards({ className }: { className?: string }) {
  return <Cards items={useCurrentSidebarCategory().items} className={className} />;
}

function Cards({ items, className }: { items: SidebarItem[]; className?: string }) {
  return markupToReact(docCardListMarkup<ReactNode>({ className, cards: sidebarCards(filterDocCardListItems(items)) }));
}
