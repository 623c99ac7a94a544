import { LOCATION_CHANGE } from '../components/Link.js';

// The always-loaded trigger of `_highlight`: after every navigation, if the url asks for marks (or
// the last location left marks to remove), the marking code (a chunk of its own, with the tokenizer)
// is loaded. The marks' own names are in that chunk, so this file is no chunk of its own.

/** Whether the last check left marks on the page: a location without terms then has them removed. */
let marked = false;

function highlightTerms(search: string): string[] {
  return new URLSearchParams(search).getAll('_highlight').filter((t) => t.trim());
}

/** Watches the location; returns the function that stops watching. */
export function watchHighlight(label: string): () => void {
  const check = () => {
    const terms = highlightTerms(location.search);
    if (!terms.length && !marked) return;
    marked = terms.length > 0;
    const hash = decodeHash(location.hash);
    import('./marks.js')
      .then((m) => (terms.length ? m.applyHighlight({ terms, label, hash }) : m.removeHighlight({ keepUrl: true })))
      .catch((e: unknown) => console.error('Highlighting the search terms failed:', e));
  };
  check();
  window.addEventListener(LOCATION_CHANGE, check);
  return () => window.removeEventListener(LOCATION_CHANGE, check);
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
