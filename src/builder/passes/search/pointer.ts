import { withBase } from '../../../shared/url.js';

// The url of a locale's search pointer: fixed (it names the current content-hashed index), so the
// chrome can name it when the site is planned, before the index is built.

/** Where the search files go, under the base url. */
export const SEARCH_DIR = 'assets/search/';

/** The fixed url pages fetch first: it names the locale's current hashed index. */
export function searchPointerUrl(baseUrl: string, locale: string): string {
  return withBase(baseUrl, `${SEARCH_DIR}${locale}.current.json`);
}
