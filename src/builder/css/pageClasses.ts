// The classes and elements of the pages' data (their markup, front matter, sidebars), with the build
// cache: each page's and each sidebar's, by the content key of that data (cacheKey.ts valueKey, which
// the HTML stage shares), so a warm build walks only what changed: one edited doc, one page instead of
// the whole site (59 of the 139 ms the styles step took in a profile of the Shifu site after one edit).
// The step's result is then keyed by these classes, not by the pages (siteStyles.ts): an edit that
// shows no other class keeps it.
import { valueKey, type KeyedCache } from '../cacheKey.js';
import { ClassSet } from './classSet.js';
import { addDataClasses } from './usedClasses.js';

/** What the cache keeps of one page's or sidebar's data. */
export interface DataClasses {
  names: string[];
  prefixes: string[];
  elements: string[];
}

/** The classes of every page's data and sidebar; `last`: the entries of the build before; `next` gets this build's. */
export function pageClasses(pages: readonly { page: unknown; sidebar?: unknown }[], last: KeyedCache<object> | undefined, next: KeyedCache<DataClasses>): ClassSet {
  const used = new ClassSet();
  // The pages of a version and locale share their sidebar: each is read once.
  const seen = new Set<object>();
  const add = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const key = valueKey(value);
    const name = `data:${key}`;
    const known = last?.get(name, key);
    let entry = known && 'elements' in known ? (known as DataClasses) : undefined;
    if (!entry) {
      const own = new ClassSet();
      addDataClasses(own, value);
      entry = { names: [...own.names], prefixes: [...own.prefixes], elements: [...own.elements] };
    }
    next.set(name, key, entry);
    for (const n of entry.names) used.names.add(n);
    for (const p of entry.prefixes) used.prefixes.add(p);
    for (const e of entry.elements) used.elements.add(e);
  };
  for (const p of pages) {
    add(p.page);
    const sidebar = p.sidebar as { items?: unknown } | undefined;
    if (sidebar && typeof sidebar === 'object' && Array.isArray(sidebar.items)) {
      // Each page's sidebar is an object of its own ({ key, items }) around the items its sidebar's
      // pages share: the items are read and keyed once per sidebar, the rest (its key) per page. Read
      // whole per page, 1,000 docs in one folder hashed and walked a 1,000-item sidebar 1,000 times,
      // a cost in the square of the docs (this function on that site's 1,003 pages, one thread:
      // 400-1,050 ms of CPU before, 100-210 ms after; same classes).
      const { items, ...rest } = sidebar;
      add(items);
      addDataClasses(used, rest);
    } else add(sidebar);
  }
  return used;
}
