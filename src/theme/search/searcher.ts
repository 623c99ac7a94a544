import { createEngine, searchDocs, type Engine } from '../../shared/search/engine.js';
import { rankResults, type SearchResult } from '../../shared/search/rank.js';
import { marked, snippet, type MarkedText } from '../../shared/search/highlight.js';
import { tableEntry, type HitKind, type PostingsShard, type SearchIndexFile, type TextShard } from '../../shared/search/format.js';
import { encodePathname } from '../../shared/url.js';

// The lazily loaded half of search (with lunr): rebuilds the index, runs queries (fetching the
// postings shards their terms need), and turns result rows into what the search bar and the search
// page draw. Section texts are fetched only for the sections shown with a snippet.

/** One result as drawn: every piece of text comes with the ranges to mark, never as HTML. */
export interface ResultView {
  key: string;
  href: string;
  kind: HitKind;
  child: boolean;
  /** The row's title: the page title, or the section heading. */
  title: MarkedText;
  /** A snippet of the matched text (content, description or keywords hits). */
  text?: MarkedText;
  /** Page title of a section row; empty on a page row. */
  pageTitle: string;
  breadcrumbs: string[];
}

export interface Searcher {
  /** Result rows, best first; `limit` counts rows, `maxPerPage` caps the rows of one page. */
  search(query: string, options: { limit?: number; maxPerPage?: number; filter?: (url: string) => boolean }): Promise<SearchResult[]>;
  /** Rows made ready to draw: fetches the section texts the snippets need. */
  present(rows: SearchResult[], options: { snippetLength: number }): Promise<ResultView[]>;
}

export function createSearcher(file: SearchIndexFile, indexUrl: string, fetchFile: <T>(url: string) => Promise<T>): Searcher {
  const engine = createEngine(file, (url) => fetchFile<PostingsShard>(new URL(url, indexUrl).href));
  return {
    async search(query, options) {
      const limit = options.limit ?? Infinity;
      const hits = await searchDocs(engine, query, { enough: Number.isFinite(limit) ? limit : Number.MAX_SAFE_INTEGER });
      return rankResults(engine, hits, { maxPerPage: options.maxPerPage, filter: options.filter }).slice(0, limit);
    },
    async present(rows, options) {
      const needed = [...new Set(rows.filter((r) => r.kind === 'content').map((r) => tableEntry(file.texts, r.doc)))];
      const texts = new Map(await Promise.all(needed.map(async (n) => [n, await fetchFile<TextShard>(new URL(file.texts[n][1], indexUrl).href)] as const)));
      const textOf = (doc: number) => {
        const n = tableEntry(file.texts, doc);
        return texts.get(n)?.s[doc - file.texts[n][0]];
      };
      return rows.map((row) => view(engine, row, textOf(row.doc), options.snippetLength));
    },
  };
}

function view(engine: Engine, row: SearchResult, text: string | undefined, length: number): ResultView {
  const page = engine.file.pages[row.page];
  const isPageRow = row.kind === 'title' || row.kind === 'keywords' || row.kind === 'description' || (row.kind === 'content' && row.section === 0);
  const source = row.kind === 'description' ? page.d : row.kind === 'keywords' ? page.k?.join(', ') : row.kind === 'content' ? text : undefined;
  const query = row.terms.map((t) => `_highlight=${encodeURIComponent(t)}`).join('&');
  return {
    key: `${row.doc}`,
    href: `${encodePathname(row.u)}${query ? `?${query}` : ''}${row.h ? `#${encodeURIComponent(row.h)}` : ''}`,
    kind: row.kind,
    child: row.child,
    title: marked(isPageRow ? row.t : row.s, row.terms),
    text: source ? snippet(source, row.terms, length) : undefined,
    pageTitle: isPageRow ? '' : row.t,
    breadcrumbs: row.b,
  };
}
