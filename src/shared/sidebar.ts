import type { SidebarItem } from './types.js';

const norm = (p: string) => {
  try {
    return decodeURI(p).replace(/\/$/, '');
  } catch {
    return p.replace(/\/$/, '');
  }
};

export function sidebarContains(item: SidebarItem, pathname: string): boolean {
  if (item.href && norm(item.href) === norm(pathname)) return true;
  return item.type === 'category' && item.items.some((i) => sidebarContains(i, pathname));
}

/**
 * The sidebar as a page first shows it: the items of categories that start collapsed are left out
 * (they are not drawn until opened). A page's HTML and inline data carry this much; the browser
 * fetches the whole sidebar (one cached file per locale) right after hydration. Without this, a site
 * of thousands of docs would repeat its whole sidebar in every page.
 */
export function pruneSidebar(items: SidebarItem[], pathname: string): { items: SidebarItem[]; pruned: boolean } {
  let pruned = false;
  const walk = (list: SidebarItem[]): SidebarItem[] =>
    list.map((item) => {
      if (item.type !== 'category') return item;
      const open = !item.collapsible || !item.collapsed || sidebarContains(item, pathname);
      if (open) return { ...item, items: walk(item.items) };
      if (item.items.length) pruned = true;
      return { ...item, items: [] };
    });
  const out = walk(items);
  return { items: out, pruned };
}
