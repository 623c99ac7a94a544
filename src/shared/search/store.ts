import lunr from 'lunr';
import { FIELDS, FIELD_BOOSTS, decodeLengths, decodePostings, decodeTerms, frequencyOf, tableEntry, type CodeTermsFile, type PostingsShard, type SearchIndexFile } from './format.js';
import { newIndex, newTokenSetBuilder, replaceTokenSet } from './lunrTypes.js';

// A locale's lunr index, assembled as its postings shards arrive: the term list (for prefixes, typos
// and splitting Chinese queries) is there from the start, and a query first loads the shards of the
// terms it will ask for. Scores are exactly lunr.Builder's (BM25 with k1 = 1.2, b = 0.75, field
// boosts, three decimals): a section's vector only ever needs the entries of the terms being asked
// for, since lunr divides by the query vector's length, not the section's. A unit test compares the
// fully loaded index with lunr.Builder's own. The terms only code blocks hold join the term list
// when a query asks for them (loadCode), numbered after the main terms, with their shards.

const K1 = 1.2;
const B = 0.75;

export interface IndexStore {
  file: SearchIndexFile;
  index: lunr.Index;
  /** Every term known so far (the code vocabulary's too once loaded). */
  readonly tokenSet: lunr.TokenSet;
  has(term: string): boolean;
  /** About how many section fields hold the term (0: not in the index). */
  frequency(term: string): number;
  /** Loads the postings of these terms (the shards they are in), each shard once. */
  ensure(terms: Iterable<string>): Promise<void>;
  /** Whether the code vocabulary is still to load (the index has one and it is not loaded). */
  readonly codePending: boolean;
  /** Loads the code vocabulary: its terms join the term list, its shards the shard table. */
  loadCode(): Promise<void>;
}

export function openIndex(file: SearchIndexFile, loadFile: (relativeUrl: string) => Promise<unknown>): IndexStore {
  const terms = decodeTerms(file.terms);
  let codeFreq = '';
  const shardTable = [...file.shards];
  const termIndex = new Map(terms.map((t, i) => [t, i]));
  const docCount = file.docs.length;
  const lengths = file.lengths.map(decodeLengths);
  const average = lengths.map((list) => (docCount ? list.reduce((a, b) => a + b, 0) / docCount : 0));
  const invertedIndex: Record<string, Record<string, unknown>> = Object.create(null);
  const fieldVectors: Record<string, lunr.Vector> = Object.create(null);
  const tokenSetOf = (sorted: string[]) => {
    const builder = newTokenSetBuilder();
    for (const term of sorted) builder.insert(term);
    builder.finish();
    return builder.root;
  };
  let tokenSet = tokenSetOf(terms);
  const index = newIndex({ invertedIndex, fieldVectors, tokenSet, fields: [...FIELDS], pipeline: new lunr.Pipeline() });

  const add = (first: number, encoded: string) => {
    encoded.split(' ').forEach((postings, k) => {
      const at = first + k;
      const posting: Record<string, unknown> = { _index: at };
      const byField = FIELDS.map((f) => (posting[f] = Object.create(null) as Record<string, object>));
      const entries = decodePostings(postings);
      const idf = Math.log(1 + Math.abs((docCount - entries.length + 0.5) / (entries.length + 0.5)));
      for (const [field, doc, tf] of entries) {
        byField[field][doc] = {};
        const norm = K1 * (1 - B + B * (lengths[field][doc] / average[field]));
        const score = ((idf * ((K1 + 1) * tf)) / (norm + tf)) * FIELD_BOOSTS[FIELDS[field]];
        const ref = `${FIELDS[field]}/${doc}`;
        (fieldVectors[ref] ??= new lunr.Vector([])).insert(at, Math.round(score * 1000) / 1000);
      }
      invertedIndex[terms[at]] = posting;
    });
  };

  const shardLoads = new Map<number, Promise<void>>();
  const loadOne = (shard: number) => {
    let p = shardLoads.get(shard);
    if (!p) {
      const [first, url] = shardTable[shard];
      p = (loadFile(url) as Promise<PostingsShard>).then((s) => add(first, s.p));
      shardLoads.set(shard, p);
      p.catch(() => shardLoads.delete(shard));
    }
    return p;
  };

  let code: Promise<void> | undefined;
  let codeLoaded = !file.code;
  const loadCode = () => {
    code ??= (loadFile(file.code!) as Promise<CodeTermsFile>).then((c) => {
      const first = terms.length;
      const added = decodeTerms(c.terms);
      added.forEach((t, i) => termIndex.set(t, first + i));
      terms.push(...added);
      codeFreq = c.freq;
      shardTable.push(...c.shards.map(([at, url]): [number, string] => [first + at, url]));
      tokenSet = tokenSetOf([...terms].sort());
      replaceTokenSet(index, tokenSet);
      codeLoaded = true;
    });
    code.catch(() => (code = undefined));
    return code;
  };

  return {
    file,
    index,
    get tokenSet() {
      return tokenSet;
    },
    has: (term) => termIndex.has(term),
    frequency: (term) => {
      const at = termIndex.get(term);
      return at === undefined ? 0 : Math.max(1, frequencyOf(at < file.freq.length ? file.freq[at] : codeFreq[at - file.freq.length]));
    },
    async ensure(wanted) {
      const shards = new Set<number>();
      for (const term of wanted) {
        const at = termIndex.get(term);
        if (at !== undefined) shards.add(tableEntry(shardTable, at));
      }
      await Promise.all([...shards].map(loadOne));
    },
    get codePending() {
      return !codeLoaded;
    },
    loadCode: () => (file.code ? loadCode() : Promise.resolve()),
  };
}
