import lunr from 'lunr';
import { compoundTerms, splitWords } from './tokenize.js';

// Turns raw words into index terms, the same way at build time and in the browser: English keeps
// lunr's stop-word filter and Porter stemmer; Han words are kept as they are (they were cut by the
// build-time segmenter, or split against the index's own word list in the browser).

const LATIN_WORD = /^[a-z]+$/;
// Nobody types these, and they are a fifth of the terms of a technical site: numbers of five or
// more characters with their punctuation (addresses, times, versions), longer numbers, and hashes /
// generated names. A number of up to five digits alone is a port (`30080`, `1883`): readers copy it.
const NOISE = /^(?!\d{1,5}$)[\d.:/_\-]{5,}$|^(?=(?:.*\d){3})[a-z\d]{10,}$/;
// An IPv4 address with a port keeps the port (`192.168.14.163:3306` → `3306`): readers search for
// it. (A time, `03:05:07`, stays noise.)
const PORT = /^\d{1,3}(?:\.\d{1,3}){3}:(\d{1,5})$/;

/**
 * The raw words a Latin word stands for in the index and in queries alike: the word itself, nothing
 * for noise, or the port of a noisy address.
 */
export function latinWord(text: string): string | undefined {
  if (!NOISE.test(text)) return text;
  return PORT.exec(text)?.[1];
}

/** The index term of one lowercased Latin word, or undefined for a stop word or noise. */
export function normalizeLatin(raw: string): string | undefined {
  const known = memo.get(raw);
  if (known !== undefined || memo.has(raw)) return known;
  if (memo.size >= MEMO_SIZE) memo.clear();
  const term = NOISE.test(raw) ? undefined : !LATIN_WORD.test(raw) ? raw : stem(raw);
  memo.set(raw, term);
  return term;
}

function stem(raw: string): string | undefined {
  const token = new lunr.Token(raw, {});
  if (!lunr.stopWordFilter(token)) return undefined;
  return String(lunr.stemmer(token));
}

// Words repeat a lot (a site has a few thousand distinct ones in tens of thousands): the Porter
// stemmer runs once per distinct word. Bounded, since the dev server runs for hours.
const MEMO_SIZE = 50_000;
const memo = new Map<string, string | undefined>();

/** Cuts a run of Han characters into words (jieba at build time; never shipped to the browser). */
type HanSegmenter = (run: string) => string[];

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
      const pieces = (options.segmentHan ? options.segmentHan(word.text) : [word.text]).filter(Boolean);
      // The segmenter cuts the same word differently in different sentences (本机 alone, 本|机 in
      // 本机安装), while the browser cuts queries against the index's words: adjacent one-character
      // pieces are indexed joined too, before stop words go (上|手 is 上手, though 上 alone is noise).
      const joined: string[] = [];
      for (let i = 0; i + 1 < pieces.length; i++) if (pieces[i].length === 1 && pieces[i + 1].length === 1) joined.push(pieces[i] + pieces[i + 1]);
      for (const piece of [...pieces, ...joined]) if (!options.isHanStopWord?.(piece)) terms.push(piece);
      continue;
    }
    // An address or a time is noise in all its parts too (192.168.0.1 → 192, 168...), but a port.
    const text = latinWord(word.text);
    if (!text) continue;
    const { whole, parts, joins } = compoundTerms(text);
    for (const raw of [whole, ...parts, ...joins]) {
      if (!raw) continue;
      const term = normalizeLatin(raw);
      if (term) terms.push(term);
    }
  }
  return terms;
}
