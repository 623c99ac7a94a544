import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useSite, useT } from '../../context.js';
import { isLoaded } from '../../search/load.js';
import { watchHighlight } from '../../search/highlightParams.js';
import { SearchResultList } from './SearchResults.js';
import { searchPageUrl } from './searchUrl.js';
import { barTarget, preferredTarget, type SearchTarget } from './searchContext.js';
import { useSearch } from './useSearch.js';

// The navbar search box. The index and the search code load on the first hover or focus, once per
// search context (the locale, or the docs version being read: searchContext.ts); Ctrl+K / ⌘K
// focuses the box; results update as the reader types, without blocking typing (a query runs in a
// task of its own, dropped if a newer keystroke came first).

/** Rows of one page shown in the dropdown: the rest is on the search page. */
const MAX_ROWS_PER_PAGE = 3;
/**
 * Ids for aria: fixed, since the navbar has one search bar (the mobile menu has none), and useId
 * would differ between the server's tree and the client's (the router wraps the app).
 */
const ID = 'navbar-search';

export function SearchBar() {
  const { chrome, page } = useSite();
  const t = useT();
  const search = chrome.search;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const [mac, setMac] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // The preferred docs version is in local storage: read after hydration, and again on each route.
  const [preferred, setPreferred] = useState<SearchTarget>();
  useEffect(() => setPreferred(preferredTarget(chrome)), [chrome, page.route]);
  const target = barTarget(chrome, page.route, preferred);
  const { state, prepare, retry } = useSearch({ indexUrl: target.indexUrl, query, limit: search?.limit ?? 8, maxPerPage: MAX_ROWS_PER_PAGE, snippetLength: search?.contextLength ?? 50 });

  useEffect(() => setMac(/Mac|iPhone|iPad/.test(navigator.platform)), []);
  const removeLabel = t('theme.SearchBar.removeHighlight');
  useEffect(() => watchHighlight(removeLabel), [removeLabel]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
    };
  }, []);
  useEffect(() => setOpen(false), [page.route]);
  useEffect(() => setActive(-1), [state.views]);

  if (!search) return null;
  const views = state.views ?? [];
  // "See all results", or on a page of a version with its own index (one of several search contexts)
  // the search page within that version and the one outside it (the site's default index).
  const pageUrl = (version?: string) => searchPageUrl(chrome.baseUrl, query.trim(), { version, trailingSlash: chrome.trailingSlash });
  const seeAll =
    target.version && target.label
      ? [
          { href: pageUrl(target.version), text: t('theme.SearchBar.searchInContext', { context: target.label }) },
          { href: pageUrl(), text: t('theme.SearchBar.seeAllOutsideContext', { context: target.label }) },
        ]
      : [{ href: pageUrl(target.version), text: t('theme.SearchBar.seeAll') }];
  const options = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>('[data-option]') ?? [])];
  const choose = () => {
    setOpen(false);
    input.current?.blur();
  };
  const onKeyDown = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    const count = options().length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!count) return;
      const next = e.key === 'ArrowDown' ? (active + 1) % count : (active - 1 + count) % count;
      setActive(next);
      options()[next]?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter' && query.trim()) {
      e.preventDefault();
      // A click, so the client router takes the link like any other.
      (options()[active] ?? list.current?.querySelector<HTMLAnchorElement>('.search-see-all'))?.click();
    } else if (e.key === 'Escape') {
      if (open) setOpen(false);
      else input.current?.blur();
    }
  };
  const showDropdown = open && Boolean(query.trim());
  const loading = state.loading && !(target.indexUrl && isLoaded(target.indexUrl));
  // The list shows the results of an earlier query until this one's come (typing goes on meanwhile):
  // busy until the results shown are the query's own. Right after the query changes, the earlier
  // results may still be there before the search has even started (React renders the keystroke
  // first), so `loading` alone does not tell.
  const busy = Boolean(target.indexUrl) && (state.loading || state.query !== query.trim());
  return (
    <div ref={root} className={`navbar-search${focused ? ' focused' : ''}`} onMouseEnter={prepare}>
      <div className="search-box">
        {loading ? <span className="search-spinner" role="status" aria-label={t('theme.SearchBar.label')} /> : <SearchIcon />}
        <input
          ref={input}
          type="search"
          className="search-input"
          role="combobox"
          aria-expanded={showDropdown}
          aria-controls={`${ID}-list`}
          aria-autocomplete="list"
          aria-activedescendant={showDropdown && active >= 0 ? `${ID}-${active}` : undefined}
          aria-label={t('theme.SearchBar.label')}
          placeholder={t('theme.SearchBar.label')}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onFocus={() => {
            setFocused(true);
            setOpen(true);
            prepare();
          }}
          onBlur={() => setFocused(false)}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        {query ? (
          <button
            type="button"
            className="search-clear"
            aria-label={t('theme.common.close')}
            onClick={() => {
              setQuery('');
              input.current?.focus();
            }}
          >
            ✕
          </button>
        ) : (
          search.hint &&
          !focused && (
            <span className="search-hint" aria-hidden="true">
              <kbd>{mac ? '⌘' : 'Ctrl'}</kbd>
              <kbd>K</kbd>
            </span>
          )
        )}
      </div>
      {showDropdown && (
        <div ref={list} className="search-dropdown">
          {state.failure === 'version' ? (
            <p className="search-message">{t('theme.SearchBar.unexpectedVersionUrl')}</p>
          ) : state.failure === 'load' ? (
            <button type="button" className="search-message search-retry" onClick={retry}>
              {t('theme.loadingFailure.retry')}
            </button>
          ) : (
            !views.length && state.views && !state.loading && <p className="search-message search-no-results">{t('theme.SearchBar.noResultsText')}</p>
          )}
          <div id={`${ID}-list`} role="listbox" aria-label={t('theme.SearchBar.label')} aria-busy={busy}>
            {!state.failure && <SearchResultList views={views} idPrefix={ID} active={active} onHover={setActive} onChoose={choose} />}
            {seeAll.map((link, i) => (
              <a key={i} className="search-see-all" data-option="" role="option" id={`${ID}-${views.length + i}`} aria-selected={active === views.length + i} href={link.href} onClick={choose}>
                {link.text}
              </a>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

function SearchIcon() {
  return (
    <svg className="search-icon" width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
      <path d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
