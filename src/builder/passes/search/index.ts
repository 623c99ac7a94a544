import { cacheKey, valueKey } from '../../cacheKey.js';
import type { RenderedRoute, SearchPageInput, SiteModel } from '../../plugins/api.js';
import { buildLocaleIndex, SEARCH_DIR, TermsMemo, type LocaleSearchFiles, type SearchFile } from './buildIndex.js';
import { languageOptions } from './language.js';
import { searchContextName } from './contexts.js';
import { withBase } from '../../../shared/url.js';
import { RepeatedTexts, type TermsSource } from './repeatedTexts.js';

// The search index pass: every route that carries search input (docs, blog posts, pages when
// enabled) is indexed per search context (a locale, or one of its docs versions: contexts.ts) into
// content-hashed files under the base url. Pages name a small
// pointer file of a fixed name, `<locale>.current.json`, which names the current hashed index: an
// edit changes the index and the pointer, never the HTML of every page (rebuilds write only what
// changed), and the pages can be written while the index is built (on a worker, see thread.ts).
// `searchIndexFiles` is a pure function of the rendered routes so that the dev server can rebuild
// the index in memory.

export interface SearchIndexResult {
  files: SearchFile[];
  /** Context name (the locale for its default index, contexts.ts) → public url of its main (hashed) index file. */
  indexUrls: Map<string, string>;
}

/** The pointer's content: `index` is the main index file, relative to the pointer. */
export interface SearchPointer {
  index: string;
}

/** What of a rendered (or written) page the index reads. */
type SearchSource = Pick<RenderedRoute, 'route' | 'page' | 'search'>;

/** What the index is made of: plain data, so that a worker thread can build it. */
export interface SearchInput {
  baseUrl: string;
  language: string[];
  /** One entry per search context (contexts.ts): each locale's default index, then its docs versions'. */
  locales: {
    locale: string;
    /** File-name prefix: the locale, or `<locale>.<pluginId>@<version>`. */
    name: string;
    pages: SearchPageInput[];
    /** The pages' content keys (valueKey), when known: a context indexed with its stored counts compares them (storedCounts.ts). */
    keys?: string[];
  }[];
}

/**
 * Search work kept between builds in one process: a context whose pages' search input is unchanged
 * keeps its files, and a text already cut into terms is not cut again.
 */
export interface SearchCache {
  locales: Map<string, { key: string; built: LocaleSearchFiles }>;
  terms: TermsMemo;
}

export function createSearchCache(): SearchCache {
  return { locales: new Map(), terms: new TermsMemo() };
}

/** The search input of a build, or undefined when search is off. */
export function searchInput(params: { site: Pick<SiteModel, 'config' | 'locales'>; rendered: SearchSource[] }): SearchInput | undefined {
  const { config } = params.site;
  if (!config.search.enabled) return undefined;
  return {
    baseUrl: config.baseUrl,
    language: [...config.search.language],
    locales: params.site.locales.flatMap((locale) => {
      const code = locale.info.locale;
      const contexts = new Map<string, { locale: string; name: string; pages: SearchPageInput[] }>();
      contexts.set('', { locale: code, name: searchContextName(code), pages: [] });
      const names = new Set([code]);
      for (const v of locale.searchContexts) {
        const name = searchContextName(code, v);
        if (names.has(name)) {
          throw new Error(
            `Search (src/builder/passes/search/contexts.ts): docs version "${v.version}" of instance "${v.pluginId}" would share the search files "${name}.*" of another version in locale ${code}. Rename one of the versions (versions.json) so their names differ in more than characters outside [A-Za-z0-9._-].`,
          );
        }
        names.add(name);
        contexts.set(`${v.pluginId}\n${v.version}`, { locale: code, name, pages: [] });
      }
      for (const r of params.rendered) {
        if (r.page.locale !== code || r.route.unlisted || !r.search || !indexed(r.search, config.search)) continue;
        const own = r.route.searchContext && contexts.get(`${r.route.searchContext.pluginId}\n${r.route.searchContext.version}`);
        (own ?? contexts.get('')!).pages.push(r.search);
      }
      return [...contexts.values()];
    }),
  };
}

/** The files of every context's index, and the pointers to them. */
export function localeSearchFiles(input: SearchInput, cache?: SearchCache, options: { consume?: boolean; afterLocale?: () => void } = {}): SearchIndexResult {
  return searchFiles(input, contextIndexes(input, cache, options));
}

/**
 * What a context's index is made of: its pages' search input (each by its content key: the render
 * stage knows most from the keys of their markdown, render/renderedKeys.ts) and the languages.
 */
export function contextKey(input: Pick<SearchInput, 'language'>, entry: SearchInput['locales'][number], pageKeys = entry.pages.map(valueKey)): string {
  return cacheKey(input.language, entry.locale, pageKeys);
}

/**
 * The index of each context of `input`, in order: built, or kept from `cache` when its input is
 * unchanged. `memo`: where context i takes its texts' terms from (storedTerms.ts).
 */
export function contextIndexes(input: SearchInput, cache?: SearchCache, options: { consume?: boolean; afterLocale?: () => void; memo?: (context: number) => TermsSource } = {}): LocaleSearchFiles[] {
  const terms = languageOptions(input.language);
  // A rebuild's memo remembers the texts of the build before; a cold build cuts a repeated text once.
  const shared = options.memo ? undefined : (cache?.terms ?? new RepeatedTexts(input));
  const indexes = input.locales.map((entry, i) => {
    const memo = options.memo?.(i) ?? shared;
    const { locale, name, pages } = entry;
    const key = cache ? contextKey(input, entry) : '';
    // The worker's copy of a context's pages is let go once indexed.
    if (options.consume) entry.pages = [];
    const hit = cache?.locales.get(name);
    const built = hit && hit.key === key ? hit.built : buildLocaleIndex({ locale, name, pages, terms, memo });
    cache?.locales.set(name, { key, built });
    options.afterLocale?.();
    return built;
  });
  cache?.terms.endBuild();
  return indexes;
}

/** The files of the contexts' indexes (`built`, in the order of `input.locales`) and their pointers. */
export function searchFiles(input: SearchInput, built: LocaleSearchFiles[]): SearchIndexResult {
  const files: SearchFile[] = [];
  const indexUrls = new Map<string, string>();
  input.locales.forEach(({ name }, i) => {
    const { index, code, shards, texts } = built[i];
    const url = withBase(input.baseUrl, index.path);
    if (!url.startsWith(input.baseUrl) || !url.startsWith('/')) {
      throw new Error(`Internal error in the search pass (src/builder/passes/search/index.ts): index url "${url}" is not under the base url "${input.baseUrl}"`);
    }
    const pointer: SearchPointer = { index: index.path.slice(SEARCH_DIR.length) };
    files.push(index, ...(code ? [code] : []), ...shards, ...texts, { path: `${SEARCH_DIR}${name}.current.json`, contents: JSON.stringify(pointer) });
    indexUrls.set(name, url);
  });
  return { files, indexUrls };
}

export function searchIndexFiles(params: { site: Pick<SiteModel, 'config' | 'locales'>; rendered: SearchSource[]; cache?: SearchCache }): SearchIndexResult {
  const input = searchInput(params);
  return input ? localeSearchFiles(input, params.cache) : { files: [], indexUrls: new Map() };
}

/** Whether the search options index a page: the option its plugin named (docs: indexDocs, blog posts: indexBlog), else indexPages. */
function indexed(page: SearchPageInput, search: { indexDocs: boolean; indexBlog: boolean; indexPages: boolean }): boolean {
  return search[page.indexedBy ?? 'indexPages'];
}
