import type { SidebarItem } from '../../shared/types.js';
import { LIST_WINDOW, pruneSidebar, sidebarTrails } from '../../shared/sidebar.js';
import { normalizePathname } from '../../shared/url.js';

// A page's sidebar as it first shows it (shared/sidebar.ts pruneSidebar), in time proportional to
// what it shows. pruneSidebar finds the page in a list longer than LIST_WINDOW item by item, each url
// normalised: every page of a folder of 10,000 docs read up to 10,000 urls, 10.8 s of the main
// thread's CPU in that bench row's HTML stage (135 ms for 1,000 docs; bench/folder.ts, Node 20). Here
// the sidebar's long lists are indexed once, and each page hands pruneSidebar its windows already cut
// along the page's trail, so that it has nothing long left to search; what it returns is the same:
// 132 ms for every page of 10,000 docs, 17 ms for 1,000. A long list that starts open and does not
// hold the page (rare: the window is its first items) is still searched by pruneSidebar.
// (The index is not in shared/sidebar.ts because that file is in the browser bundle: any change to it
// renames the bundle's minified identifiers, and with them every page's script urls.)
//
// API: sidebarIndex(items) once per sidebar, then prunedSidebar(items, route, index) per page.

/** Where the items of one long list sit: the first item with each normalised href, and each category. */
interface ListPlaces {
  hrefs: Map<string, number>;
  categories: Map<SidebarItem, number>;
}

export interface SidebarIndex {
  /** For every href, the categories above it (pruneSidebar's trails). */
  trails: Map<string, Set<SidebarItem>>;
  /** The lists longer than LIST_WINDOW. */
  long: Map<SidebarItem[], ListPlaces>;
}

export function sidebarIndex(items: SidebarItem[]): SidebarIndex {
  const long = new Map<SidebarItem[], ListPlaces>();
  const walk = (list: SidebarItem[]) => {
    const places: ListPlaces | undefined = list.length > LIST_WINDOW ? { hrefs: new Map(), categories: new Map() } : undefined;
    if (places) long.set(list, places);
    list.forEach((item, i) => {
      if (places && item.href !== undefined) {
        const key = normalizePathname(item.href);
        if (!places.hrefs.has(key)) places.hrefs.set(key, i);
      }
      if (item.type === 'category') {
        places?.categories.set(item, i);
        walk(item.items);
      }
    });
  };
  walk(items);
  return { trails: sidebarTrails(items), long };
}

/** pruneSidebar(items, route) for a page of the sidebar that `index` indexes. */
export function prunedSidebar(items: SidebarItem[], route: string, index: SidebarIndex): { items: SidebarItem[]; pruned: boolean } {
  if (!index.long.size) return pruneSidebar(items, route, index.trails);
  const here = normalizePathname(route);
  const trail = index.trails.get(here);
  // The categories holding the page are drawn open: each is handed over as a copy whose long list is
  // cut to its window, and the copies are the page's trail.
  const copies = new Set<SidebarItem>();
  let windowed = false;
  const cut = (list: SidebarItem[]): SidebarItem[] => {
    const places = index.long.get(list);
    let shown = list;
    if (places) {
      windowed = true;
      // pruneSidebar's window: around the first item that is the page or holds it, clamped at the ends.
      const at = Math.max(0, firstActive(places, here, trail));
      const start = Math.min(Math.max(0, at - Math.floor(LIST_WINDOW / 2)), list.length - LIST_WINDOW);
      shown = list.slice(start, start + LIST_WINDOW);
    }
    return shown.map((item) => {
      if (item.type !== 'category' || !trail?.has(item)) return item;
      const copy = { ...item, items: cut(item.items) };
      copies.add(copy);
      return copy;
    });
  };
  const shown = cut(items);
  const result = pruneSidebar(shown, route, new Map([[here, copies]]));
  return { items: result.items, pruned: result.pruned || windowed };
}

/** The place of the first item of a long list that is the page (`here`) or a category holding it (in `trail`); -1 when none is. */
function firstActive(places: ListPlaces, here: string, trail: Set<SidebarItem> | undefined): number {
  let first = places.hrefs.get(here) ?? -1;
  for (const category of trail ?? []) {
    const i = places.categories.get(category);
    if (i !== undefined && (first === -1 || i < first)) first = i;
  }
  return first;
}
