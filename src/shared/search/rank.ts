import { docHash, type HitKind } from './format.js';
import { scoreCloseness, searchDocs, type DocHit, type Engine } from './engine.js';

// Section hits → result rows, grouped by page. Pages are ordered by their best section (tier, then
// score); within a page, a title/description/keywords hit of the page comes first and its section
// hits follow as children, like the reference plugin. A section that matched only through the page
// title (every section carries it) adds to its page's rank but is not a row of its own.

export interface SearchResult {
  kind: HitKind;
  page: number;
  doc: number;
  /** Index of the section within its page (0: the intro). */
  section: number;
  /** Page title. */
  t: string;
  /** Section heading ('' for the intro). */
  s: string;
  /** Page url. */
  u: string;
  /** Section anchor ('' for the intro). */
  h: string;
  /** Breadcrumbs. */
  b: string[];
  terms: string[];
  score: number;
  tier: number;
  /** Shown under the row before it, the page's first. */
  child: boolean;
}

/**
 * Rows scored for closeness (engine.ts, scoreCloseness): those shown of the first pages, as many as
 * the search bar shows rows; the texts read are those of their content rows, which their snippets
 * fetch anyway, so closeness costs no download of its own.
 */
const CLOSENESS_PAGES = 8;

export interface RowOptions {
  /** Rows wanted (all when unset). */
  limit?: number;
  /** Rows of one page at most. */
  maxPerPage?: number;
  /** Keeps only pages whose url passes. */
  filter?: (url: string) => boolean;
  /** Aborted when the reader typed on: closeness, which may fetch texts, is then skipped. */
  signal?: AbortSignal;
}

/** A query's result rows, best first: what the search bar and the search page show. */
export async function searchRows(engine: Engine, query: string, options: RowOptions): Promise<SearchResult[]> {
  const limit = options.limit ?? Infinity;
  const hits = await searchDocs(engine, query, { enough: Number.isFinite(limit) ? limit : Number.MAX_SAFE_INTEGER });
  if (options.signal?.aborted) return rankResults(engine, hits, options).slice(0, limit);
  const shown = rankResults(engine, hits, options).slice(0, limit);
  const pages = [...new Set(shown.map((r) => r.page))].slice(0, CLOSENESS_PAGES);
  const first = shown.filter((r) => pages.includes(r.page));
  const scored = await scoreCloseness(engine, {
    query,
    hits,
    shown: first.map((r) => r.doc),
    texts: first.filter((r) => r.kind === 'content').map((r) => r.doc),
  });
  return rankResults(engine, scored, options).slice(0, limit);
}

/** Result rows of hits, best first; rows past `limit` (when set) are not made. */
export function rankResults(engine: Engine, hits: DocHit[], options: { limit?: number; maxPerPage?: number; filter?: (url: string) => boolean }): SearchResult[] {
  const byPage = new Map<number, DocHit[]>();
  for (const hit of hits) {
    const page = engine.file.docs[hit.doc][0];
    const url = engine.file.pages[page].u;
    if (options.filter && !options.filter(url)) continue;
    let list = byPage.get(page);
    if (!list) byPage.set(page, (list = []));
    list.push(hit);
  }
  const rows: SearchResult[] = [];
  // Hits arrive best first, so a page's place is the place of its first hit.
  for (const [page, pageHits] of byPage) {
    if (rows.length >= (options.limit ?? Infinity)) break;
    const first = engine.firstDoc[page];
    const shown = pageHits.filter((h) => h.doc === first || h.fields.has('h') || h.fields.has('c') || h.fields.has('x'));
    const headHit = shown.find((h) => h.doc === first && kindOf(h, first) !== 'content');
    const ordered = headHit ? [headHit, ...shown.filter((h) => h !== headHit)] : shown;
    const limited = options.maxPerPage ? ordered.slice(0, options.maxPerPage) : ordered;
    limited.forEach((hit, i) => rows.push(row(engine, hit, first, Boolean(headHit) && i > 0)));
  }
  return rows;
}

function kindOf(hit: DocHit, firstDoc: number): HitKind {
  const f = hit.fields;
  if (hit.doc === firstDoc) return f.has('t') ? 'title' : f.has('k') ? 'keywords' : f.has('d') ? 'description' : 'content';
  return f.has('h') ? 'heading' : 'content';
}

function row(engine: Engine, hit: DocHit, firstDoc: number, child: boolean): SearchResult {
  const doc = engine.file.docs[hit.doc];
  const [page, heading] = doc;
  const hash = docHash(doc);
  const p = engine.file.pages[page];
  return {
    kind: kindOf(hit, firstDoc),
    page,
    doc: hit.doc,
    section: hit.doc - firstDoc,
    t: p.t,
    s: heading,
    u: p.u,
    h: hash,
    b: p.b,
    terms: hit.terms,
    score: hit.score,
    tier: hit.tier,
    child,
  };
}
