import lunr from 'lunr';
import { compoundTerms, splitWords } from './tokenize.js';

// Turns raw words into index terms, the same way at build time and in the browser: English keeps
// lunr's stop-word filter and Porter stemmer; Han words are kept as they are (they were cut by the
// build-time segmenter, or split against the index's own word list in the browser).

const LATIN_WORD = /^[a-z]+$/;

/** The index term of one lowercased Latin word, or undefined for a stop word. */
export function normalizeLatin(raw: string): string | undefined {
  if (!LATIN_WORD.test(raw)) return raw;
  const token = new lunr.Token(raw, {});
  if (!lunr.stopWordFilter(token)) return undefined;
  return String(lunr.stemmer(token));
}

/** Cuts a run of Han characters into words (jieba at build time; never shipped to the browser). */
export type HanSegmenter = (run: string) => string[];

export interface IndexTermsOptions {
  segmentHan?: HanSegmenter;
  /** Han words left out of the index (the build's Chinese stop words). */
  isHanStopWord?: (word: string) => boolean;
}

/**
 * Every term a text is indexed under, in order, repeated as often as it occurs (lunr counts term
 * frequencies). A compound gives its whole and its parts, so `deviceShifu` is found whole and in parts.
 */
export function indexTerms(text: string, options: IndexTermsOptions): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    if (word.han) {
      const pieces = options.segmentHan ? options.segmentHan(word.text) : [word.text];
      for (const piece of pieces) if (piece && !options.isHanStopWord?.(piece)) terms.push(piece);
      continue;
    }
    const { whole, parts, joins } = compoundTerms(word.text);
    for (const raw of [whole, ...parts, ...joins]) {
      if (!raw) continue;
      const term = normalizeLatin(raw);
      if (term) terms.push(term);
    }
  }
  return terms;
}
