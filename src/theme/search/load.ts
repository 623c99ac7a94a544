import type { Searcher } from './searcher.js';
import type { SearchIndexFile } from '../../shared/search/format.js';

// The small, always-loaded half of search: fetches a locale's index and the search code (lunr and
// the engine, a chunk of their own) together, once per index url, and keeps them for the life of the
// page, across client navigations. Nothing is fetched until the search box is hovered or focused.
// Pages name a pointer of a fixed name (`en.current.json`, revalidated) that names the current
// content-hashed index (cached for good): a content edit does not change every page's HTML.

/** The index url resolves to another origin: the page was built for another site or version. */
export class UnexpectedVersionUrl extends Error {
  constructor(url: string) {
    super(`The search index ${url} is not on this site's origin`);
    this.name = 'UnexpectedVersionUrl';
  }
}

const searchers = new Map<string, Promise<Searcher>>();
const files = new Map<string, Promise<unknown>>();
const loaded = new Set<string>();

async function fetchJson<T>(url: string, cache?: RequestCache): Promise<T> {
  const res = await fetch(url, { credentials: 'same-origin', ...(cache ? { cache } : {}) });
  if (!res.ok) throw new Error(`Loading ${url} failed: ${res.status} ${res.statusText}`);
  return (await res.json()) as T;
}

/** A postings shard or a page's texts: fetched once (their names change with their content). */
function fetchFile<T>(url: string): Promise<T> {
  let p = files.get(url);
  if (!p) {
    p = fetchJson<T>(url);
    files.set(url, p);
    p.catch(() => files.delete(url));
  }
  return p as Promise<T>;
}

export function loadSearch(indexUrl: string): Promise<Searcher> {
  let p = searchers.get(indexUrl);
  if (!p) {
    const url = new URL(indexUrl, location.href);
    if (url.origin !== location.origin) return Promise.reject(new UnexpectedVersionUrl(url.href));
    const index = fetchJson<{ index: string }>(url.href, 'no-cache').then(async (pointer) => {
      const indexUrl = new URL(pointer.index, url);
      return { href: indexUrl.href, file: await fetchJson<SearchIndexFile>(indexUrl.href) };
    });
    p = Promise.all([import('./searcher.js'), index]).then(([mod, { href, file }]) => {
      const searcher = mod.createSearcher(file, href, fetchFile);
      loaded.add(indexUrl);
      return searcher;
    });
    searchers.set(indexUrl, p);
    // A failed load (offline) is tried again on the next hover.
    p.catch(() => searchers.delete(indexUrl));
  }
  return p;
}

/** Whether the index of this url is loaded already (the search bar then shows no loading state). */
export function isLoaded(indexUrl: string): boolean {
  return loaded.has(indexUrl);
}
