import { splitWords, splitParts, compoundTerms, isHan, type Part, type Word } from './tokenize.js';
import { normalizeLatin } from './normalize.js';

// Finds the matched terms in a text by cutting it again with the shared tokenizer (the index stores
// no positions: they would make it a sixth larger). Used for result snippets and for `_highlight`
// marks on the target page.

export type Range = [start: number, end: number];

export function findTerms(text: string, terms: Iterable<string>): Range[] {
  const latin = new Set<string>();
  const han: string[] = [];
  for (const t of terms) {
    if (isHan(t)) han.push(t);
    else latin.add(t);
  }
  han.sort((a, b) => b.length - a.length);
  const ranges: Range[] = [];
  for (const word of wordsOf(text)) {
    if (word.han) {
      for (let i = 0; i < word.text.length;) {
        const hit = han.find((t) => word.text.startsWith(t, i));
        if (hit) {
          ranges.push([word.start + i, word.start + i + hit.length]);
          i += hit.length;
        } else i++;
      }
      continue;
    }
    if (!latin.size) continue;
    if (word.whole === NOT_YET) {
      const { whole } = compoundTerms(word.text);
      word.whole = whole && normalizeLatin(whole);
    }
    if (word.whole && latin.has(word.whole)) {
      ranges.push([word.start, word.end]);
      continue;
    }
    // Parts, or runs of adjacent parts (`deviceShifu` inside `DeviceShifuTelemetries`), longest first.
    const parts = (word.parts ??= splitParts(word.text, word.start));
    const runs = (word.runs ??= new Map());
    for (let i = 0; i < parts.length;) {
      let j = parts.length;
      for (; j > i; j--) {
        const key = i * 1024 + j;
        let term = runs.get(key);
        if (term === undefined && !runs.has(key)) {
          term = normalizeLatin(
            text
              .slice(parts[i].start, parts[j - 1].end)
              .toLowerCase()
              .replace(/[^\p{L}\p{N}]/gu, ''),
          );
          runs.set(key, term);
        }
        if (term && latin.has(term)) break;
      }
      if (j > i) {
        ranges.push([parts[i].start, parts[j - 1].end]);
        i = j;
      } else i++;
    }
  }
  return mergeRanges(ranges);
}

/** A word of a text with what findTerms worked out of it, kept for the next search of the same text. */
interface TextWord extends Word {
  /** The index term of the whole word (NOT_YET until a search needed it). */
  whole?: string | typeof NOT_YET;
  parts?: Part[];
  /** Index terms of runs of parts, by `first * 1024 + end`. */
  runs?: Map<number, string | undefined>;
}

const NOT_YET = Symbol('not yet');

// The same texts are searched again and again: for each word of a query (closeness), for the
// snippet, and at every letter the reader types. A text is cut into words, and its words into terms,
// once. Bounded: a search reads the texts of the rows it shows.
const MAX_TEXTS = 256;
const analysed = new Map<string, TextWord[]>();

function wordsOf(text: string): TextWord[] {
  let words = analysed.get(text);
  if (!words) {
    if (analysed.size >= MAX_TEXTS) analysed.clear();
    words = splitWords(text).map((w): TextWord => ({ ...w, whole: NOT_YET }));
    analysed.set(text, words);
  }
  return words;
}

function mergeRanges(ranges: Range[]): Range[] {
  const out: Range[] = [];
  for (const r of ranges.sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** Text with the ranges to mark in it; rendered by the theme as text nodes and <mark>s (never as HTML). */
export interface MarkedText {
  text: string;
  ranges: Range[];
}

export function marked(text: string, terms: Iterable<string>): MarkedText {
  return { text, ranges: findTerms(text, terms) };
}

// A Han character is a word of its own for the window; other words run to the next space.
const WINDOW_WORDS = /[\u3400-\u9fff\uf900-\ufaff]|[^\s\u3400-\u9fff\uf900-\ufaff]+/g;

/**
 * A section's snippet: its text is its prose, then, after a `\n`, its code lines (format.ts,
 * TextShard). The prose around its first match when the prose matched; else the first code line that
 * matched (`code`: the UI shows it as code); else the start of the prose.
 */
export function sectionSnippet(text: string, terms: Iterable<string>, max: number): MarkedText & { code?: true } {
  const list = [...terms];
  const cut = text.indexOf('\n');
  if (cut < 0) return snippet(text, list, max);
  const prose = text.slice(0, cut);
  if (findTerms(prose, list).length || !list.length) return snippet(prose, list, max);
  for (const line of text.slice(cut + 1).split('\n')) {
    if (findTerms(line, list).length) return { ...snippet(line, list, max), code: true };
  }
  return snippet(prose, list, max);
}

// A word or a run of up to three words said again right after itself: the cells of a table row
// read as text (`MQTTSetting MQTTSetting`: a field and its type), said once in a snippet.
const REPEAT = /(^|\s)(\S+(?:\s+\S+){0,2})(?:\s+\2)+(?=\s|$)/gu;

/** The text with each word or short run of words that repeats itself at once said once. */
export function withoutRepeats(text: string): string {
  return text.replace(REPEAT, '$1$2');
}

/**
 * At most `max` characters (ellipses included) around the first match, grown a word at a time on
 * each side in turn, with the matches inside it.
 */
export function snippet(full: string, terms: Iterable<string>, max: number): MarkedText {
  const text = withoutRepeats(full);
  const ranges = findTerms(text, terms);
  if (text.length <= max) return { text, ranges };
  const budget = max - 2;
  const words = [...text.matchAll(WINDOW_WORDS)].map((m): Range => [m.index!, m.index! + m[0].length]);
  const at = ranges[0]?.[0] ?? 0;
  let first = Math.max(
    0,
    words.findIndex(([, e]) => e > at),
  );
  let last = first;
  let start = words[first]?.[0] ?? 0;
  let end = Math.min(words[last]?.[1] ?? 0, start + budget);
  for (let grew = true; grew;) {
    grew = false;
    if (last + 1 < words.length && words[last + 1][1] - start <= budget) {
      end = words[++last][1];
      grew = true;
    }
    if (first > 0 && end - words[first - 1][0] <= budget) {
      start = words[--first][0];
      grew = true;
    }
  }
  const lead = start > 0 ? '…' : '';
  const shift = lead.length - start;
  const inside = ranges.filter(([s, e]) => s < end && e > start).map(([s, e]): Range => [Math.max(s, start) + shift, Math.min(e, end) + shift]);
  return { text: lead + text.slice(start, end) + (end < text.length ? '…' : ''), ranges: inside };
}
