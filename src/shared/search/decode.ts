import lunr from 'lunr';
import { FIELDS, FIELD_BOOSTS, decodePostings, type SearchIndexFile } from './format.js';

// Rebuilds the lunr index of a locale from its compact postings, exactly as lunr.Builder would have
// built it (same BM25 scores, k1 = 1.2, b = 0.75, field boosts, three decimals), so the browser
// queries a real lunr.Index. A unit test compares the result with lunr.Builder's own output.

const K1 = 1.2;
const B = 0.75;

export function loadIndex(file: SearchIndexFile): lunr.Index {
  const docCount = file.docs.length;
  const fieldCount = FIELDS.length;
  const lengths = new Float64Array(fieldCount * docCount);
  // Per field ref (field × doc): [term index, tf, term index, tf, ...], term indexes ascending.
  const vectors = new Map<number, number[]>();
  const invertedIndex: Record<string, Record<string, unknown>> = Object.create(null);
  const idf = new Float64Array(file.terms.length);
  const tokenSet = new lunr.TokenSet.Builder();

  file.terms.forEach((term, termIndex) => {
    const posting: Record<string, unknown> = { _index: termIndex };
    const byField = FIELDS.map(() => Object.create(null) as Record<string, object>);
    FIELDS.forEach((f, i) => (posting[f] = byField[i]));
    let docsWithTerm = 0;
    for (const [field, doc, tf] of decodePostings(file.postings[termIndex])) {
      byField[field][doc] = {};
      const key = field * docCount + doc;
      let vector = vectors.get(key);
      if (!vector) vectors.set(key, (vector = []));
      vector.push(termIndex, tf);
      lengths[key] += tf;
      docsWithTerm++;
    }
    idf[termIndex] = Math.log(1 + Math.abs((docCount - docsWithTerm + 0.5) / (docsWithTerm + 0.5)));
    invertedIndex[term] = posting;
    tokenSet.insert(term);
  });
  tokenSet.finish();

  const average = FIELDS.map((_, field) => {
    let sum = 0;
    for (let doc = 0; doc < docCount; doc++) sum += lengths[field * docCount + doc];
    return docCount ? sum / docCount : 0;
  });
  const fieldVectors: Record<string, lunr.Vector> = Object.create(null);
  for (const [key, elements] of vectors) {
    const field = Math.floor(key / docCount);
    const doc = key % docCount;
    const norm = K1 * (1 - B + B * (lengths[key] / average[field]));
    const boost = FIELD_BOOSTS[FIELDS[field]];
    for (let i = 0; i < elements.length; i += 2) {
      const tf = elements[i + 1];
      const score = ((idf[elements[i]] * ((K1 + 1) * tf)) / (norm + tf)) * boost;
      elements[i + 1] = Math.round(score * 1000) / 1000;
    }
    fieldVectors[`${FIELDS[field]}/${doc}`] = new lunr.Vector(elements);
  }

  return new lunr.Index({
    invertedIndex: invertedIndex as unknown as lunr.Index.InvertedIndex,
    fieldVectors,
    tokenSet: tokenSet.root,
    fields: [...FIELDS],
    pipeline: new lunr.Pipeline(),
  });
}
