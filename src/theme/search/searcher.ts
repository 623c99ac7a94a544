import { createEngine, type Engine } from '../../shared/search/engine.js';
import { searchRows, type RowOptions, type SearchResult } from '../../shared/search/rank.js';
import { marked, sectionSnippet, snippet, type MarkedText } from '../../shared/search/highlight.js';
import type { HitKind, SearchIndexFile } from '../../shared/search/format.js';
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
  /** The snippet is a line of a code block. */
  code?: boolean;
  /** Page title of a section row; empty on a page row. */
  pageTitle: string;
  breadcrumbs: string[];
}

export interface Searcher {
  /** Result rows, best first; `limit` counts rows, `maxPerPage` caps the rows of one page. */
  search(query: string, options: RowOptions): Promise<SearchResult[]>;
  /** Rows made ready to draw: fetches the section texts the snippets need. */
  present(rows: SearchResult[], options: { snippetLength: number }): Promise<ResultView[]>;
}

export function createSearcher(file: SearchIndexFile, indexUrl: string, fetchFile: <T>(url: string) => Promise<T>): Searcher {
  const engine = createEngine(file, (url) => fetchFile(new URL(url, indexUrl).href));
  return {
    search: (query, options) => searchRows(engine, query, options),
    async present(rows, options) {
      const texts = await Promise.all(rows.map((r) => (r.kind === 'content' ? engine.text(r.doc) : undefined)));
      return rows.map((row, i) => view(engine, row, texts[i], options.snippetLength));
    },
  };
}

function view(engine: Engine, row: SearchResult, section: string | undefined, length: number): ResultView {
  const page = engine.file.pages[row.page];
  const isPageRow = row.kind === 'title' || row.kind === 'keywords' || row.kind === 'description' || (row.kind === 'content' && row.section === 0);
  const source = row.kind === 'description' ? page.d : row.kind === 'keywords' ? page.k?.join(', ') : undefined;
  const text = row.kind === 'content' && section !== undefined ? sectionSnippet(section, row.terms, length) : source ? snippet(source, row.terms, length) : undefined;
  const query = row.terms.map((t) => `_highlight=${encodeURIComponent(t)}`).join('&');
  return {
    key: `${row.doc}`,
    href: `${encodePathname(row.u)}${query ? `?${query}` : ''}${row.h ? `#${encodeURIComponent(row.h)}` : ''}`,
    kind: row.kind,
    child: row.child,
    title: marked(isPageRow ? row.t : row.s, row.terms),
    text: text && { text: text.text, ranges: text.ranges },
    ...(text && 'code' in text ? { code: true } : {}),
    pageTitle: isPageRow ? '' : row.t,
    breadcrumbs: row.b,
  };
}
