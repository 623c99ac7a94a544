import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { App } from '../theme/App.js';
import type { PageData, SidebarItem } from '../shared/types.js';
import type { SiteChrome } from '../shared/navbar.js';
import { ProgressBar } from './progress.js';
import { enhance } from './enhance.js';
import { shouldRoute, routeTarget } from './links.js';
import { prefetch, loadRoute } from './loader.js';
import { loadPage, loadedPages } from './pages.js';
import { PagesContext } from '../theme/context.js';

export interface Payload {
  page: PageData;
  chrome: SiteChrome;
  sidebar?: SidebarItem[];
  sidebarUrl?: string;
}

interface Shown {
  page: PageData;
  sidebar?: SidebarItem[];
  /** What to do with scroll once this page is on screen. */
  scroll?: { kind: 'top' } | { kind: 'hash'; hash: string } | { kind: 'restore'; y: number } | { kind: 'none' };
}

export function Router({ initial }: { initial: Payload }) {
  const [shown, setShown] = useState<Shown>({ page: initial.page, sidebar: initial.sidebar });
  const [pending, setPending] = useState(false);
  const current = useRef(location.pathname + location.search);
  const navId = useRef(0);

  const navigate = useCallback(async (url: URL, mode: { push: boolean; restoreY?: number }) => {
    const id = ++navId.current;
    const samePath = url.pathname === location.pathname;
    if (samePath && mode.push) {
      // Same page: only the query or the hash changed.
      history.pushState({ y: 0 }, '', url.href);
      current.current = url.pathname + url.search;
      if (url.hash) scrollToHash(decodeURIComponent(url.hash.slice(1)));
      window.dispatchEvent(new Event('sitegen:locationchange'));
      return;
    }
    if (mode.push) history.replaceState({ ...(history.state ?? {}), y: window.scrollY }, '');
    setPending(true);
    try {
      const next = await loadRoute(url.pathname, initial);
      if (next.page.content.kind === 'componentPage') await loadPage(next.page.content.component);
      if (id !== navId.current) return;
      if (mode.push) history.pushState({ y: 0 }, '', url.href);
      current.current = url.pathname + url.search;
      setShown({
        page: next.page,
        sidebar: next.sidebar,
        scroll: mode.restoreY !== undefined ? { kind: 'restore', y: mode.restoreY } : url.hash ? { kind: 'hash', hash: decodeURIComponent(url.hash.slice(1)) } : samePath ? { kind: 'none' } : { kind: 'top' },
      });
    } catch {
      // The data or code could not be loaded: let the browser load the page itself.
      if (id === navId.current) window.location.assign(url.href);
    } finally {
      if (id === navId.current) setPending(false);
    }
  }, [initial]);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a');
      if (!a || !shouldRoute(e, a, initial.chrome)) return;
      e.preventDefault();
      void navigate(routeTarget(a), { push: true });
    };
    const onPop = () => {
      const url = new URL(location.href);
      const y = (history.state as { y?: number } | null)?.y ?? 0;
      if (url.pathname + url.search === current.current) {
        if (url.hash) scrollToHash(decodeURIComponent(url.hash.slice(1)));
        return;
      }
      void navigate(url, { push: false, restoreY: y });
    };
    const onHover = (e: Event) => {
      const a = (e.target as Element | null)?.closest?.('a');
      if (a && a.origin === location.origin) prefetch(a.pathname, initial);
    };
    history.scrollRestoration = 'manual';
    document.addEventListener('click', onClick);
    document.addEventListener('mouseover', onHover, { passive: true });
    document.addEventListener('focusin', onHover);
    window.addEventListener('popstate', onPop);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('mouseover', onHover);
      document.removeEventListener('focusin', onHover);
      window.removeEventListener('popstate', onPop);
    };
  }, [navigate, initial]);

  useEffect(() => {
    // A marker for tests and tools: the page is interactive.
    document.getElementById('__sitegen')?.setAttribute('data-hydrated', '');
  }, []);

  useLayoutEffect(() => {
    enhance(document.getElementById('__sitegen')!);
    const s = shown.scroll;
    if (!s) return;
    if (s.kind === 'top') window.scrollTo(0, 0);
    else if (s.kind === 'restore') window.scrollTo(0, s.y);
    else if (s.kind === 'hash') scrollToHash(s.hash);
    if (s.kind !== 'restore') {
      const main = document.getElementById('__main');
      main?.focus({ preventScroll: true });
    }
    document.title = shown.page.head.title;
    window.dispatchEvent(new Event('sitegen:locationchange'));
  }, [shown]);

  return (
    <>
      <ProgressBar active={pending} />
      <PagesContext.Provider value={loadedPages}>
        <App chrome={initial.chrome} page={shown.page} sidebar={shown.sidebar} pending={pending} />
      </PagesContext.Provider>
    </>
  );
}

function scrollToHash(hash: string): void {
  const el = document.getElementById(hash) ?? document.getElementsByName(hash)[0];
  if (el) el.scrollIntoView();
}
