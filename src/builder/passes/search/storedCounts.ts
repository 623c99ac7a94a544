import { encodeTermPostings, FIELDS, type TermPostings } from '../../../shared/search/format.js';
import type { SectionDocument } from './documents.js';

// A context's terms as counted, kept in the cache on disk with the terms of its texts (storedTerms.ts),
// so that a warm build whose edit left every page's section documents where they were (the same pages,
// each with as many sections) counts only the pages that changed: each term of those pages, before or
// after, has its postings spliced (the sections of the changed pages out, their new counts in); every
// other term keeps its encoded postings and frequency as they were. The index made from them is the
// one counting every page makes (storedCounts.test.ts). Counting the 73 pages (56,000 terms) of the
// Shifu site's English context was most of the 85 ms of CPU its index took after one doc was edited:
// indexing it after an edit of its introduction took 55 ms of CPU instead of 112 in a new process
// (medians of 8 alternating, 19:12 UTC, load 9-11), and the warm `sitegen build` 685 ms instead of
// 735 (medians of 10 alternating, 19:13 UTC, load 8-11).
// Any other change (a page added, removed or moved, a section added or removed, a quarter of the pages
// or more changed) counts every page.

/**
 * A context's terms as counted: every term (sorted), its encoded postings (encodeTermPostings) and
 * document frequency (fields of sections holding it), and each field's length (in terms) per section
 * document.
 */
export interface TermCounts {
  terms: string[];
  encoded: string[];
  df: number[];
  lengths: number[][];
}

/** One page as counted: its url, its content key, its section documents, its terms (NUL-joined, any order), the keys of the texts it had cut through the memo. */
export interface CountedPage {
  url: string;
  key: string;
  docs: number;
  terms: string;
  texts: string[];
}

/** What the cache keeps of a context's counts: the terms, and the pages in the index's order (by url). */
export interface StoredCounts extends TermCounts {
  pages: CountedPage[];
}

/** A context's counts of the build before, and where this build's go (storedTerms.ts). */
export interface CountsStore {
  previous: StoredCounts | undefined;
  /** The content key of each page, in the order of the context's input. */
  keys(): string[];
  /** The key of a text cut through the memo. */
  textKey(text: string): string;
  /** Keeps the stored terms of a text (by its key) of a page counted before, as used by this build. */
  reuseText(key: string): void;
  keep(counts: StoredCounts): void;
}

type Counted = { postings: Map<string, TermPostings>; lengths: number[][] };

/** Every term of `postings` sorted, with its encoded postings and document frequency. */
export function countedTerms(counted: Counted): { counts: TermCounts; postings: Map<string, TermPostings> } {
  const { postings, lengths } = counted;
  const terms = [...postings.keys()].sort();
  return { counts: { terms, encoded: terms.map((t) => encodeTermPostings(postings.get(t)!)), df: terms.map((t) => documentFrequency(postings.get(t)!)), lengths }, postings };
}

/** How many fields of sections hold a term. */
const documentFrequency = (fields: TermPostings) => fields.reduce((n, list) => n + (list ? list.length / 2 : 0), 0);

/**
 * The counts of a context's pages (sorted by url, `keys` in the same order) and their section
 * documents: from the stored counts and the pages that changed when that can be done, else by
 * counting every page (`count` counts documents, numbered from 0).
 */
export function countsKept(params: { store: CountsStore; pages: { url: string }[]; keys: string[]; docs: SectionDocument[]; count: (docs: SectionDocument[]) => Counted }): StoredCounts {
  const { store, pages, keys, docs, count } = params;
  // The texts countTerms (buildIndex.ts) has cut through the memo: each field's, the prose and code even when empty.
  const textsOf = (some: SectionDocument[]) => {
    const keys = new Set<string>();
    for (const d of some) for (const field of FIELDS) if (d.fields[field] || field === 'c' || field === 'x') keys.add(store.textKey(d.fields[field] ?? ''));
    return [...keys];
  };
  const updated = store.previous && spliced({ ...params, previous: store.previous, textsOf });
  if (updated) return updated;
  const { counts, postings } = countedTerms(count(docs));
  // Each page's terms, from the postings: a page's documents are consecutive.
  const pageTerms: string[][] = pages.map(() => []);
  const last = new Array<string | undefined>(pages.length);
  for (const [term, fields] of postings) {
    for (const list of fields) {
      if (!list) continue;
      for (let k = 0; k < list.length; k += 2) {
        const page = docs[list[k]].page;
        if (last[page] !== term) pageTerms[page].push((last[page] = term));
      }
    }
  }
  let first = 0;
  const counted = pages.map((page, i): CountedPage => {
    let end = first;
    while (end < docs.length && docs[end].page === i) end++;
    const entry = { url: page.url, key: keys[i], docs: end - first, terms: pageTerms[i].join('\u0000'), texts: textsOf(docs.slice(first, end)) };
    first = end;
    return entry;
  });
  return { ...counts, pages: counted };
}

/** The counts after the pages that changed, or undefined when they cannot be spliced in. */
function spliced(params: {
  previous: StoredCounts;
  store: CountsStore;
  pages: { url: string }[];
  keys: string[];
  docs: SectionDocument[];
  count: (docs: SectionDocument[]) => Counted;
  textsOf: (docs: SectionDocument[]) => string[];
}): StoredCounts | undefined {
  const { previous, store, pages, keys, docs, count, textsOf } = params;
  if (previous.pages.length !== pages.length || previous.lengths.length !== FIELDS.length) return undefined;
  const docsOf = new Array<number>(pages.length).fill(0);
  for (const d of docs) docsOf[d.page]++;
  const starts: number[] = [];
  const changed: number[] = [];
  let at = 0;
  for (const [i, page] of previous.pages.entries()) {
    if (page.url !== pages[i].url || page.docs !== docsOf[i]) return undefined;
    starts.push(at);
    at += page.docs;
    if (page.key !== keys[i]) changed.push(i);
  }
  if (at !== docs.length || changed.length * 4 >= pages.length) return undefined;
  // Each term of a changed page, before or after: its encoded postings and frequency now (null: no section holds it any more).
  const updates = new Map<string, { encoded: string; df: number } | null>();
  const lengths = previous.lengths.map((l) => l.slice());
  const counted = previous.pages.slice();
  const isChanged = new Set(changed);
  for (const i of changed) {
    const from = starts[i];
    const to = from + docsOf[i];
    const own = count(docs.slice(from, to));
    own.lengths.forEach((l, field) => l.forEach((n, d) => (lengths[field][from + d] = n)));
    const touched = new Set(previous.pages[i].terms ? previous.pages[i].terms.split('\u0000') : []);
    for (const term of own.postings.keys()) touched.add(term);
    for (const term of touched) {
      let before = updates.get(term);
      if (before === undefined) {
        const at = storedAt(previous.terms, term);
        before = at < 0 ? null : { encoded: previous.encoded[at], df: previous.df[at] };
      }
      updates.set(term, spliceEncoded(before, from, to, own.postings.get(term)));
    }
    counted[i] = { url: pages[i].url, key: keys[i], docs: docsOf[i], terms: [...own.postings.keys()].join('\u0000'), texts: textsOf(docs.slice(from, to)) };
  }
  // The texts of the pages that did not change stay known (the memo keeps only those used).
  for (const [i, page] of previous.pages.entries()) if (!isChanged.has(i)) for (const key of page.texts) store.reuseText(key);
  // The terms in order: those kept, those spliced, those new.
  const added = [...updates.keys()].filter((t) => storedAt(previous.terms, t) < 0).sort();
  const out: TermCounts = { terms: [], encoded: [], df: [], lengths };
  const push = (term: string, encoded: string, df: number) => {
    out.terms.push(term);
    out.encoded.push(encoded);
    out.df.push(df);
  };
  const pushUpdated = (term: string) => {
    const now = updates.get(term);
    if (now) push(term, now.encoded, now.df);
  };
  let a = 0;
  previous.terms.forEach((term, j) => {
    while (a < added.length && added[a] < term) pushUpdated(added[a++]);
    if (updates.has(term)) pushUpdated(term);
    else push(term, previous.encoded[j], previous.df[j]);
  });
  while (a < added.length) pushUpdated(added[a++]);
  return { ...out, pages: counted };
}

/** Where `term` is in the sorted `terms`, or -1. */
function storedAt(terms: string[], term: string): number {
  let lo = 0;
  let hi = terms.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (terms[mid] === term) return mid;
    if (terms[mid] < term) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * A term's encoded postings (encodeTermPostings: a part per field, `;`-joined, each its field's digit
 * then `,`-joined items, an item a doc's gap from the one before in base 36, `*` and the term
 * frequency when above 1) and frequency, with the documents from..to-1 replaced by `own` (numbered
 * from 0); null when no document is left. Spliced as text: the items before `from` are kept as they
 * are, and those after `to` too but for the first one's gap. Decoding and encoding a term's whole
 * postings instead took 22 of the 39 ms the Shifu site's introduction (430 terms) took to splice.
 */
function spliceEncoded(before: { encoded: string; df: number } | null, from: number, to: number, own: TermPostings | undefined): { encoded: string; df: number } | null {
  const parts: (string | undefined)[] = [];
  if (before) for (const part of before.encoded.split(';')) parts[part.charCodeAt(0) - 48] = part;
  let df = before ? before.df : 0;
  const out: string[] = [];
  for (let field = 0; field < FIELDS.length; field++) {
    const part = parts[field];
    const mine = own?.[field];
    if (part === undefined && !mine) continue;
    const spliced = splicePart(part ?? String(field), from, to, mine);
    df += spliced.added - spliced.removed;
    if (spliced.text.length > 1) out.push(spliced.text);
  }
  return out.length ? { encoded: out.join(';'), df } : null;
}

const base36 = (c: number) => (c <= 57 ? c - 48 : c - 87);

/** One field's part (its digit, then its items) with the documents from..to-1 replaced by `mine`. */
function splicePart(part: string, from: number, to: number, mine: number[] | undefined): { text: string; removed: number; added: number } {
  const n = part.length;
  let pos = 1;
  let doc = 0;
  // Where the items before `from` end, and the last of their documents.
  let keptEnd = 1;
  let last = 0;
  let removed = 0;
  // The first item at or after `to`: its document, and where its gap ends.
  let next = -1;
  let nextGapEnd = n;
  while (pos < n) {
    const itemStart = pos;
    let gap = 0;
    let c = 0;
    while (pos < n && (c = part.charCodeAt(pos)) !== 44 && c !== 42) {
      gap = gap * 36 + base36(c);
      pos++;
    }
    const gapEnd = pos;
    while (pos < n && part.charCodeAt(pos) !== 44) pos++;
    doc += gap;
    if (doc < from) {
      keptEnd = pos;
      last = doc;
    } else if (doc < to) removed++;
    else {
      next = doc;
      nextGapEnd = gapEnd;
      pos = itemStart;
      break;
    }
    pos++;
  }
  let text = part.slice(0, keptEnd);
  let previous = last;
  let added = 0;
  if (mine) {
    for (let e = 0; e < mine.length; e += 2) {
      const d = mine[e] + from;
      text += (text.length > 1 ? ',' : '') + (d - previous).toString(36) + (mine[e + 1] > 1 ? `*${mine[e + 1].toString(36)}` : '');
      previous = d;
      added++;
    }
  }
  if (next >= 0) text += (text.length > 1 ? ',' : '') + (next - previous).toString(36) + part.slice(nextGapEnd);
  return { text, removed, added };
}
