// The one tokenizer of search, used by the index pass (Node) and by the browser (queries, snippets,
// `_highlight` marks), so that both cut text the same way. It has no dependency: normalising a word
// (stop words, stemming) lives in normalize.ts, which needs lunr.

/** A run of text that search treats as one word: a Han run, or a Latin/other-script compound. */
export interface Word {
  text: string;
  start: number;
  end: number;
  han: boolean;
}

/** A piece of a compound word (`deviceShifu` → `device`, `Shifu`), with its offsets in the text. */
export interface Part {
  text: string;
  start: number;
  end: number;
}

export interface CompoundTerms {
  whole?: string;
  parts: string[];
  joins: string[];
}

const HAN = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
// A compound: letter/digit runs joined by one connector (`string.startswith`, `edge-device`, `k8s.io`),
// with a trailing `++` or `#` kept (`C++`, `C#`). Han characters are never part of a compound.
const WORDS = new RegExp(`[${HAN}]+|(?:(?![${HAN}])[\\p{L}\\p{N}\\p{M}])+(?:[._\\-'’/:@](?:(?![${HAN}])[\\p{L}\\p{N}\\p{M}])+)*[+#]*`, 'gu');
const HAN_ONLY = new RegExp(`^[${HAN}]+$`);
const CONNECTOR = /[._\-'’/:@+#]/;
const CONNECTORS = /[._\-'’/:@+#]+/;
const PLAIN = /^[A-Za-z]?[a-z0-9]*$/;
const NON_HYPHEN_CONNECTORS = /[._'’/:@+#]+/;
const HYPHENATED = /^\p{L}+(?:-\p{L}+)+$/u;
const MAX_HYPHEN_JOINED = 12;

/** Longest compound indexed as a whole too; longer ones (urls, paths) only by their parts. */
const MAX_WHOLE_LENGTH = 32;
/** Segments of more case parts are generated names: their runs of parts are not worth indexing. */
const MAX_JOINED_PARTS = 4;

export function isHan(text: string): boolean {
  return HAN_ONLY.test(text);
}

/** Cuts text into words with their offsets. */
export function splitWords(text: string): Word[] {
  const words: Word[] = [];
  WORDS.lastIndex = 0;
  for (let m = WORDS.exec(text); m; m = WORDS.exec(text)) {
    words.push({ text: m[0], start: m.index, end: m.index + m[0].length, han: isHan(m[0]) });
  }
  return words;
}

/**
 * The parts of a compound: split at connectors, then at case changes (`pushtoMySQL` → `pushto`,
 * `My`, `SQL`; `HTTPServer` → `HTTP`, `Server`). Digits never split (`k8s`, `v1`).
 */
export function splitParts(word: string, offset = 0): Part[] {
  const parts: Part[] = [];
  let start = -1;
  const push = (end: number) => {
    if (start >= 0 && end > start) parts.push({ text: word.slice(start, end), start: offset + start, end: offset + end });
  };
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    if (CONNECTOR.test(c)) {
      push(i);
      start = -1;
      continue;
    }
    if (start < 0) {
      start = i;
      continue;
    }
    const prev = word[i - 1];
    const next = word[i + 1] ?? '';
    const lowerToUpper = isLower(prev) && isUpper(c);
    const acronymEnd = isUpper(prev) && isUpper(c) && isLower(next);
    if (lowerToUpper || acronymEnd) {
      push(i);
      start = i;
    }
  }
  push(word.length);
  return parts;
}

const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();
const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();

/**
 * The raw (lowercased, not yet normalised) terms a Latin compound is indexed under: the whole, its
 * parts, and within each connector-free segment the runs of adjacent case parts
 * (`deviceShifu-plc` → `deviceshifu-plc`, `device`, `shifu`, `plc`, `deviceshifu`;
 * `pushtoMySQL` → `pushtomysql`, `pushto`, `my`, `sql`, `pushtomy`, `mysql`), and a hyphenated run
 * of letters joined (`plug-ins` → `plugins`). One-letter parts are noise.
 */
export function compoundTerms(word: string): CompoundTerms {
  // Most words are plain (`shifu`, `Install`): no parts to look for.
  if (PLAIN.test(word)) return { whole: word.length > 1 ? word.toLowerCase() : undefined, parts: [], joins: [] };
  let terms = memo.get(word);
  if (!terms) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(word, (terms = cutCompound(word)));
  }
  return terms;
}

// Identifiers repeat (`deviceShifu` hundreds of times on a site): each is cut once. Bounded, since
// the dev server runs for hours; callers never change the arrays.
const MEMO_SIZE = 20_000;
const memo = new Map<string, CompoundTerms>();

function cutCompound(word: string): CompoundTerms {
  const keep = (p: string) => p.length > 1;
  const parts: string[] = [];
  const joins: string[] = [];
  for (const segment of word.split(CONNECTORS)) {
    const caseParts = splitParts(segment).map((p) => p.text.toLowerCase());
    parts.push(...caseParts.filter(keep));
    if (caseParts.length < 2 || caseParts.length > MAX_JOINED_PARTS) continue;
    for (let len = 2; len <= caseParts.length; len++) {
      for (let i = 0; i + len <= caseParts.length; i++) joins.push(caseParts.slice(i, i + len).join(''));
    }
  }
  // A hyphenated run of letters is indexed joined too (`Plug-ins` → `plugins`, `e-mail` → `email`):
  // readers write it either way. Only hyphens join (`k8s.io` or a path joined is no word), only
  // letters (`x86-64` joined is not one either), and only into a word of at most 12 letters: a longer
  // one is a name (`deviceshifu-opcua`), typed with its hyphen or in parts, and joining it only
  // lengthens the fields of the pages that use it, which lowers their scores (on the corpus, the
  // OPC UA guide fell behind a tutorial that mentions it).
  for (const chunk of word.split(NON_HYPHEN_CONNECTORS)) {
    const joined = chunk.replace(/-/g, '');
    if (chunk.length > joined.length && joined.length <= MAX_HYPHEN_JOINED && HYPHENATED.test(chunk)) joins.push(joined.toLowerCase());
  }
  const whole = word.toLowerCase().replace(/’/g, "'");
  if (parts.length <= 1 && joins.length === 0) return { whole: keep(whole) && whole.length <= MAX_WHOLE_LENGTH ? whole : parts[0], parts: parts.filter((p) => p !== whole), joins: [] };
  return { whole: whole.length <= MAX_WHOLE_LENGTH ? whole : undefined, parts, joins: joins.filter((j) => j !== whole) };
}
