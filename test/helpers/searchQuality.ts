import { searchRows } from '../../src/shared/search/rank.js';
import type { Engine } from '../../src/shared/search/engine.js';
import type { RankingQuery } from '../integration/builder/passes/search/search-queries.js';

// How well a query set is answered: each query's rank (1-based place of its page among the result
// pages; 0 when not found), and top-1, top-3, mean reciprocal rank and the share found over a set.
// Used by the corpus ranking test and by bench/search.ts, on the same engine the browser runs.

export interface Quality {
  count: number;
  top1: number;
  top3: number;
  found: number;
  mrr: number;
}

/** The result pages of a query, best first, as the search page lists them (100 rows). */
export async function resultPages(engine: Engine, query: string): Promise<string[]> {
  return [...new Set((await searchRows(engine, query, { limit: 100 })).map((r) => r.u))];
}

export async function rankOf(engine: Engine, q: RankingQuery): Promise<number> {
  return (await resultPages(engine, q.query)).indexOf(q.first) + 1;
}

export function quality(ranks: number[]): Quality {
  const share = (pick: (r: number) => boolean) => ranks.filter(pick).length / (ranks.length || 1);
  return {
    count: ranks.length,
    top1: share((r) => r === 1),
    top3: share((r) => r >= 1 && r <= 3),
    found: share((r) => r >= 1),
    mrr: ranks.reduce((sum, r) => sum + (r ? 1 / r : 0), 0) / (ranks.length || 1),
  };
}
