import type lunr from 'lunr';
import { splitWords, compoundTerms } from './tokenize.js';
import { latinWord, normalizeLatin } from './normalize.js';
import { splitHan, splitInTwo } from './dictionary.js';
import { tokenSetOf } from './lunrTypes.js';

// Query planning: the reader's words become groups of index terms; a section matches a plan when
// every group has one of its terms. Plans come in tiers, like the reference plugin's smart queries:
//   tier 0: every word, the last also as a prefix (the reader may still be typing); variants where
//           two adjacent words are joined (`OPC UA` → `opcua`) when the index knows the join, or an
//           unknown word is cut in two known ones;
//   tier 1: spelling variants: a one-letter typo in a word the index does not know, a known word
//           cut in two known ones (`OPCUA` → `opc` + `ua`);
//   tier 2: for two words or more, most of them: a page qualifies when its sections hold at least
//           PARTIAL_SHARE of the words between them (both of two), and comes first the more of them
//           it holds (engine.ts), so a page holding most words outranks one that holds one word many
//           times, and two words found in different sections of a page still find it.
// A question's own words (`how`, `what`, `do`: lunr's stop words) and its filler (`through`, `way`)
// are dropped; what remains is stemmed like the index.

/** Index terms that satisfy one query word, with the weight of each (exact > prefix > typo). */
export type Group = Map<string, number>;

export interface Plan {
  groups: Group[];
  /** How many of the groups a page must match (all of them but in the partial tier). */
  min: number;
  tier: number;
  /** Scores of a guessed variant (words joined or cut) count a little less than the words as typed. */
  weight: number;
  /** Adjacent words typed apart were joined (`OPC UA` → `opcua`): a match is the phrase itself. */
  joined?: boolean;
  /**
   * A question's subject: a section whose page title and heading hold `min` of the words (all but
   * one), on a page whose sections hold every word, answers it as a section holding them all does.
   */
  subject?: boolean;
}

export interface Vocabulary {
  tokenSet: lunr.TokenSet;
  has(term: string): boolean;
  frequency(term: string): number;
}

export const TIERS = [0, 1, 2] as const;
export const PARTIAL_TIER = 2;
/** The share of a long query's words a page must hold in the partial tier (3 of 4, 3 of 5, 4 of 6). */
const PARTIAL_SHARE = 0.6;

/**
 * Words that carry no subject in a question beyond lunr's stop words (which already drop `how`,
 * `what`, `do`, `i`, `can`...): dropped from a query that reads as a question (it starts with a
 * question word or ends with `?`) and keeps other words.
 */
const QUESTION_FILLER = new Set(['through', 'via', 'way', 'possible', 'want', 'please', 'someone', 'something', 'anyone', 'there', 'doing', 'know', 'still', 'whether', 'put']);
const QUESTION_START = /^\s*(how|what|why|where|when|which|who|can|could|should|does|do|is|are|will|would|whats|hows)\b/i;
/** The Chinese counterparts of QUESTION_FILLER, dropped from a question. */
const HAN_QUESTION_FILLER = new Set(['知道', '想要', '办法', '通过']);
/** Chinese words that make a query a question (吗 at the end, 怎么 / 如何 / 哪些 anywhere). */
const HAN_QUESTION = /[吗嗎呢]\s*$|怎么|怎麼|怎样|怎樣|如何|哪些|哪个|什么|为什么|為什麼|是否|能否|可否|能不能|有没有|是不是/;

/** Whether the reader asks a question (a FAQ entry whose heading asks it then comes first: engine.ts). */
export function isQuestion(query: string): boolean {
  return QUESTION_START.test(query) || /[?？]\s*$/.test(query) || HAN_QUESTION.test(query);
}

/**
 * How a question words what a page words otherwise, by stem: "is X required" asks "do I need X".
 * A word also matches its equivalents, as a guessed variant.
 */
const EQUIVALENTS: Record<string, string[]> = {
  requir: ['need'],
  necessari: ['need'],
  mandatori: ['need'],
};

const EXACT = 1;
const PREFIX = 0.5;
const TYPO = 0.3;
const GUESS = 0.9;
/** A prefix of many terms is cut to its shortest completions (the closest to what was typed). */
const MAX_EXPANSIONS = 40;
/** Typos are tried only on words this long: shorter ones are one letter away from too much. */
const MIN_TYPO_LENGTH = 4;
/** Words this long may be two letters off. */
const LONG_TYPO_LENGTH = 8;
const TYPO2 = 0.2;
/** Whether a group stands for a misspelt word: only corrections, none of them the word as typed. */
export const isCorrection = (group: Group) => [...group.values()].every((w) => w <= TYPO);

interface Unit {
  /** The index term of the word, when the index has it. */
  term?: string;
  /** What the reader typed (lowercased), for prefix and typo expansion. */
  raw: string;
  han: boolean;
  /** The last word, typed without a space after it: also matched as a prefix. */
  open: boolean;
}

/**
 * The plans of a query, a tier at a time (later tiers are only needed when earlier ones found too
 * little, and typos are the costly part).
 */
export function queryPlanner(query: string, vocab: Vocabulary): (tier: number) => Plan[] {
  const units = queryUnits(query, vocab);
  const groups = new Map<Unit, Group>();
  const typoGroups = new Map<Unit, Group>();
  const plan = (list: Unit[], tier: number, typos: boolean, weight = 1): Plan[] => {
    const cache = typos ? typoGroups : groups;
    const built = list.map((u) => {
      let g = cache.get(u);
      if (!g) cache.set(u, (g = groupOf(u, vocab, typos)));
      return g;
    });
    return built.length && built.every((g) => g.size) ? [{ groups: built, min: built.length, tier, weight }] : [];
  };
  // A word cut in two known words: at once for a word the index lacks, as a spelling variant (tier
  // 1) for one it has (`deviceshifu` is meant whole; `device` + `shifu` would match nearly anything).
  const cuts = (known: boolean, tier: number) =>
    units.flatMap((unit, i) => {
      const cut = Boolean(unit.term) === known ? cutUnit(unit, vocab) : undefined;
      return cut ? plan([...units.slice(0, i), ...cut, ...units.slice(i + 1)], tier, false, GUESS) : [];
    });
  return (tier) => {
    if (tier === 0) {
      const joins = units.flatMap((unit, i) => {
        const joined = units[i + 1] && joinUnits(unit, units[i + 1], vocab);
        return joined ? plan([...units.slice(0, i), joined, ...units.slice(i + 2)], 0, false, GUESS).map((p) => ({ ...p, joined: true })) : [];
      });
      // A question of three words or more is also answered by a section whose heading names all its
      // words but one, on a page that holds that one too (遥测收集哪些数据: `我们收集的数据`).
      const subject = isQuestion(query) && units.length >= 3 ? plan(units, 0, false).map((p) => ({ ...p, min: p.groups.length - 1, subject: true })) : [];
      return [...plan(units, 0, false), ...joins, ...cuts(false, 0), ...subject];
    }
    // Typos are looked for in the words the index does not know: a word it knows was meant.
    if (tier === 1) return [...(units.some(hasTypo) ? plan(units, 1, true) : []), ...cuts(true, 1)];
    if (units.length < 2) return [];
    // A misspelt word counts by its corrections; words no section holds are left out (a word the
    // index lacks cannot count towards the share).
    const built = units.map((u) => (hasTypo(u) ? (typoGroups.get(u) ?? groupOf(u, vocab, true)) : (groups.get(u) ?? groupOf(u, vocab, false)))).filter((g) => g.size);
    const min = Math.max(2, Math.ceil(units.length * PARTIAL_SHARE));
    return built.length >= min ? [{ groups: built, min, tier: PARTIAL_TIER, weight: 1 }] : [];
  };
}

/**
 * Whether a query may need the terms only code blocks hold (store.ts, loadCode): a Latin word, or a
 * part of one, that the terms known so far lack, or a last word still being typed that no known term
 * begins. A word of prose is known, so a prose query never fetches the code vocabulary.
 */
export function asksForCode(query: string, vocab: Vocabulary): boolean {
  const words = splitWords(query);
  const typing = !/\s$/.test(query);
  return words.some((word, i) => {
    if (word.han) return false;
    const text = latinWord(word.text);
    if (!text) return false;
    const { whole, parts } = compoundTerms(text);
    const terms = [whole, ...parts].flatMap((t) => (t ? [normalizeLatin(t)] : [])).filter((t): t is string => Boolean(t));
    if (!terms.some((t) => !vocab.has(t))) return false;
    if (!(typing && i === words.length - 1)) return true;
    const raw = (whole ?? text).toLowerCase();
    return !vocab.tokenSet.intersect(tokenSetOf({ term: raw, prefix: true })).toArray().length;
  });
}

/** The query's words as units: Han runs split against the index's words, compounds in parts when needed. */
function queryUnits(query: string, vocab: Vocabulary): Unit[] {
  const all = splitWords(query);
  const question = QUESTION_START.test(query) || /\?\s*$/.test(query);
  const words = question && all.length > 2 ? all.filter((w) => !QUESTION_FILLER.has(w.text.toLowerCase())) : all;
  const typing = !/\s$/.test(query);
  const units: Unit[] = [];
  const known = (t: string | undefined) => (t && vocab.has(t) ? t : undefined);
  words.forEach((word, i) => {
    const last = typing && i === words.length - 1;
    if (word.han) {
      const cut = splitHan(word.text, (w) => vocab.frequency(w));
      const { rest } = cut;
      // A question's filler, as in English (`know`, `through`): 怎么知道 asks what is known.
      const asked = isQuestion(query) ? cut.words.filter((p) => !HAN_QUESTION_FILLER.has(p)) : cut.words;
      const pieces = asked.length || !units.length ? asked : cut.words;
      pieces.forEach((p, j) => units.push({ term: p, raw: p, han: true, open: last && !rest && j === pieces.length - 1 }));
      // The reader may be typing on (至 → 至少); a rest no term begins (吗, 可以吗) is not a word.
      if (last && rest && matching(vocab, rest, { prefix: true }).length) units.push({ raw: rest, han: true, open: true });
      return;
    }
    const text = latinWord(word.text);
    if (!text) return;
    const { whole, parts } = compoundTerms(text);
    if (!whole && !parts.length) return;
    const raw = (whole ?? text).toLowerCase();
    const wholeTerm = whole ? normalizeLatin(whole) : undefined;
    if (known(wholeTerm) || (!parts.length && wholeTerm)) {
      units.push({ term: known(wholeTerm), raw, han: false, open: last });
    } else if (parts.length) {
      parts.forEach((part, j) => {
        const term = normalizeLatin(part);
        if (term) units.push({ term: known(term), raw: part, han: false, open: last && j === parts.length - 1 });
      });
    } else if (last) {
      // A stop word still being typed (`the` may become `theme`).
      units.push({ raw, han: false, open: true });
    }
  });
  // A word the index does not know can still match by prefix, by a typo, or cut in two (cutUnit).
  return units.filter((u) => u.term || (u.open && u.raw.length > 1) || (!u.han && u.raw.length >= MIN_TYPO_LENGTH));
}

/** `OPC UA` → `opcua` when the index has it. */
function joinUnits(a: Unit, b: Unit, vocab: Vocabulary): Unit | undefined {
  if (a.han || b.han) return undefined;
  const term = normalizeLatin(a.raw + b.raw);
  return term && vocab.has(term) ? { term, raw: a.raw + b.raw, han: false, open: b.open } : undefined;
}

/** `OPCUA` → `opc` + `ua` when the index has both. */
function cutUnit(unit: Unit, vocab: Vocabulary): Unit[] | undefined {
  if (unit.han || unit.raw.length < 4 || !/^[a-z0-9]+$/.test(unit.raw)) return undefined;
  const two = splitInTwo(unit.raw, (p) => {
    const term = normalizeLatin(p);
    return term && vocab.has(term) ? { term, frequency: vocab.frequency(term) } : undefined;
  });
  return two?.map((term, i) => ({ term, raw: term, han: false, open: unit.open && i === 1 }));
}

function groupOf(unit: Unit, vocab: Vocabulary, typos: boolean): Group {
  const group: Group = new Map();
  if (unit.term) group.set(unit.term, EXACT);
  for (const t of unit.term ? (EQUIVALENTS[unit.term] ?? []) : []) if (vocab.has(t) && !group.has(t)) group.set(t, GUESS);
  const stem = unit.han ? unit.raw : (normalizeLatin(unit.raw) ?? unit.raw);
  if (unit.open && unit.raw.length > 1) {
    for (const base of new Set([unit.raw, stem])) {
      for (const t of matching(vocab, base, { prefix: true })) if (!group.has(t)) group.set(t, PREFIX);
    }
  }
  if (typos && hasTypo(unit)) {
    const before = group.size;
    for (const t of matching(vocab, stem, { editDistance: 1 })) if (!group.has(t)) group.set(t, TYPO);
    // The index holds stems, and a typo can hide a suffix from the stemmer (`hikvison` is one letter
    // from `hikvision`, whose stem `hikvis` is two letters from `hikvison`): stem each one-letter edit.
    for (const edit of edits(unit.raw)) {
      const t = normalizeLatin(edit);
      if (t && !group.has(t) && vocab.has(t)) group.set(t, TYPO);
    }
    // A long word is misspelt by two letters as often as by one (`authentification`): when no word
    // is one letter away, two letters away, a little less.
    if (group.size === before && unit.raw.length >= LONG_TYPO_LENGTH) {
      for (const t of matching(vocab, stem, { editDistance: 2 })) if (!group.has(t) && t.length >= MIN_TYPO_LENGTH) group.set(t, TYPO2);
    }
  }
  return group;
}

const hasTypo = (unit: Unit) => !unit.term && !unit.han && unit.raw.length >= MIN_TYPO_LENGTH;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every word one deletion, transposition, substitution or insertion of a letter away. */
function edits(word: string): Set<string> {
  const out = new Set<string>();
  if (!/^[a-z]{4,24}$/.test(word)) return out;
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of LETTERS) {
      if (tail) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(word);
  return out;
}

function matching(vocab: Vocabulary, term: string, clause: { prefix?: boolean; editDistance?: number }): string[] {
  const terms = vocab.tokenSet.intersect(tokenSetOf({ term, ...clause })).toArray();
  if (terms.length <= MAX_EXPANSIONS) return terms;
  return terms.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, MAX_EXPANSIONS);
}
