// The search files of one locale, as written by the build and read by the browser, all under
// `assets/search/` and named `<locale>.<...>.<content hash>.json`:
//
// - the main index (`<locale>.<hash>.json`): the sorted term list, each term's document frequency
//   (coarse, to split Chinese queries), each section's field lengths, where the postings of each
//   term range live, and the pages' titles, urls, breadcrumbs and section headings;
// - postings shards (`<locale>.p.<hash>.json`): for a range of terms, which sections hold them, in
//   which field, how often. A query loads only the shards of its terms;
// - text files (`<locale>.t.<hash>.json`): the text of a run of consecutive sections (about 2 KB),
//   only needed for snippets, so fetched only for the sections shown with a snippet;
// - the code vocabulary (`<locale>.c.<hash>.json`): the Latin terms only code blocks hold (a fifth of
//   the terms of a device manual: identifiers, values, ports), with their frequencies and shards,
//   fetched only by a query with a word the main term list lacks, before its plan is made.
//
// lunr's own serialisation is not used: it stores every score as a float and a map per term and
// field, about four times larger, and cannot be loaded in parts. The browser rebuilds the same lunr
// index from the postings (see store.ts).

/** The fields of a section document, in the order of their postings; `x` is the code blocks' text. */
export const FIELDS = ['t', 'h', 'k', 'd', 'c', 'x'] as const;
export type FieldKey = (typeof FIELDS)[number];

/**
 * Ranking weight of each field: title > heading > keywords > description > content > code. Code
 * counts three quarters of prose: a prose query lands on the page that explains, not on the one whose
 * listing happens to hold the words, while a page whose subject lives in its listings (a device guide
 * full of `opcua`) is not pushed below pages that only name it (0.5 did that on the corpus).
 */
export const FIELD_BOOSTS: Record<FieldKey, number> = { t: 10, h: 5, k: 3, d: 2, c: 1, x: 0.75 };

export type HitKind = 'title' | 'heading' | 'keywords' | 'description' | 'content';

export const INDEX_FORMAT_VERSION = 4;

export interface SearchIndexFile {
  v: typeof INDEX_FORMAT_VERSION;
  /** Locale of the pages. */
  locale: string;
  /**
   * Every term, sorted, front-coded: separated by spaces, each one a base-36 digit (how many leading
   * characters it shares with the previous term) then the rest of the term.
   */
  terms: string;
  /** One character per term: how many fields of sections hold it, on a log scale (see frequencyCode). */
  freq: string;
  /** Per field (in FIELDS order), the length in terms of that field of each section, base 36, `,`-separated ('' for 0). */
  lengths: string[];
  /** Postings shards: [index of the shard's first term, url relative to this file], by term order. */
  shards: [number, string][];
  /** The code vocabulary (CodeTermsFile), url relative to this file; absent when code holds no term of its own. */
  code?: string;
  /** Text files: [first section doc ref, url relative to this file], by doc order. */
  texts: [number, string][];
  pages: IndexedPage[];
  /**
   * Section documents in ref order: [page index, heading, url hash]; the first of a page has no
   * heading; the hash is left out when it is headingSlug(heading).
   */
  docs: ([number, string] | [number, string, string])[];
}

/**
 * The terms only code blocks hold, outside Han text (which the query splitter needs whole), as the
 * main file holds its own: a term numbered n here is term (main terms + n) of the locale.
 */
export interface CodeTermsFile {
  terms: string;
  freq: string;
  /** [index of the shard's first term in this file, url relative to this file], by term order. */
  shards: [number, string][];
}

export interface PostingsShard {
  /**
   * The postings of each term of the shard, in term order, separated by spaces: for each field that
   * has the term, `<field index><doc list>`, fields separated by `;`, docs as base-36 gaps from the
   * previous doc of that field separated by `,`, with `*<tf>` after a doc when the term occurs more
   * than once.
   */
  p: string;
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
}

/**
 * Text of consecutive section documents, in doc order: each the section's prose, then, when it has
 * code blocks, `\n` and their lines separated by `\n` (the prose never holds a line break).
 */
export interface TextShard {
  s: string[];
}

/** Front-codes sorted terms (they never contain spaces: the tokenizer splits there). */
export function encodeTerms(terms: string[]): string {
  let previous = '';
  return terms
    .map((term) => {
      let shared = 0;
      while (shared < 35 && shared < previous.length && shared < term.length && previous[shared] === term[shared]) shared++;
      previous = term;
      return shared.toString(36) + term.slice(shared);
    })
    .join(' ');
}

export function decodeTerms(encoded: string): string[] {
  if (!encoded) return [];
  let previous = '';
  return encoded.split(' ').map((item) => (previous = previous.slice(0, parseInt(item[0], 36)) + item.slice(1)));
}

/** Term → field index → doc ref → term frequency. */
export type Postings = Map<string, Map<number, Map<number, number>>>;

/** One term's postings as the build counts them: by field index, `[doc, tf, doc, tf, ...]` by increasing doc. */
export type TermPostings = (number[] | undefined)[];

/** Encodes one term's postings. */
export function encodeTermPostings(fields: TermPostings): string {
  const parts: string[] = [];
  fields.forEach((list, field) => {
    if (!list) return;
    let previous = 0;
    let part = String(field);
    for (let i = 0; i < list.length; i += 2) {
      const gap = (list[i] - previous).toString(36);
      previous = list[i];
      part += (i ? ',' : '') + (list[i + 1] > 1 ? `${gap}*${list[i + 1].toString(36)}` : gap);
    }
    parts.push(part);
  });
  return parts.join(';');
}

/** Encodes the postings of the given terms (in that order). */
export function encodePostings(postings: Postings, terms: string[]): string {
  return terms
    .map((term) => {
      const fields: TermPostings = [];
      for (const [field, docs] of postings.get(term)!) fields[field] = [...docs].sort((a, b) => a[0] - b[0]).flat();
      return encodeTermPostings(fields);
    })
    .join(' ');
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

/** A document frequency as one character: 0 for none, then about four steps per doubling. */
export function frequencyCode(df: number): string {
  return String.fromCharCode(48 + Math.min(60, Math.round(Math.log2(df + 1) * 4)));
}

/** The (approximate) document frequency a frequencyCode stands for. */
export function frequencyOf(code: string): number {
  return Math.round(2 ** ((code.charCodeAt(0) - 48) / 4) - 1);
}

export function encodeLengths(lengths: number[]): string {
  return lengths.map((n) => (n ? n.toString(36) : '')).join(',');
}

export function decodeLengths(encoded: string): number[] {
  return encoded.split(',').map((n) => (n ? parseInt(n, 36) : 0));
}

/** The usual anchor of a heading, so that most sections need not repeat theirs in the index. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A section document's anchor. */
export function docHash(doc: SearchIndexFile['docs'][number]): string {
  return doc.length === 3 ? doc[2] : headingSlug(doc[1]);
}

/** The entry of a doc-ordered or term-ordered table ([first index, url][]) that holds `at`. */
export function tableEntry(table: [number, string][], at: number): number {
  let lo = 0;
  let hi = table.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (table[mid][0] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
