import lunr from 'lunr';

// @types/lunr describes an older lunr: these are the parts of lunr 2.3 that search uses and the
// typings lack (TokenSet.Builder, TokenSet.fromClause) or name differently (Index attributes), typed
// once here instead of cast at each use.

interface TokenSetBuilder {
  insert(word: string): void;
  finish(): void;
  root: lunr.TokenSet;
}

interface TokenSetStatics {
  Builder: new () => TokenSetBuilder;
  fromString(pattern: string): lunr.TokenSet;
  fromFuzzyString(term: string, editDistance: number): lunr.TokenSet;
}

const TokenSet = lunr.TokenSet as unknown as TokenSetStatics;

export function newTokenSetBuilder(): TokenSetBuilder {
  return new TokenSet.Builder();
}

/** The strings a term stands for: itself, every string it begins, or every string within an edit distance. */
export function tokenSetOf(clause: { term: string; prefix?: boolean; editDistance?: number }): lunr.TokenSet {
  if (clause.editDistance) return TokenSet.fromFuzzyString(clause.term, clause.editDistance);
  // Our terms never hold a `*` (the tokenizer cuts there): it is lunr's wildcard here.
  return TokenSet.fromString(clause.prefix ? `${clause.term}*` : clause.term);
}

export interface IndexParts {
  invertedIndex: Record<string, Record<string, unknown>>;
  fieldVectors: Record<string, lunr.Vector>;
  tokenSet: lunr.TokenSet;
  fields: string[];
  pipeline: lunr.Pipeline;
}

export function newIndex(parts: IndexParts): lunr.Index {
  return new lunr.Index(parts as unknown as lunr.Index.Attributes);
}

/** Gives an index a new term set (more terms became known: store.ts, loadCode). */
export function replaceTokenSet(index: lunr.Index, tokenSet: lunr.TokenSet): void {
  (index as unknown as { tokenSet: lunr.TokenSet }).tokenSet = tokenSet;
}

/** What lunr records per matched term: field name → metadata. */
export function matchedFields(result: lunr.Index.Result): Record<string, Record<string, unknown>> {
  return result.matchData.metadata as Record<string, Record<string, unknown>>;
}

/**
 * What each term adds to a section's score in a query of unit boost, all fields together (the
 * section's field vectors hold each term's BM25 score times its field's boost): a function of the
 * term, the section's vectors looked up once.
 */
export function termScores(index: lunr.Index, ref: string): (term: string) => number {
  const parts = index as unknown as IndexParts;
  const vectors: { elements: number[]; positionForIndex(i: number): number }[] = [];
  for (const field of parts.fields) {
    const vector = parts.fieldVectors[`${field}/${ref}`] as unknown as (typeof vectors)[number] | undefined;
    if (vector) vectors.push(vector);
  }
  return (term) => {
    const at = (parts.invertedIndex[term] as { _index?: number } | undefined)?._index;
    if (at === undefined) return 0;
    let sum = 0;
    for (const vector of vectors) {
      const pos = vector.positionForIndex(at);
      if (vector.elements[pos] === at) sum += vector.elements[pos + 1];
    }
    return sum;
  };
}
