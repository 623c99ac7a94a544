import type { PassContext } from '../index.js';
import type { RenderedRoute, SearchPageInput } from '../../render/types.js';
import type { SiteModel } from '../../site/loadSite.js';
import { buildLocaleIndex, type SearchFile } from './buildIndex.js';
import { languageOptions } from './language.js';

// The search index pass: every route that carries search input (docs, blog posts, pages when
// enabled) is indexed per locale into content-hashed files under the base url, and each locale's
// chrome learns its index url before the HTML is written. `searchIndexFiles` is a pure function of
// the rendered routes so that the dev server can rebuild the index in memory.

export interface SearchIndexResult {
  files: SearchFile[];
  /** Locale → public url of its main index file. */
  indexUrls: Map<string, string>;
}

export function searchIndexFiles(params: { site: Pick<SiteModel, 'config' | 'locales'>; rendered: RenderedRoute[] }): SearchIndexResult {
  const { config } = params.site;
  const files: SearchFile[] = [];
  const indexUrls = new Map<string, string>();
  if (!config.search.enabled) return { files, indexUrls };
  const terms = languageOptions(config.search.language);
  for (const locale of params.site.locales) {
    const code = locale.info.locale;
    const pages = params.rendered.filter((r) => r.page.locale === code && !r.route.unlisted && r.search && indexed(r, config.search)).map((r) => r.search as SearchPageInput);
    const built = buildLocaleIndex({ locale: code, pages, terms });
    const url = config.baseUrl + built.index.path;
    if (!url.startsWith(config.baseUrl) || !url.startsWith('/')) {
      throw new Error(`Internal error in the search pass (src/builder/passes/search/index.ts): index url "${url}" is not under the base url "${config.baseUrl}"`);
    }
    files.push(built.index, ...built.shards, ...built.texts);
    indexUrls.set(code, url);
  }
  return { files, indexUrls };
}

function indexed(route: RenderedRoute, search: { indexDocs: boolean; indexBlog: boolean; indexPages: boolean }): boolean {
  const kind = route.page.content.kind;
  if (kind === 'doc') return search.indexDocs;
  if (kind === 'blogPost') return search.indexBlog;
  return search.indexPages;
}

export function searchPass(ctx: PassContext): void {
  const { files, indexUrls } = searchIndexFiles(ctx);
  for (const file of files) ctx.sink.write(file.path, file.contents);
  const search = ctx.site.config.search;
  for (const locale of ctx.site.locales) {
    const indexUrl = indexUrls.get(locale.info.locale);
    if (indexUrl) locale.chrome.search = { indexUrl, hint: search.searchBarShortcutHint, limit: search.searchResultLimits, contextLength: search.searchResultContextMaxLength };
  }
}
