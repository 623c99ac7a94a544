import lunr from 'lunr';
import { FIELDS, FIELD_BOOSTS, decodeLengths, decodePostings, decodeTerms, frequencyOf, tableEntry, type PostingsShard, type SearchIndexFile } from './format.js';
import { newIndex, newTokenSetBuilder } from './lunrTypes.js';

// A locale's lunr index, assembled as its postings shards arrive: the term list (for prefixes, typos
// and splitting Chinese queries) is there from the start, and a query first loads the shards of the
// terms it will ask for. Scores are exactly lunr.Builder's (BM25 with k1 = 1.2, b = 0.75, field
// boosts, three decimals): a section's vector only ever needs the entries of the terms being asked
// for, since lunr divides by the query vector's length, not the section's. A unit test compares the
// fully loaded index with lunr.Builder's own.

const K1 = 1.2;
const B = 0.75;

export interface IndexStore {
  file: SearchIndexFile;
  index: lunr.Index;
  tokenSet: lunr.TokenSet;
  has(term: string): boolean;
  /** About how many section fields hold the term (0: not in the index). */
  frequency(term: string): number;
  /** Loads the postings of these terms (the shards they are in), each shard once. */
  ensure(terms: Iterable<string>): Promise<void>;
}

export function openIndex(file: SearchIndexFile, loadShard: (relativeUrl: string) => Promise<PostingsShard>): IndexStore {
  const terms = decodeTerms(file.terms);
  const termIndex = new Map(terms.map((t, i) => [t, i]));
  const docCount = file.docs.length;
  const lengths = file.lengths.map(decodeLengths);
  const average = lengths.map((list) => (docCount ? list.reduce((a, b) => a + b, 0) / docCount : 0));
  const invertedIndex: Record<string, Record<string, unknown>> = Object.create(null);
  const fieldVectors: Record<string, lunr.Vector> = Object.create(null);
  const builder = newTokenSetBuilder();
  for (const term of terms) builder.insert(term);
  builder.finish();
  const index = newIndex({ invertedIndex, fieldVectors, tokenSet: builder.root, fields: [...FIELDS], pipeline: new lunr.Pipeline() });

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
      const [first, url] = file.shards[shard];
      p = loadShard(url).then((s) => add(first, s.p));
      shardLoads.set(shard, p);
      p.catch(() => shardLoads.delete(shard));
    }
    return p;
  };

  return {
    file,
    index,
    tokenSet: builder.root,
    has: (term) => termIndex.has(term),
    frequency: (term) => {
      const at = termIndex.get(term);
      return at === undefined ? 0 : Math.max(1, frequencyOf(file.freq[at]));
    },
    async ensure(wanted) {
      const shards = new Set<number>();
      for (const term of wanted) {
        const at = termIndex.get(term);
        if (at !== undefined) shards.add(tableEntry(file.shards, at));
      }
      await Promise.all([...shards].map(loadOne));
    },
  };
}
