import type { PassContext } from '../index.js';
import type { RenderedRoute, SearchPageInput } from '../../render/types.js';
import type { SiteModel } from '../../site/loadSite.js';
import { buildLocaleIndex, SEARCH_DIR, TermsMemo, type LocaleSearchFiles, type SearchFile } from './buildIndex.js';
import { hashOf } from '../../cache.js';
import { languageOptions } from './language.js';

// The search index pass: every route that carries search input (docs, blog posts, pages when
// enabled) is indexed per locale into content-hashed files under the base url. Pages name a small
// pointer file of a fixed name, `<locale>.current.json`, which names the current hashed index: an
// edit changes the index and the pointer, never the HTML of every page (rebuilds write only what
// changed). `searchIndexFiles` is a pure function of the rendered routes so that the dev server can
// rebuild the index in memory.

export interface SearchIndexResult {
  files: SearchFile[];
  /** Locale → public url of its main (hashed) index file. */
  indexUrls: Map<string, string>;
}

/** The pointer's content: `index` is the main index file, relative to the pointer. */
export interface SearchPointer {
  index: string;
}

/** The fixed url pages fetch first: it names the locale's current hashed index. */
export function searchPointerUrl(baseUrl: string, locale: string): string {
  return `${baseUrl}${SEARCH_DIR}${locale}.current.json`;
}

/**
 * Search work kept between builds in one process: a locale whose pages' search input is unchanged
 * keeps its files, and a text already cut into terms is not cut again.
 */
export interface SearchCache {
  locales: Map<string, { key: string; built: LocaleSearchFiles }>;
  terms: TermsMemo;
}

export function createSearchCache(): SearchCache {
  return { locales: new Map(), terms: new TermsMemo() };
}

export function searchIndexFiles(params: { site: Pick<SiteModel, 'config' | 'locales'>; rendered: RenderedRoute[]; cache?: SearchCache }): SearchIndexResult {
  const { config } = params.site;
  const files: SearchFile[] = [];
  const indexUrls = new Map<string, string>();
  if (!config.search.enabled) return { files, indexUrls };
  const terms = languageOptions(config.search.language);
  for (const locale of params.site.locales) {
    const code = locale.info.locale;
    const pages = params.rendered.filter((r) => r.page.locale === code && !r.route.unlisted && r.search && indexed(r, config.search)).map((r) => r.search as SearchPageInput);
    const key = params.cache ? hashOf(JSON.stringify([config.search.language, pages])) : '';
    const hit = params.cache?.locales.get(code);
    const built = hit && hit.key === key ? hit.built : buildLocaleIndex({ locale: code, pages, terms, memo: params.cache?.terms });
    params.cache?.locales.set(code, { key, built });
    const url = config.baseUrl + built.index.path;
    if (!url.startsWith(config.baseUrl) || !url.startsWith('/')) {
      throw new Error(`Internal error in the search pass (src/builder/passes/search/index.ts): index url "${url}" is not under the base url "${config.baseUrl}"`);
    }
    const pointer: SearchPointer = { index: built.index.path.slice(SEARCH_DIR.length) };
    files.push(built.index, ...built.shards, ...built.texts, { path: `${SEARCH_DIR}${code}.current.json`, contents: JSON.stringify(pointer) });
    indexUrls.set(code, url);
  }
  params.cache?.terms.endBuild();
  return { files, indexUrls };
}

function indexed(route: RenderedRoute, search: { indexDocs: boolean; indexBlog: boolean; indexPages: boolean }): boolean {
  const kind = route.page.content.kind;
  if (kind === 'doc') return search.indexDocs;
  if (kind === 'blogPost') return search.indexBlog;
  return search.indexPages;
}

export function searchPass(ctx: PassContext): void {
  const { files, indexUrls } = searchIndexFiles({ ...ctx, cache: ctx.cache?.search });
  for (const file of files) ctx.sink.write(file.path, file.contents);
  const search = ctx.site.config.search;
  for (const locale of ctx.site.locales) {
    if (indexUrls.has(locale.info.locale)) locale.chrome.search = { indexUrl: searchPointerUrl(ctx.site.config.baseUrl, locale.info.locale), hint: search.searchBarShortcutHint, limit: search.searchResultLimits, contextLength: search.searchResultContextMaxLength };
  }
}
