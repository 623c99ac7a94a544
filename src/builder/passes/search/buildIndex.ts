import crypto from 'node:crypto';
import type { SearchPageInput } from '../../plugins/api.js';
import {
  FIELDS,
  INDEX_FORMAT_VERSION,
  encodeLengths,
  encodeTerms,
  frequencyCode,
  headingSlug,
  type IndexedPage,
  type CodeTermsFile,
  type PostingsShard,
  type TermPostings,
  type SearchIndexFile,
  type TextShard,
} from '../../../shared/search/format.js';
import { indexTerms, type IndexTermsOptions } from '../../../shared/search/normalize.js';
import { sectionDocuments, type SectionDocument } from './documents.js';
import { SEARCH_DIR } from './pointer.js';
import { countedTerms, countsKept, type TermCounts } from './storedCounts.js';
import type { TermsSource } from './repeatedTexts.js';

export { SEARCH_DIR };

// Builds the search files of one search context (a locale, or a docs version of it) (see src/shared/search/format.ts): the terms of every
// section document (made by the shared tokenizer, with lunr's stemmer and stop words) are counted,
// then written as the main index, postings shards and text files.

export interface SearchFile {
  /** Path under the output folder (and under the base url). */
  path: string;
  contents: string;
  /** The sha256 of the contents (hex), when known: the output keeps a file written with the same (output/sink.ts `reuse`) without reading it. */
  key?: string;
}

export interface LocaleSearchFiles {
  /** The main index, which names the other files. */
  index: SearchFile;
  /** The code vocabulary, when code blocks hold terms of their own. */
  code?: SearchFile;
  /** Postings shards of the main terms and of the code vocabulary. */
  shards: SearchFile[];
  texts: SearchFile[];
}

/**
 * Encoded postings per shard, in characters (about 4 KB gzip): a query fetches the shards of its
 * terms, so smaller shards waste fewer bytes on terms it does not need, larger ones save requests.
 */
const SHARD_CHARS = 10_000;
/**
 * Section text per text file, in bytes (about 3 KB gzip): a snippet needs one section's. Each file
 * is a new inode at build time (half a millisecond of system time on our CI machines): 8,000 bytes
 * make 2.6 times fewer files than 3,000 for 6 % more bytes per query (bench/search.ts: median 45.1
 * and 51.3 KB before the first result, en and zh-Hans, against a budget of 94.5 and 103).
 */
const TEXT_BYTES = 8_000;
const DIR = SEARCH_DIR;

/**
 * Terms of texts cut in this build and the one before (the dev server and rebuilds): a text not used
 * by a build is forgotten after the next, so the memo holds about one site's texts.
 */
export class TermsMemo implements TermsSource {
  private current = new Map<string, string[]>();
  private previous = new Map<string, string[]>();

  terms(text: string, options: IndexTermsOptions): string[] {
    let terms = this.current.get(text);
    if (terms) return terms;
    terms = this.previous.get(text) ?? indexTerms(text, options);
    this.current.set(text, terms);
    return terms;
  }

  endBuild(): void {
    this.previous = this.current;
    this.current = new Map();
  }
}

export function buildLocaleIndex(params: {
  locale: string;
  /** The files' name prefix (contexts.ts): the locale unless a docs version has its own index. */
  name?: string;
  pages: SearchPageInput[];
  terms: IndexTermsOptions;
  memo?: TermsSource;
}): LocaleSearchFiles {
  const { locale } = params;
  const name = params.name ?? locale;
  // Sorted by url (stably, as the pages were), with the order kept for the pages' keys (storedCounts.ts).
  const order = params.pages.map((_, i) => i).sort((a, b) => (params.pages[a].url < params.pages[b].url ? -1 : params.pages[a].url > params.pages[b].url ? 1 : 0));
  const pages = order.map((i) => params.pages[i]);
  const docs: SectionDocument[] = pages.flatMap((page, i) => sectionDocuments(page, i));
  const count = (some: SectionDocument[]) => countTerms(some, params.terms, params.memo);
  const store = params.memo?.counts;
  let counts: TermCounts;
  if (store) {
    const keys = store.keys();
    const kept = countsKept({ store, pages, keys: order.map((i) => keys[i]), docs, count });
    store.keep(kept);
    counts = kept;
  } else counts = countedTerms(count(docs)).counts;
  return indexFiles({ locale, name, pages, docs, counts });
}

/** The files of a context from its pages (sorted by url), their section documents and their terms as counted. */
function indexFiles(params: { locale: string; name: string; pages: SearchPageInput[]; docs: SectionDocument[]; counts: TermCounts }): LocaleSearchFiles {
  const { locale, name, pages, docs, counts } = params;
  // A term found in code alone goes to the code vocabulary; each term is looked at once.
  const terms: number[] = [];
  const codeTerms: number[] = [];
  counts.terms.forEach((term, i) => (codeOnly(term, counts.encoded[i]) ? codeTerms : terms).push(i));

  const indexedPages: IndexedPage[] = pages.map((page) => ({
    t: page.title,
    u: page.url,
    b: page.breadcrumbs,
    ...(page.description ? { d: page.description } : {}),
    ...(page.keywords?.length ? { k: page.keywords } : {}),
  }));

  const texts: SearchFile[] = [];
  const textTable: [number, string][] = [];
  for (const [first, run] of runs(
    docs.map((d) => Buffer.byteLength(d.text) + 3),
    TEXT_BYTES,
  )) {
    const shard: TextShard = { s: docs.slice(first, first + run).map((d) => d.text) };
    const file = hashedFile(`${name}.t.`, JSON.stringify(shard));
    texts.push(file);
    textTable.push([first, file.path.slice(DIR.length)]);
  }

  const shards: SearchFile[] = [];
  const shardsOf = (list: number[]): [number, string][] => {
    const table: [number, string][] = [];
    const encoded = list.map((t) => counts.encoded[t]);
    for (const [first, run] of runs(
      encoded.map((e) => e.length + 1),
      SHARD_CHARS,
    )) {
      const shard: PostingsShard = { p: encoded.slice(first, first + run).join(' ') };
      const file = hashedFile(`${name}.p.`, JSON.stringify(shard));
      shards.push(file);
      table.push([first, file.path.slice(DIR.length)]);
    }
    return table;
  };
  const freq = (list: number[]) => list.map((t) => frequencyCode(counts.df[t])).join('');
  const termsOf = (list: number[]) => encodeTerms(list.map((t) => counts.terms[t]));

  const shardTable = shardsOf(terms);
  const codeFile: CodeTermsFile = { terms: termsOf(codeTerms), freq: freq(codeTerms), shards: codeTerms.length ? shardsOf(codeTerms) : [] };
  const code = codeTerms.length ? hashedFile(`${name}.c.`, JSON.stringify(codeFile)) : undefined;
  const file: SearchIndexFile = {
    v: INDEX_FORMAT_VERSION,
    locale,
    terms: termsOf(terms),
    freq: freq(terms),
    lengths: counts.lengths.map(encodeLengths),
    shards: shardTable,
    ...(code ? { code: code.path.slice(DIR.length) } : {}),
    texts: textTable,
    pages: indexedPages,
    docs: docs.map((d) => (d.hash === headingSlug(d.heading) ? [d.page, d.heading] : [d.page, d.heading, d.hash])),
  };
  return { index: hashedFile(`${name}.`, JSON.stringify(file)), ...(code ? { code } : {}), shards, texts };
}

/** Han text: its terms stay in the main list, where the query splitter looks for the words of a Chinese query. */
const HAN = /\p{Script=Han}/u;

/** The code field's digit in encoded postings (encodeTermPostings: each field's part led by its index, parts joined by `;`). */
const CODE_FIELD = String(FIELDS.indexOf('x'));

/** Whether a term is in the code field alone (its encoded postings are one part, the code field's), and not Han text. */
function codeOnly(term: string, encoded: string): boolean {
  return encoded[0] === CODE_FIELD && !encoded.includes(';') && !HAN.test(term);
}

/**
 * What lunr.Builder would count (term frequency per field of each section, and each field's length
 * in terms), counted directly: the builder also makes a token object and metadata per occurrence,
 * which doubled the time of this pass. format.test.ts checks the result against lunr.Builder's.
 */
export function countTerms(docs: SectionDocument[], options: IndexTermsOptions, memo?: TermsSource): { postings: Map<string, TermPostings>; lengths: number[][] } {
  const cut = (text: string) => (memo ? memo.terms(text, options) : indexTerms(text, options));
  // A page's title is in each of its sections: cut it once.
  const cache = new Map<string, string[]>();
  const termsOf = (text: string | undefined) => {
    if (!text) return [];
    let terms = cache.get(text);
    if (!terms) cache.set(text, (terms = cut(text)));
    return terms;
  };
  // Docs are counted in order, so a term's list for a field only grows at its end.
  const postings = new Map<string, TermPostings>();
  const lengths = FIELDS.map(() => new Array<number>(docs.length).fill(0));
  // Section texts and code are cut through the memo; titles and the like through the local cache.
  const ownText = new Set<number>([FIELDS.indexOf('c'), FIELDS.indexOf('x')]);
  docs.forEach((doc, id) => {
    FIELDS.forEach((name, field) => {
      const terms = ownText.has(field) ? cut(doc.fields[name] ?? '') : termsOf(doc.fields[name]);
      if (!terms.length) return;
      lengths[field][id] = terms.length;
      for (const term of terms) {
        let fields = postings.get(term);
        if (!fields) postings.set(term, (fields = []));
        const list = (fields[field] ??= []);
        if (list.length && list[list.length - 2] === id) list[list.length - 1]++;
        else list.push(id, 1);
      }
    });
  });
  return { postings, lengths };
}

/** Cuts a list of sizes into runs of consecutive items of about `target` in all: [first, count][]. */
function runs(sizes: number[], target: number): [number, number][] {
  const out: [number, number][] = [];
  for (let first = 0; first < sizes.length;) {
    let count = 0;
    let size = 0;
    while (first + count < sizes.length && (count === 0 || size + sizes[first + count] <= target)) size += sizes[first + count++];
    out.push([first, count]);
    first += count;
  }
  return out;
}

function hashedFile(name: string, contents: string): SearchFile {
  const key = crypto.createHash('sha256').update(contents).digest('hex');
  return { path: `${DIR}${name}${key.slice(0, 10)}.json`, contents, key };
}
