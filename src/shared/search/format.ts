// The search files of one locale, as written by the build and read by the browser.
//
// The main index holds what is needed to rank: the sorted term list, each term's postings (which
// section, which field, how often) and the pages' titles, urls, breadcrumbs and section headings.
// Section text (only needed for snippets) lives in one small file per page, fetched for the pages
// that appear in the results. lunr's own serialisation is not used: it stores every score as a float
// and a map per term and field, about four times larger; the browser rebuilds the same lunr index
// from the postings (see decode.ts).

/** The fields of a section document, in the order of their postings. */
export const FIELDS = ['t', 'h', 'k', 'd', 'c'] as const;
export type FieldKey = (typeof FIELDS)[number];

/** Ranking weight of each field: title > heading > keywords > description > content. */
export const FIELD_BOOSTS: Record<FieldKey, number> = { t: 10, h: 5, k: 3, d: 2, c: 1 };

/** The kind of a hit, named after the field that matched best. */
export const FIELD_KINDS: Record<FieldKey, HitKind> = { t: 'title', h: 'heading', k: 'keywords', d: 'description', c: 'content' };
export type HitKind = 'title' | 'heading' | 'keywords' | 'description' | 'content';

export const INDEX_FORMAT_VERSION = 1;

export interface SearchIndexFile {
  v: typeof INDEX_FORMAT_VERSION;
  /** Locale of the pages. */
  locale: string;
  /** Every term, sorted (the order lunr gives them their vector index in). */
  terms: string[];
  /**
   * One string per term: for each field that has the term, `<field index><doc list>`, fields
   * separated by `;`, docs as base-36 gaps from the previous doc of that field separated by `,`,
   * with `*<tf>` after a doc when the term occurs more than once.
   */
  postings: string[];
  pages: IndexedPage[];
  /** Section documents in ref order: [page index, heading, url hash]; the first of a page has no heading. */
  docs: [number, string, string][];
}

export interface IndexedPage {
  /** Title. */
  t: string;
  /** Url. */
  u: string;
  /** Breadcrumbs. */
  b: string[];
  /** Meta description. */
  d?: string;
  /** Keywords. */
  k?: string[];
  /** Url of the page's section texts (a TextShard). */
  x: string;
}

/** Text of each section document of one page, in doc order. */
export interface TextShard {
  s: string[];
}

/** Encodes postings: term → field → doc ref → term frequency. */
export function encodePostings(postings: Map<string, Map<number, Map<number, number>>>, terms: string[]): string[] {
  return terms.map((term) => {
    const byField = postings.get(term)!;
    const parts: string[] = [];
    for (const [field, docs] of [...byField].sort((a, b) => a[0] - b[0])) {
      let previous = 0;
      const list = [...docs]
        .sort((a, b) => a[0] - b[0])
        .map(([doc, tf]) => {
          const gap = (doc - previous).toString(36);
          previous = doc;
          return tf > 1 ? `${gap}*${tf.toString(36)}` : gap;
        });
      parts.push(`${field}${list.join(',')}`);
    }
    return parts.join(';');
  });
}

/** Reads one term's postings back: [field index, doc ref, term frequency] triples. */
export function decodePostings(encoded: string): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (const part of encoded.split(';')) {
    const field = Number(part[0]);
    let doc = 0;
    for (const item of part.slice(1).split(',')) {
      const star = item.indexOf('*');
      doc += parseInt(star < 0 ? item : item.slice(0, star), 36);
      out.push([field, doc, star < 0 ? 1 : parseInt(item.slice(star + 1), 36)]);
    }
  }
  return out;
}
