import { useEffect, useState } from 'react';
import type { SearchPageData } from '../../shared/types.js';
import { useSite, useT } from '../context.js';
import { Layout } from './Layout.js';
import { Marked } from '../components/search/Marked.js';
import { ResultIcon } from '../components/search/ResultIcon.js';
import { searchPageUrl } from '../components/search/searchUrl.js';
import { useSearch } from '../components/search/useSearch.js';
import { isLoaded } from '../search/load.js';
import { LOCATION_CHANGE } from '../components/Link.js';
import { withBase } from '../../shared/url.js';
import { plural } from '../../shared/strings.js';
import { preferredTarget, versionParamTarget, type SearchTarget } from '../components/search/searchContext.js';

// The search page of a locale, `{baseUrl}search/?q=...`: every hit, with breadcrumbs and snippets
// of the configured length (`searchResultContextMaxLength`, as in the dropdown), updated as the query
// is edited (the url follows). `ctx` keeps results under a path of the site; `version` (a docs
// version's path, `docs/1.0/`) searches that version's index, else the preferred version's
// (searchContext.ts); another path of this site keeps the results under it, a url elsewhere is
// "Unexpected version url". The query is read after hydration: the page is static, the same HTML
// for every query.

interface Params {
  q: string;
  ctx?: string;
  version?: string;
  /** Not a param: the reader's preferred docs version, read with them (local storage). */
  preferred?: SearchTarget;
}

function readParams(): Params {
  const p = new URLSearchParams(location.search);
  return { q: p.get('q') ?? '', ctx: p.get('ctx') || undefined, version: p.get('version') || undefined };
}

export function SearchPage(_props: { content: SearchPageData }) {
  const { chrome, page } = useSite();
  const t = useT();
  const [params, setParams] = useState<Params>({ q: '' });
  const [query, setQuery] = useState('');
  useEffect(() => {
    const read = () => {
      const next = { ...readParams(), preferred: preferredTarget(chrome) };
      setParams(next);
      setQuery(next.q);
    };
    read();
    window.addEventListener(LOCATION_CHANGE, read);
    window.addEventListener('popstate', read);
    return () => {
      window.removeEventListener(LOCATION_CHANGE, read);
      window.removeEventListener('popstate', read);
    };
  }, [chrome]);
  // The url follows the query, without a history entry per keystroke.
  useEffect(() => {
    const url = searchPageUrl(chrome.baseUrl, query.trim(), { ctx: params.ctx, version: params.version, trailingSlash: chrome.trailingSlash });
    if (url !== location.pathname + location.search) history.replaceState(history.state, '', url + location.hash);
  }, [query, params, chrome.baseUrl]);

  const resolved = params.version ? versionParamTarget(chrome, params.version, location.origin) : (params.preferred ?? { indexUrl: chrome.search?.indexUrl });
  const badVersion = resolved === 'unexpected';
  const target = badVersion ? undefined : resolved;
  const within = [params.ctx ? withBase(chrome.baseUrl, params.ctx) : '', ...(target?.within ?? [])].filter(Boolean);
  const { state, retry } = useSearch({ indexUrl: target?.indexUrl, query, snippetLength: chrome.search?.contextLength ?? 50, within });
  const views = state.views ?? [];
  const shownQuery = query.trim();
  return (
    <Layout>
      <main className="container search-page">
        <h1>{t('theme.SearchPage.title')}</h1>
        <input
          type="search"
          className="search-page-input"
          aria-label={t('theme.SearchBar.label')}
          placeholder={t('theme.SearchPage.placeholder')}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {/* One line kept for the loading state, the summary or a failure: the results below never push it. */}
        <div className="search-page-status">
          {badVersion || state.failure === 'version' ? (
            <p className="search-message">{t('theme.SearchBar.unexpectedVersionUrl')}</p>
          ) : state.failure === 'load' ? (
            <button type="button" className="search-retry" onClick={retry}>
              {t('theme.loadingFailure.retry')}
            </button>
          ) : shownQuery && target?.indexUrl && !isLoaded(target.indexUrl) ? (
            <p className="search-page-loading" role="status">
              <span className="search-spinner" aria-hidden="true" />
              {t('theme.SearchPage.loading')}
            </p>
          ) : (
            shownQuery &&
            state.views &&
            state.query === shownQuery && (
              <p className="search-page-summary">
                {state.pages ? plural(t('theme.SearchPage.resultsCount', { count: state.pages, query: shownQuery }), state.pages, page.locale) : t('theme.SearchPage.noResults', { query: shownQuery })}
              </p>
            )
          )}
        </div>
        {shownQuery && views.length > 0 && (
          <ol className="search-page-results">
            {views.map((v) => (
              <li key={v.key} className={`search-page-hit${v.child ? ' search-page-hit-child' : ''}`}>
                <a className="search-page-hit-title" href={v.href}>
                  <ResultIcon kind={v.kind} />
                  <span>
                    {v.pageTitle && <span className="search-page-hit-page">{v.pageTitle} › </span>}
                    <Marked value={v.title} />
                  </span>
                </a>
                {v.breadcrumbs.length > 0 && <div className="search-page-breadcrumbs">{v.breadcrumbs.join(' › ')}</div>}
                {v.text && (
                  <p className={`search-page-snippet${v.code ? ' search-result-code' : ''}`}>
                    <Marked value={v.text} />
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </main>
    </Layout>
  );
}
