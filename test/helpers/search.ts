import type { SearchIndexFile } from '../../src/shared/search/format.js';

/**
 * The main index a locale's pages lead to: their payload names the fixed-name pointer
 * (`<locale>.current.json`), which names the content-hashed index. Paths are relative to the output.
 */
export function searchIndexPath(read: (rel: string) => string | undefined, pointerUrl: string, baseUrl = '/'): string {
  const pointerPath = pointerUrl.slice(baseUrl.length);
  const pointer = read(pointerPath);
  if (pointer === undefined) throw new Error(`No search pointer at ${pointerPath}`);
  return pointerPath.replace(/[^/]+$/, '') + (JSON.parse(pointer) as { index: string }).index;
}

export function readSearchIndex(read: (rel: string) => string | undefined, pointerUrl: string, baseUrl = '/'): SearchIndexFile {
  return JSON.parse(read(searchIndexPath(read, pointerUrl, baseUrl))!) as SearchIndexFile;
}

/**
 * The navbar search bar's result list once it shows the typed query's own results: it is aria-busy
 * until then, and may still show an earlier query's (SearchBar.tsx).
 */
export const SETTLED_BAR_LIST = '.search-dropdown [role="listbox"][aria-busy="false"]';
