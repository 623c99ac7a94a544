import type { PageData, SidebarItem } from '../shared/types.js';
import { routeToDataFile } from '../shared/url.js';
import type { Payload } from './router.js';

// Loads a route's page data (and its sidebar, once per sidebar) for client navigation, with a cache so
// a prefetched route shows at once.

interface Loaded {
  page: PageData;
  sidebar?: SidebarItem[];
}

const pages = new Map<string, Promise<Loaded>>();
const sidebars = new Map<string, Promise<SidebarItem[]>>();

function dataUrl(pathname: string): string {
  return '/' + routeToDataFile(pathname);
}

async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText} for ${url}`);
  return (await res.json()) as T;
}

export function loadRoute(pathname: string, initial: Payload): Promise<Loaded> {
  let p = pages.get(pathname);
  if (!p) {
    p = (async () => {
      const data = await fetchJson<{ page: PageData; sidebarUrl?: string }>(dataUrl(pathname));
      let sidebar: SidebarItem[] | undefined;
      if (data.sidebarUrl) {
        if (data.sidebarUrl === initial.sidebarUrl && initial.sidebar) sidebar = initial.sidebar;
        else {
          let s = sidebars.get(data.sidebarUrl);
          if (!s) {
            s = fetchJson<SidebarItem[]>(data.sidebarUrl);
            sidebars.set(data.sidebarUrl, s);
            s.catch(() => sidebars.delete(data.sidebarUrl!));
          }
          sidebar = await s;
        }
      }
      return { page: data.page, sidebar };
    })();
    pages.set(pathname, p);
    p.catch(() => pages.delete(pathname));
  }
  return p;
}

/** Starts loading a route ahead of a click, unless the connection is slow or saves data. */
export function prefetch(pathname: string, initial: Payload): void {
  if (pages.has(pathname) || isSlowConnection()) return;
  if (!pathname.startsWith(initial.chrome.baseUrl) || /\.(?!html?$)[a-z0-9]{1,5}$/i.test(pathname)) return;
  loadRoute(pathname, initial).catch(() => undefined);
}

export function isSlowConnection(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return Boolean(c && (c.saveData || (c.effectiveType ?? '').includes('2g')));
}
