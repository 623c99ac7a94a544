// Which sidebar items hold a page, and the sidebar as a page first shows it (closed categories pruned).
import type { SidebarItem } from './types.js';
import { normalizePathname } from './url.js';
import type { DocCard } from './docCards.js';

function sidebarContains(item: SidebarItem, pathname: string): boolean {
  if (item.href && normalizePathname(item.href) === normalizePathname(pathname)) return true;
  return item.type === 'category' && item.items.some((i) => sidebarContains(i, pathname));
}

/**
 * The first url a category leads to: its own page, else its first item with a url, depth first
 * (Docusaurus's findFirstSidebarItemLink: the label's link in a page read without scripts).
 */
export function firstHref(item: SidebarItem): string | undefined {
  if (item.href) return item.href;
  if (item.type !== 'category') return undefined;
  return item.firstHref ?? item.items.map(firstHref).find(Boolean);
}

/**
 * The sidebar as a page first shows it: the items of categories that start collapsed are left out
 * (they are not drawn until opened), and a list longer than LIST_WINDOW shows only that many items
 * around the page. A page's HTML and inline data carry this much; the browser
 * fetches the whole sidebar (one cached file per locale) right after hydration. Without this, a site
 * of thousands of docs would repeat its whole sidebar in every page.
 */
export function pruneSidebar(items: SidebarItem[], pathname: string, trails?: Map<string, Set<SidebarItem>>): { items: SidebarItem[]; pruned: boolean } {
  let pruned = false;
  // The categories holding the page: from the precomputed trails (one walk per sidebar), else a search.
  const trail = trails?.get(normalizePathname(pathname));
  const holds = (item: SidebarItem) => (trails ? Boolean(trail?.has(item)) : sidebarContains(item, pathname));
  const isPage = (item: SidebarItem) => item.href !== undefined && normalizePathname(item.href) === normalizePathname(pathname);
  const walk = (list: SidebarItem[]): SidebarItem[] =>
    windowOf(list, (item) => isPage(item) || (item.type === 'category' && holds(item))).map((item) => {
      if (item.type !== 'category') return item;
      const open = !item.collapsible || !item.collapsed || holds(item);
      if (open) return { ...item, items: walk(item.items) };
      if (item.items.length) pruned = true;
      const first = item.href ? undefined : firstHref(item);
      return { ...item, items: [], ...(first ? { firstHref: first } : {}) };
    });
  const windowOf = (list: SidebarItem[], active: (item: SidebarItem) => boolean): SidebarItem[] => {
    if (list.length <= LIST_WINDOW) return list;
    pruned = true;
    const at = Math.max(0, list.findIndex(active));
    const start = Math.min(Math.max(0, at - Math.floor(LIST_WINDOW / 2)), list.length - LIST_WINDOW);
    return list.slice(start, start + LIST_WINDOW);
  };
  const out = walk(items);
  return { items: out, pruned };
}

/**
 * The most items of one list a page first draws: a longer list (a folder of a thousand docs) shows
 * this many around the page's own item; the whole list is drawn once the shared file has loaded. A
 * reader without scripts still reaches every doc through the pages' previous/next links. Docusaurus
 * draws every item; at a thousand items that is most of every page's weight.
 */
export const LIST_WINDOW = 100;

/** For every href of a sidebar, the categories above it: makes pruning each page proportional to what it shows. */
export function sidebarTrails(items: SidebarItem[]): Map<string, Set<SidebarItem>> {
  const trails = new Map<string, Set<SidebarItem>>();
  const walk = (list: SidebarItem[], above: SidebarItem[]) => {
    for (const item of list) {
      if (item.href) {
        const key = normalizePathname(item.href);
        const set = trails.get(key) ?? new Set<SidebarItem>();
        for (const a of above) set.add(a);
        if (item.type === 'category') set.add(item);
        trails.set(key, set);
      }
      if (item.type === 'category') walk(item.items, [...above, item]);
    }
  };
  walk(items, []);
  return trails;
}

export type SidebarCategory = Extract<SidebarItem, { type: 'category' }>;

/**
 * The category a page is in, as Docusaurus 3's useCurrentSidebarCategory finds it: the deepest
 * category of the page's trail, the one whose own page it is or that lists its doc (the first match,
 * depth first). Undefined for a page that no category holds, top-level docs included.
 */
export function currentSidebarCategory(items: SidebarItem[], pathname: string): SidebarCategory | undefined {
  const target = normalizePathname(pathname);
  const same = (href: string | undefined) => href !== undefined && normalizePathname(href) === target;
  // null: found outside every category.
  const walk = (list: SidebarItem[], owner: SidebarCategory | null): SidebarCategory | null | undefined => {
    for (const item of list) {
      if (item.type === 'category') {
        if (same(item.href)) return item;
        const found = walk(item.items, item);
        if (found !== undefined) return found;
      } else if (item.type === 'link' && item.docId && same(item.href)) return owner;
    }
    return undefined;
  };
  return walk(items, null) ?? undefined;
}

/** The items a card list shows (Docusaurus's filterDocCardListItems): links and categories that lead somewhere. */
export function filterDocCardListItems(items: SidebarItem[]): SidebarItem[] {
  return items.filter((item) => (item.type === 'category' || item.type === 'link' ? Boolean(firstHref(item)) : true));
}

/**
 * The cards of sidebar items (Docusaurus's DocCard): a category's description or its number of items,
 * a doc's description from `describeDoc(href)` (when given), a category without a page of its own
 * leading to its first page, as Docusaurus's DocCard does; html items and items leading nowhere left out.
 */
export function sidebarCards(items: SidebarItem[], describeDoc?: (href: string) => string | undefined): DocCard[] {
  const cards: DocCard[] = [];
  for (const item of items) {
    if (item.type === 'html') continue;
    const href = firstHref(item);
    if (!href) continue;
    cards.push({
      label: item.label,
      href,
      description: item.type === 'category' ? item.description : describeDoc?.(href),
      ...(item.type === 'category' ? { count: item.items.length } : {}),
      ...(item.className ? { className: item.className } : {}),
    });
  }
  return cards;
}
