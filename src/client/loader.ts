import type { PageData, PageDataFile, SidebarItem } from '../shared/types.js';
import type { SiteChrome } from '../shared/navbar.js';
import { routeToDataFile } from '../shared/url.js';
import { isRoutable } from './links.js';
import { loadPage } from './pages.js';
import { loadLayout } from '../theme/layouts/registry.js';

// Loads a route's page data (and its sidebar, once per sidebar) and code for client navigation, with a
// cache so that a prefetched route shows at once.

export interface Loaded {
  page: PageData;
  sidebar?: SidebarItem[];
  /** The page's own stylesheets (a React page's CSS modules). */
  css: string[];
}

/** What the first page brought inline: its sidebar need not be fetched again. */
export interface KnownSidebar {
  sidebarUrl?: string;
  sidebar?: SidebarItem[];
  /** The first page's sidebar leaves out closed categories: it cannot stand in for the whole one. */
  sidebarPruned?: boolean;
}

/**
 * Links in view that are prefetched per page shown. A docs page has dozens of sidebar links in view:
 * prefetching them all would cost more than the pages a reader opens, so only the page's own links
 * (body, pagination) are watched, and only this many of them.
 */
const VIEWPORT_PREFETCH_LIMIT = 4;
/** Links that are in view on every page, where a viewport prefetch predicts nothing. */
const NOT_PREDICTIVE = '.theme-doc-sidebar-container, .blog-sidebar, .breadcrumbs, .toc';

const pages = new Map<string, Promise<Loaded>>();
const sidebars = new Map<string, Promise<SidebarItem[]>>();

const dataUrl = (pathname: string) => '/' + routeToDataFile(pathname);

async function fetchJson<T>(url: string, priority: 'high' | 'low'): Promise<T> {
  const res = await fetch(url, { credentials: 'same-origin', priority } as RequestInit);
  if (!res.ok) throw new Error(`Loading ${url} failed: ${res.status} ${res.statusText}`);
  return (await res.json()) as T;
}

export function loadSidebar(url: string, known: KnownSidebar, priority: 'high' | 'low'): Promise<SidebarItem[]> {
  if (url === known.sidebarUrl && known.sidebar && !known.sidebarPruned) return Promise.resolve(known.sidebar);
  let s = sidebars.get(url);
  if (!s) {
    s = fetchJson<SidebarItem[]>(url, priority);
    sidebars.set(url, s);
    s.catch(() => sidebars.delete(url));
  }
  return s;
}

/** The data and code of a route: page data, its sidebar, its layout's chunk and a React page's chunk. Rejects when any fails. */
export function loadRoute(pathname: string, known: KnownSidebar, priority: 'high' | 'low' = 'high'): Promise<Loaded> {
  const url = dataUrl(pathname);
  let p = pages.get(url);
  if (!p) {
    p = (async () => {
      const data = await fetchJson<PageDataFile>(url, priority);
      const [sidebar] = await Promise.all([
        data.sidebarUrl ? loadSidebar(data.sidebarUrl, known, priority) : undefined,
        data.page.content.kind === 'componentPage' ? loadPage(data.page.content.component) : undefined,
        loadLayout(data.page.content.kind),
      ]);
      return { page: data.page, sidebar, css: data.css ?? [] };
    })();
    pages.set(url, p);
    p.catch(() => pages.delete(url));
  }
  return p;
}

/**
 * A React page's own stylesheets (its CSS modules), added to the document before the page is shown
 * so it never draws unstyled; added when shown, not when prefetched, since a page's global styles
 * would otherwise change the page being read.
 */
export function loadStylesheets(hrefs: string[]): Promise<unknown> {
  return Promise.all(
    hrefs
      .filter((href) => !document.querySelector(`link[href="${href}"]`))
      .map((href) => new Promise((onload, onerror) => document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href, onload, onerror })))),
  );
}

/** Starts loading a route ahead of a click, unless the connection is slow or saves data. Returns whether it started a load. */
export function prefetch(pathname: string, known: KnownSidebar): boolean {
  if (pages.has(dataUrl(pathname)) || isSlowConnection()) return false;
  loadRoute(pathname, known, 'low').catch(() => undefined);
  return true;
}

function isSlowConnection(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return Boolean(c && (c.saveData || (c.effectiveType ?? '').includes('2g')));
}

/** Prefetches the page's own links as they scroll into view (when the browser is idle). Returns a stop function. */
export function prefetchInViewport(params: { root: HTMLElement; chrome: SiteChrome; known: KnownSidebar }): () => void {
  if (typeof IntersectionObserver === 'undefined' || isSlowConnection()) return () => undefined;
  let left = VIEWPORT_PREFETCH_LIMIT;
  let stopped = false;
  const idle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 50));
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const pathname = (entry.target as HTMLAnchorElement).pathname;
      idle(() => {
        if (stopped) return;
        if (left > 0 && prefetch(pathname, params.known)) left--;
        if (left <= 0) observer.disconnect();
      });
    }
  });
  for (const a of params.root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (a.closest(NOT_PREDICTIVE) || a.pathname === location.pathname || !isRoutable(a, params.chrome)) continue;
    observer.observe(a);
  }
  return () => {
    stopped = true;
    observer.disconnect();
  };
}
