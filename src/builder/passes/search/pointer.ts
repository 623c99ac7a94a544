import { withBase } from '../../../shared/url.js';
import { searchContextName, type VersionContext } from './contexts.js';

// The url of a search context's pointer: fixed (it names the current content-hashed index), so the
// chrome can name it when the site is planned, before the index is built.

/** Where the search files go, under the base url. */
export const SEARCH_DIR = 'assets/search/';

/** The fixed url pages fetch first: it names the current hashed index of a locale (or of one of its docs versions, contexts.ts). */
export function searchPointerUrl(baseUrl: string, locale: string, context?: VersionContext): string {
  return withBase(baseUrl, `${SEARCH_DIR}${searchContextName(locale, context)}.current.json`);
}
