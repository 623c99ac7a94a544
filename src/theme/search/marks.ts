import { findTerms } from '../../shared/search/highlight.js';

// `_highlight` on the page a result led to: marks the terms in the article's body, scrolls to the
// first mark (the first one after the result's section when the url has a hash), and shows a button
// that removes the marks. Only the markdown body is touched: React owns the rest of the page and
// would be confused by text nodes it did not make. Terms from the url are only ever compared with
// the page's text, and marks are made with createElement/textContent: nothing is parsed as HTML.

const HIGHLIGHT_ATTRIBUTE = 'data-search-highlight';
const REMOVE_HIGHLIGHT_ID = 'search-remove-highlight';

export function applyHighlight(params: { terms: string[]; label: string; hash: string }): void {
  removeHighlight({ keepUrl: true });
  const root = document.querySelector('article [data-body]') ?? document.querySelector('[data-body]');
  if (!root || !params.terms.length) return;
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest('script,style,mark,button,svg,textarea') || !node.nodeValue?.trim() ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  const marks: HTMLElement[] = [];
  for (const node of nodes) {
    const text = node.nodeValue ?? '';
    const ranges = findTerms(text, params.terms);
    if (!ranges.length) continue;
    const fragment = document.createDocumentFragment();
    let at = 0;
    for (const [start, end] of ranges) {
      if (start > at) fragment.append(text.slice(at, start));
      const mark = document.createElement('mark');
      mark.setAttribute(HIGHLIGHT_ATTRIBUTE, '');
      mark.textContent = text.slice(start, end);
      fragment.append(mark);
      marks.push(mark);
      at = end;
    }
    if (at < text.length) fragment.append(text.slice(at));
    node.replaceWith(fragment);
  }
  if (!marks.length) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.id = REMOVE_HIGHLIGHT_ID;
  button.className = 'search-remove-highlight';
  button.textContent = `${params.label} ✕`;
  button.addEventListener('click', () => removeHighlight({ keepUrl: false }));
  document.body.append(button);
  const section = params.hash ? document.getElementById(params.hash) : null;
  const first = (section && marks.find((m) => section.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING)) || marks[0];
  first.scrollIntoView({ block: 'center' });
}

/** Takes the marks out (their text joins its neighbours again) and, unless told, `_highlight` from the url. */
export function removeHighlight(options: { keepUrl: boolean }): void {
  for (const mark of document.querySelectorAll(`mark[${HIGHLIGHT_ATTRIBUTE}]`)) {
    const parent = mark.parentNode;
    mark.replaceWith(...mark.childNodes);
    parent?.normalize();
  }
  document.getElementById(REMOVE_HIGHLIGHT_ID)?.remove();
  if (options.keepUrl) return;
  const url = new URL(location.href);
  if (!url.searchParams.has('_highlight')) return;
  url.searchParams.delete('_highlight');
  history.replaceState(history.state, '', url.href);
}
