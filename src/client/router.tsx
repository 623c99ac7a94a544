import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { htmlClassName } from '../shared/htmlClasses.js';
import { App } from '../theme/App.js';
import type { PageData, PagePayload, SidebarItem } from '../shared/types.js';
import type { SiteChrome } from '../shared/navbar.js';
import { samePathname } from '../shared/url.js';
import { ProgressBar } from './progress.js';
import { enhance } from './enhance.js';
import { shouldRoute, isRoutable, anchorOf, LOCATION_CHANGE } from './links.js';
import { prefetch, loadRoute, loadSidebar, loadStylesheets, prefetchInViewport } from './loader.js';
import { loadPage, loadedPages, SiteRoot } from './pages.js';
import { PagesContext, SiteRootContext } from '../theme/context.js';
import { MAIN_CONTENT_ID } from '../theme/components/SkipToContent.js';
import { addTranslations } from '../theme/translate.js';
import { LoadingFailure } from '../theme/components/ErrorBoundary.js';
import { Layout } from '../theme/layouts/Layout.js';
import { locationOf, routeDidUpdate, routeUpdate, type RouteLocation } from './lifecycles.js';

// Client navigation. The old page stays on screen until the next route's data and code are loaded; a
// failed load becomes a full page load. Each history entry has a key under which its scroll position
// is kept, so back and forward return to where the reader was.

type ScrollIntent = { kind: 'top' } | { kind: 'hash'; hash: string } | { kind: 'restore'; y: number } | { kind: 'none' };

interface Shown {
  page: PageData;
  sidebar?: SidebarItem[];
  /** What to do with scroll once this page is on screen; unset on first load (the browser did it). */
  scroll?: ScrollIntent;
}

interface EntryState {
  key?: string;
  /** Scroll position when the entry was left (kept in history, so it survives a full load). */
  y?: number;
}

const newKey = () => Math.random().toString(36).slice(2, 10);
const entryState = (): EntryState => (history.state as EntryState | null) ?? {};
function hashOf(url: URL): string {
  try {
    return decodeURIComponent(url.hash.slice(1));
  } catch {
    // A malformed escape (a hand-typed "#100%"): look the id up as written.
    return url.hash.slice(1);
  }
}

/** A React page whose code failed to load on the first load of its route. */
export interface FailedPage {
  key: string;
  error: unknown;
}

export function Router({ initial, failed: initialFailure }: { initial: PagePayload; failed?: FailedPage }) {
  const [shown, setShown] = useState<Shown>({ page: initial.page, sidebar: initial.sidebar });
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(initialFailure);
  const shownPath = useRef(location.pathname);
  const entryKey = useRef('');
  const positions = useRef(new Map<string, number>());
  const navId = useRef(0);
  // The client modules' lifecycles (lifecycles.ts): the location shown, and the onRouteDidUpdate due
  // once the next page is on screen (the first page's, from the start).
  const shownLocation = useRef<RouteLocation>(locationOf(location));
  const didUpdate = useRef<{ location: RouteLocation; previous: RouteLocation | null } | undefined>({ location: locationOf(location), previous: null });

  /** Remembers where the reader is on the current entry, then adds (or replaces) an entry for href. */
  const record = useCallback((href: string, replace: boolean) => {
    positions.current.set(entryKey.current, window.scrollY);
    if (replace) {
      history.replaceState({ key: entryKey.current }, '', href);
      return;
    }
    history.replaceState({ ...entryState(), y: window.scrollY }, '');
    entryKey.current = newKey();
    history.pushState({ key: entryKey.current }, '', href);
  }, []);

  const navigate = useCallback(
    async (url: URL, how: { push: boolean; replace?: boolean; restoreY?: number }) => {
      const id = ++navId.current;
      const restore: ScrollIntent | undefined = how.restoreY !== undefined ? { kind: 'restore', y: how.restoreY } : undefined;
      const to = locationOf(url);
      const from = shownLocation.current;
      if (samePathname(url.pathname, shownPath.current)) {
        // The same page: only the query or the hash changed, nothing to load.
        routeUpdate(to, from)();
        setPending(false);
        // A link to the page itself without a hash starts at the top, as a document load would; a query-only change keeps the view.
        const toTop = how.push && !url.hash && url.search === location.search;
        if (how.push) record(url.href, how.replace === true || url.href === location.href);
        applyScroll(restore ?? (url.hash ? { kind: 'hash', hash: hashOf(url) } : toTop ? { kind: 'top' } : { kind: 'none' }));
        window.dispatchEvent(new Event(LOCATION_CHANGE));
        shownLocation.current = to;
        routeDidUpdate(to, from);
        return;
      }
      setPending(true);
      const loaded = routeUpdate(to, from);
      try {
        const next = await loadRoute(url.pathname, initial);
        if (id !== navId.current) return;
        await loadStylesheets(next.css);
        if (id !== navId.current) return;
        loaded();
        if (how.push) record(url.href, how.replace === true);
        shownPath.current = url.pathname;
        shownLocation.current = to;
        didUpdate.current = { location: to, previous: from };
        addTranslations(next.page.strings);
        setShown({ page: next.page, sidebar: next.sidebar, scroll: restore ?? (url.hash ? { kind: 'hash', hash: hashOf(url) } : { kind: 'top' }) });
      } catch {
        // The data or code could not be loaded: the browser loads the page itself.
        if (id === navId.current) window.location.assign(url.href);
      } finally {
        if (id === navId.current) setPending(false);
      }
    },
    [initial, record],
  );

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const state = entryState();
    entryKey.current = state.key ?? newKey();
    if (!state.key) history.replaceState({ ...state, key: entryKey.current }, '');
    // Coming back to this entry by a full load (from another site, or a reload): return to where the reader was.
    const navType = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
    if (state.y !== undefined && (navType === 'back_forward' || navType === 'reload')) window.scrollTo(0, state.y);

    const onClick = (e: MouseEvent) => {
      const a = anchorOf(e.target);
      if (!a || !shouldRoute(e, a, initial.chrome)) return;
      e.preventDefault();
      // useHistory().replace of site code follows a link marked data-replace.
      void navigate(new URL(a.href), { push: true, replace: a.dataset.replace !== undefined });
    };
    const onPop = () => {
      positions.current.set(entryKey.current, window.scrollY);
      const s = entryState();
      if (s.key) entryKey.current = s.key;
      else {
        // An entry the browser made itself (a hash typed in the address bar): give it a key.
        entryKey.current = newKey();
        history.replaceState({ ...s, key: entryKey.current }, '');
      }
      void navigate(new URL(location.href), { push: false, restoreY: positions.current.get(entryKey.current) ?? s.y });
    };
    const onIntent = (e: Event) => {
      const a = anchorOf(e.target);
      if (a && isRoutable(a, initial.chrome) && !samePathname(a.pathname, shownPath.current)) prefetch(a.pathname, initial);
    };
    const onLeave = () => history.replaceState({ ...entryState(), y: window.scrollY }, '');
    document.addEventListener('click', onClick);
    document.addEventListener('mouseover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    window.addEventListener('popstate', onPop);
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('mouseover', onIntent);
      document.removeEventListener('focusin', onIntent);
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('pagehide', onLeave);
    };
  }, [navigate, initial]);

  useEffect(() => {
    // A marker for tests and tools: the page is interactive.
    document.getElementById('__sitegen')?.setAttribute('data-hydrated', '');
    // The first page drew its sidebar with closed categories left out; the whole one replaces it
    // unseen (closed categories draw nothing) before a reader opens one.
    if (initial.sidebarPruned && initial.sidebarUrl) {
      loadSidebar(initial.sidebarUrl, initial, 'low')
        .then((full) => setShown((s) => (s.page === initial.page ? { ...s, sidebar: full } : s)))
        .catch((e: unknown) => console.warn('The docs sidebar could not be loaded:', e));
    }
  }, [initial]);

  useLayoutEffect(() => {
    enhance(document.getElementById('__sitegen')!);
    const s = shown.scroll;
    if (!s) return;
    applyScroll(s);
    // Screen readers start reading the new page; the focus must not move the view.
    if (s.kind !== 'restore') document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
    document.title = shown.page.head.title;
    document.documentElement.className = htmlClassName(shown.page.content);
    window.dispatchEvent(new Event(LOCATION_CHANGE));
  }, [shown]);

  // Once the page is on screen (and scrolled), the client modules' onRouteDidUpdate.
  useLayoutEffect(() => {
    const due = didUpdate.current;
    didUpdate.current = undefined;
    if (due) routeDidUpdate(due.location, due.previous);
  }, [shown]);

  useEffect(() => {
    const root = document.getElementById(MAIN_CONTENT_ID);
    return root ? prefetchInViewport({ root, chrome: initial.chrome, known: initial }) : undefined;
  }, [shown, initial]);

  const FailureView = useMemo(() => failed && failurePage(failed, setFailed), [failed]);
  const pages = failed && FailureView && !loadedPages[failed.key] ? { ...loadedPages, [failed.key]: FailureView } : loadedPages;
  return (
    <>
      <ProgressBar active={pending} />
      <PagesContext.Provider value={pages}>
        <SiteRootContext.Provider value={SiteRoot ?? null}>
          <App chrome={initial.chrome} page={shown.page} sidebar={shown.sidebar} pending={pending} />
        </SiteRootContext.Provider>
      </PagesContext.Provider>
    </>
  );
}

/** Stands in for a React page whose code did not load: the error and a Retry button that loads it again. */
function failurePage(failed: FailedPage, setFailed: (f: FailedPage | undefined) => void) {
  const retry = async () => {
    try {
      await loadPage(failed.key);
      setFailed(undefined);
    } catch (error) {
      setFailed({ key: failed.key, error });
    }
  };
  return function PageLoadingFailure() {
    return (
      <Layout>
        <main className="container page-loading">
          <LoadingFailure error={failed.error} onRetry={retry} />
        </main>
      </Layout>
    );
  };
}

function applyScroll(s: ScrollIntent): void {
  if (s.kind === 'top') window.scrollTo(0, 0);
  else if (s.kind === 'restore') window.scrollTo(0, s.y);
  else if (s.kind === 'hash') {
    const el = document.getElementById(s.hash) ?? document.getElementsByName(s.hash)[0];
    if (el) el.scrollIntoView();
    else if (s.hash === '' || s.hash === 'top') window.scrollTo(0, 0);
  }
}
