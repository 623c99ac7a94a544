import lunr from 'lunr';
import type { SearchIndexFile, FieldKey, PostingsShard } from './format.js';
import { openIndex, type IndexStore } from './store.js';
import { matchedFields } from './lunrTypes.js';
import { queryPlanner, TIERS, DROPPED_WORD_TIER, type Plan } from './query.js';
import { findTerms } from './highlight.js';
import { splitWords, compoundTerms } from './tokenize.js';
import { normalizeLatin } from './normalize.js';

// Runs a query against one locale's index: each plan (see query.ts) becomes one lunr query of
// optional, weighted terms, once the postings of those terms are loaded; a section is kept when
// every group of the plan matched; a section found by several plans keeps its best (lowest tier,
// then highest score).

export interface Engine extends IndexStore {
  /** First doc ref of each page (a page's docs are consecutive). */
  firstDoc: number[];
}

export interface DocHit {
  doc: number;
  score: number;
  tier: number;
  /** Index terms that matched in this section (for marks and `_highlight`). */
  terms: string[];
  fields: Set<FieldKey>;
}

export function createEngine(file: SearchIndexFile, loadShard: (relativeUrl: string) => Promise<PostingsShard>): Engine {
  const firstDoc: number[] = [];
  file.docs.forEach(([page], doc) => {
    if (firstDoc[page] === undefined) firstDoc[page] = doc;
  });
  return { ...openIndex(file, loadShard), firstDoc };
}

/**
 * Every section matching the query, best first. Plans of a tier run only while fewer than `enough`
 * pages were found by the tiers before it (typos and dropped words are fallbacks).
 */
export async function searchDocs(engine: Engine, query: string, options: { enough: number }): Promise<DocHit[]> {
  const planner = queryPlanner(query, engine);
  const best = new Map<number, DocHit>();
  const pagesFound = () => new Set([...best.keys()].map((d) => engine.file.docs[d][0])).size;
  for (const tier of TIERS) {
    if (tier > 0 && pagesFound() >= options.enough) break;
    const plans = planner(tier);
    if (!plans.length) continue;
    await engine.ensure(plans.flatMap((p) => p.groups.flatMap((g) => [...g.keys()])));
    // The dropped-word plans of a long query (as many as its words) share one lunr query; the few
    // plans of the other tiers each get their own, so a guessed variant's extra terms never raise
    // the score of a section that matches the words as typed.
    if (tier === DROPPED_WORD_TIER) runPlans(engine, plans, best);
    else for (const plan of plans) runPlans(engine, [plan], best);
  }
  const typed = bare(query);
  for (const hit of best.values()) {
    const page = engine.file.docs[hit.doc][0];
    const title = engine.file.pages[page].t;
    if (hit.doc !== engine.firstDoc[page] || !hit.fields.has('t') || !coversAll(engine, title, hit.terms)) continue;
    hit.score *= EXACT_TITLE_BONUS * (bare(title) === typed ? SAME_TEXT_BONUS : 1);
  }
  return [...best.values()].sort((a, b) => a.tier - b.tier || b.score - a.score || a.doc - b.doc);
}

/** A page whose whole title is what the reader typed (遥测服务) comes before pages that merely contain it. */
const EXACT_TITLE_BONUS = 2;
/** ...and the title typed letter for letter wins over one with the same words in another order (设备接入, 接入设备). */
const SAME_TEXT_BONUS = 1.5;

const bare = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

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

/** Runs plans of one tier as a single lunr query over all their terms; each section keeps the best plan it satisfies. */
function runPlans(engine: Engine, plans: Plan[], best: Map<number, DocHit>): void {
  const weights = new Map<string, number>();
  for (const plan of plans) for (const group of plan.groups) for (const [term, w] of group) weights.set(term, Math.max(w, weights.get(term) ?? 0));
  const results = engine.index.query((q) => {
    for (const [term, boost] of weights) q.term(term, { usePipeline: false, boost, presence: lunr.Query.presence.OPTIONAL });
  });
  for (const result of results) {
    const metadata = matchedFields(result);
    const matched = Object.keys(metadata);
    const weight = Math.max(0, ...plans.filter((plan) => plan.groups.every((g) => matched.some((t) => g.has(t)))).map((plan) => plan.weight));
    if (!weight) continue;
    const tier = plans[0].tier;
    const doc = Number(result.ref);
    const score = result.score * weight;
    const previous = best.get(doc);
    if (previous && (previous.tier < tier || (previous.tier === tier && previous.score >= score))) continue;
    const fields = new Set<FieldKey>();
    for (const t of matched) for (const f of Object.keys(metadata[t])) fields.add(f as FieldKey);
    best.set(doc, { doc, score, tier, terms: matched, fields });
  }
}
