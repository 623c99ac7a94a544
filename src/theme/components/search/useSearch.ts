import { useCallback, useEffect, useState } from 'react';
import { loadSearch, UnexpectedVersionUrl } from '../../search/load.js';
import type { ResultView } from '../../search/searcher.js';

// Runs the current query of the search bar or the search page: waits for the index (loaded once per
// locale), searches in a task of its own so the keystroke that changed the query is never held up,
// and drops a result when a newer query came in meanwhile.

export interface SearchState {
  /** Results of `query`; undefined before the first search. */
  views?: ResultView[];
  query: string;
  /** Distinct pages among the results. */
  pages: number;
  loading: boolean;
  failure?: 'version' | 'load';
}

export interface SearchParams {
  indexUrl?: string;
  query: string;
  limit?: number;
  maxPerPage?: number;
  snippetLength: number;
  /** Only results whose url starts with each of these. */
  within?: string[];
}

export function useSearch(params: SearchParams): { state: SearchState; prepare: () => void; retry: () => void } {
  const { indexUrl, query, limit, maxPerPage, snippetLength } = params;
  const within = (params.within ?? []).join('\n');
  const [state, setState] = useState<SearchState>({ query: '', pages: 0, loading: false });
  const [attempt, setAttempt] = useState(0);
  const prepare = useCallback(() => {
    if (indexUrl) loadSearch(indexUrl).catch(() => undefined);
  }, [indexUrl]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const q = query.trim();
    if (!indexUrl || !q) {
      setState({ query: '', pages: 0, loading: false });
      return;
    }
    let current = true;
    // A search the reader typed past is let go before it reads texts (closeness, rank.ts).
    const typedOn = new AbortController();
    setState((s) => ({ ...s, loading: true, failure: undefined }));
    const prefixes = within ? within.split('\n') : [];
    const filter = prefixes.length ? (url: string) => prefixes.every((p) => url.startsWith(p)) : undefined;
    const timer = setTimeout(() => {
      loadSearch(indexUrl)
        .then(async (searcher) => {
          if (!current) return;
          const rows = await searcher.search(q, { limit, maxPerPage, filter, signal: typedOn.signal });
          if (!current) return;
          const views = await searcher.present(rows, { snippetLength });
          if (current) setState({ views, query: q, pages: new Set(rows.map((r) => r.page)).size, loading: false });
        })
        .catch((e: unknown) => {
          if (current) setState({ query: q, pages: 0, loading: false, failure: e instanceof UnexpectedVersionUrl ? 'version' : 'load' });
        });
    }, 0);
    return () => {
      current = false;
      typedOn.abort();
      clearTimeout(timer);
    };
  }, [indexUrl, query, limit, maxPerPage, snippetLength, within, attempt]);

  return { state, prepare, retry };
}
