import lunr from 'lunr';
import { tableEntry, type SearchIndexFile, type FieldKey, type TextShard } from './format.js';
import { openIndex, type IndexStore } from './store.js';
import { matchedFields, termScores } from './lunrTypes.js';
import { asksForCode, isCorrection, isQuestion, queryPlanner, TIERS, PARTIAL_TIER, type Plan } from './query.js';
import { closeness, bareText } from './proximity.js';
import { findTerms } from './highlight.js';
import { splitWords, compoundTerms } from './tokenize.js';
import { normalizeLatin } from './normalize.js';

// Runs a query against one locale's index: each plan (see query.ts) becomes one lunr query of
// optional, weighted terms, once the postings of those terms are loaded; a section is kept when
// every group of the plan matched (in the partial tier: when its page holds enough of them, ranked
// by how many it holds); a section found by several plans keeps its best (lowest tier, then highest
// score). scoreCloseness
// then scores up the sections shown first that hold the query's words together (proximity.ts).

export interface Engine extends IndexStore {
  /** First doc ref of each page (a page's docs are consecutive). */
  firstDoc: number[];
  /** A section's text (prose, then `\n` and its code lines), fetched once per text file. */
  text(doc: number): Promise<string | undefined>;
}

export interface DocHit {
  doc: number;
  score: number;
  tier: number;
  /** Index terms that matched in this section (for marks and `_highlight`). */
  terms: string[];
  fields: Set<FieldKey>;
  /** Found by a plan that joined adjacent words (`opcua` for `OPC UA`): it holds them as a phrase. */
  joined?: boolean;
}

/** Loads a search file by its url relative to the main index (postings shards and text files). */
export type LoadFile = (relativeUrl: string) => Promise<unknown>;

export function createEngine(file: SearchIndexFile, load: LoadFile): Engine {
  const firstDoc: number[] = [];
  file.docs.forEach(([page], doc) => {
    if (firstDoc[page] === undefined) firstDoc[page] = doc;
  });
  const texts = new Map<number, Promise<TextShard>>();
  const text = async (doc: number) => {
    const n = tableEntry(file.texts, doc);
    let shard = texts.get(n);
    if (!shard) {
      texts.set(n, (shard = load(file.texts[n][1]) as Promise<TextShard>));
      shard.catch(() => texts.delete(n));
    }
    return (await shard).s[doc - file.texts[n][0]];
  };
  // Not a spread: that would copy the values of the store's getters (tokenSet, codePending) of now.
  return Object.assign(openIndex(file, load), { firstDoc, text });
}

export async function searchDocs(engine: Engine, query: string, options: { enough: number }): Promise<DocHit[]> {
  if (engine.codePending && asksForCode(query, engine)) await engine.loadCode();
  const planner = queryPlanner(query, engine);
  typedGroups.set(engine, { query, groups: planner(0)[0]?.groups ?? [] });
  const best = new Map<number, DocHit>();
  const queried = new Map<string, lunr.Index.Result[]>();
  const pagesFound = () => new Set([...best.keys()].map((d) => engine.file.docs[d][0])).size;
  for (const tier of TIERS) {
    if (tier > 0 && pagesFound() >= options.enough) break;
    const plans = planner(tier);
    if (!plans.length) continue;
    await engine.ensure(plans.flatMap((p) => p.groups.flatMap((g) => [...g.keys()])));
    // Each plan gets its own lunr query, so a guessed variant's extra terms never raise the score
    // of a section that matches the words as typed.
    for (const plan of plans) runPlan(engine, plan, best, queried);
  }
  const typed = bareText(query);
  for (const hit of best.values()) {
    const page = engine.file.docs[hit.doc][0];
    const title = engine.file.pages[page].t;
    if (hit.doc !== engine.firstDoc[page] || !hit.fields.has('t') || !coversAll(engine, title, hit.terms)) continue;
    hit.score *= EXACT_TITLE_BONUS * (bareText(title) === typed ? SAME_TEXT_BONUS : 1);
  }
  if (isQuestion(query)) askedBy(engine, [...best.values()], planner(0)[0]?.groups ?? []);
  return [...best.values()].sort(byRank);
}

/** A page whose whole title is what the reader typed (遥测服务) comes before pages that merely contain it. */
const EXACT_TITLE_BONUS = 2;
/** ...and the title typed letter for letter wins over one with the same words in another order (设备接入, 接入设备). */
const SAME_TEXT_BONUS = 1.5;

/** A question's answer is the section whose heading asks it: a FAQ entry outranks pages using the words. */
const QUESTION_HEADING_TIER = 0.5;

/** Puts first, within their tier, the sections whose heading is a question holding every word of the query. */
function askedBy(engine: Engine, hits: DocHit[], groups: Plan['groups']): void {
  if (!groups.length) return;
  for (const hit of hits) {
    const heading = engine.file.docs[hit.doc][1];
    if (!/[?？]\s*$/.test(heading)) continue;
    if (groups.every((g) => findTerms(heading, g.keys()).length)) hit.tier -= QUESTION_HEADING_TIER;
  }
}

function coversAll(engine: Engine, title: string, terms: string[]): boolean {
  const ranges = findTerms(title, terms);
  if (!ranges.length) return false;
  const covered = (i: number) => ranges.some(([s, e]) => i >= s && i < e);
  // What the index never holds (stop words, 的) need not be typed.
  for (const word of splitWords(title)) {
    for (let i = word.start; i < word.end; i++) {
      if (covered(i)) continue;
      if (word.han ? engine.has(title[i]) : isIndexed(word.text)) return false;
    }
  }
  return true;
}

function isIndexed(word: string): boolean {
  const { whole, parts } = compoundTerms(word);
  return [whole, ...parts].some((t) => t && normalizeLatin(t));
}

/** The groups of the words as typed of each engine's last query: planning again costs prefix expansions. */
const typedGroups = new WeakMap<Engine, { query: string; groups: Plan['groups'] }>();

/**
 * Multiplies the scores of the sections shown first by how closely they hold the query's words
 * (proximity.ts) and returns the hits sorted again (within a tier, as always). `shown` are those
 * sections, read in what the index holds of them (page title, heading); `texts` are those of them
 * whose text is read too: the content rows, whose snippets fetch it anyway (rank.ts, searchRows).
 */
export async function scoreCloseness(engine: Engine, params: { query: string; hits: DocHit[]; shown: number[]; texts: number[] }): Promise<DocHit[]> {
  const { query, hits } = params;
  const last = typedGroups.get(engine);
  const groups = last?.query === query ? last.groups : (queryPlanner(query, engine)(0)[0]?.groups ?? []);
  const shown = new Set(params.shown);
  const texts = new Set(params.texts);
  if (groups.length < 2 || !shown.size) return hits;
  const terms = groups.map((g) => [...g.keys()]);
  const typed = bareText(query);
  const scored = await Promise.all(
    hits.map(async (hit) => {
      if (!shown.has(hit.doc)) return hit;
      if (hit.joined) return { ...hit, score: hit.score * closeness('', terms, { phrase: true }) };
      const [page, heading] = engine.file.docs[hit.doc];
      // Title and heading on lines of their own: a phrase never runs from one into the other.
      let factor = closeness(`${engine.file.pages[page].t}\n${heading}`, terms, { typed });
      const text = texts.has(hit.doc) ? await engine.text(hit.doc).catch(() => undefined) : undefined;
      if (text) factor = Math.max(factor, closeness(text, terms, { typed }));
      return { ...hit, score: hit.score * factor };
    }),
  );
  return scored.sort(byRank);
}

const byRank = (a: DocHit, b: DocHit) => a.tier - b.tier || b.score - a.score || a.doc - b.doc;

/**
 * lunr's score of a section with each word counted once, by its best term: lunr adds up every term
 * of the query, so a word typed as a prefix of many terms (`mqtt`: `mqtttopic`, `mqttserveraddress`,
 * `mqttsetting`... in a table of fields) would score a section by how many of them it repeats, and
 * outrank the page whose title is about the word. The same as lunr's when each word is one term.
 */
function groupScore(engine: Engine, plan: Plan, weights: Map<string, number>, result: lunr.Index.Result, matched: string[]): number {
  if (plan.groups.every((g) => g.size === 1)) return result.score;
  let magnitude = 0;
  for (const w of weights.values()) magnitude += w * w;
  const termScore = termScores(engine.index, result.ref);
  let sum = 0;
  for (const group of plan.groups) {
    let best = 0;
    for (const t of matched) if (group.has(t)) best = Math.max(best, weights.get(t)! * termScore(t));
    sum += best;
  }
  return sum / Math.sqrt(magnitude);
}

/** Within a tier, a misspelt word corrected only in a section's text ranks after one corrected in a title or heading. */
const BODY_CORRECTION_TIER = 0.5;

/**
 * Runs one plan as a lunr query over its terms; each section keeps the best plan it satisfies.
 * `queried` holds the results of the search's earlier lunr queries: plans of the same terms (the
 * words as typed in tier 0, a question's subject, the partial tier) read them, not lunr again.
 */
function runPlan(engine: Engine, plan: Plan, best: Map<number, DocHit>, queried: Map<string, lunr.Index.Result[]>): void {
  const weights = new Map<string, number>();
  for (const group of plan.groups) for (const [term, w] of group) weights.set(term, Math.max(w, weights.get(term) ?? 0));
  const key = [...weights].map(([term, w]) => `${term}\u0000${w}`).join('\u0001');
  let results = queried.get(key);
  if (!results) {
    results = engine.index.query((q) => {
      for (const [term, boost] of weights) q.term(term, { usePipeline: false, boost, presence: lunr.Query.presence.OPTIONAL });
    });
    queried.set(key, results);
  }
  const groupsOf = (matched: string[]) => plan.groups.map((g, i) => (matched.some((t) => g.has(t)) ? i : -1)).filter((i) => i >= 0);
  // In the partial tier (and for a question's subject) a page counts the words its sections hold between them.
  const pageGroups = new Map<number, Set<number>>();
  const partial = plan.tier === PARTIAL_TIER;
  const corrections = partial ? [] : plan.groups.filter(isCorrection);
  // ...and only pages no earlier tier found: those keep the sections that hold every word.
  const found = new Set(partial ? [...best.keys()].map((d) => engine.file.docs[d][0]) : []);
  if (partial || plan.subject) {
    for (const result of results) {
      const page = engine.file.docs[Number(result.ref)][0];
      let set = pageGroups.get(page);
      if (!set) pageGroups.set(page, (set = new Set()));
      for (const g of groupsOf(Object.keys(matchedFields(result)))) set.add(g);
    }
  }
  for (const result of results) {
    const metadata = matchedFields(result);
    const matched = Object.keys(metadata);
    const doc = Number(result.ref);
    const held = groupsOf(matched).length;
    let weight = plan.weight;
    let tier = plan.tier;
    if (partial) {
      const onPage = pageGroups.get(engine.file.docs[doc][0])!.size;
      if (onPage < plan.min || found.has(engine.file.docs[doc][0])) continue;
      // A page holding more of the words comes first, whatever the fields that hold them (a title
      // holding one word of two does not outrank a page holding both in its text); among pages that
      // hold as many, the section's share of the words counts.
      tier += (plan.groups.length - onPage) / plan.groups.length;
      weight *= held / plan.groups.length;
    } else if (plan.subject) {
      // The words but one name the section (its page title and heading); its page holds the last.
      const named = plan.groups.filter((g) => matched.some((t) => g.has(t) && ('t' in metadata[t] || 'h' in metadata[t]))).length;
      if (named < plan.min || pageGroups.get(engine.file.docs[doc][0])!.size < plan.groups.length) continue;
    } else if (held < plan.groups.length) continue;
    else if (corrections.length && !corrections.every((g) => matched.some((t) => g.has(t) && ('t' in metadata[t] || 'h' in metadata[t])))) {
      // A misspelt word corrected in the page title or the section heading names the subject; one
      // corrected only in the text, maybe to another word (`temprature` → `temperatur`), comes after.
      tier += BODY_CORRECTION_TIER;
    }
    const score = groupScore(engine, plan, weights, result, matched) * weight;
    const previous = best.get(doc);
    if (previous && (previous.tier < tier || (previous.tier === tier && previous.score >= score))) continue;
    const fields = new Set<FieldKey>();
    for (const t of matched) for (const f of Object.keys(metadata[t])) fields.add(f as FieldKey);
    best.set(doc, { doc, score, tier, terms: matched, fields, ...(plan.joined ? { joined: true } : {}) });
  }
}
