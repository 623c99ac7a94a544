// The HTML jobs of the pages to write: one per page, with the url of its sidebar's data file (written
// once per locale and sidebar), and the pruned sidebar a page first shows, made lazily when its job is sent.
import crypto from 'node:crypto';
import type { OutputSink } from '../output/sink.js';
import type { HtmlJob } from '../parallel/protocol.js';
import type { PageToWrite } from '../plugins/api.js';
import type { SidebarItem } from '../../shared/types.js';
import { withBase } from '../../shared/url.js';
import { valueKey } from '../cacheKey.js';
import { prunedSidebar, sidebarIndex, type SidebarIndex } from './sidebarWindows.js';

/** One job per page, in order (`index` is the page's place in `pages`); writes the sidebars' data files. */
export function htmlJobs(pages: PageToWrite[], sink: OutputSink, baseUrl: string): HtmlJob[] {
  const sidebarUrl = sidebarFiles(sink, baseUrl);
  return pages.map((result, index) => ({
    index,
    locale: result.page.locale,
    page: result.page,
    sidebarUrl: result.sidebar ? sidebarUrl(result.page.locale, result.sidebar) : undefined,
    routePath: result.route.path,
  }));
}

/** Writes each sidebar's whole data file the first time it is asked for, and gives its url. */
function sidebarFiles(sink: OutputSink, baseUrl: string): (locale: string, sidebar: NonNullable<PageToWrite['sidebar']>) => string {
  const urls = new Map<string, string>();
  return (locale, sidebar) => {
    const key = `${locale}:${sidebar.key}`;
    let url = urls.get(key);
    if (url === undefined) {
      const json = JSON.stringify(sidebar.items);
      const hash = crypto.createHash('sha256').update(json).digest('hex').slice(0, 10);
      const file = `assets/data/sidebar-${locale}-${sidebar.key}.${hash}.json`;
      sink.write(file, json);
      url = withBase(baseUrl, file);
      urls.set(key, url);
    }
    return url;
  };
}

export interface PrunedSidebars {
  /** The sidebar page `index` first shows, made on first use. */
  of(index: number): HtmlJob['sidebar'];
  /**
   * What the sidebar page `index` first shows is made of, as a key (null without one): the page's
   * whole sidebar, by its content key (cacheKey.ts valueKey, once per sidebar), with its route, which
   * the page's own key holds. The pruned sidebar is a function of the two (sidebarWindows.ts; the
   * code's own changes empty the cache on disk). Pruning and hashing each page's sidebar to key its
   * HTML took 0.2-0.3 s of CPU in a warm build of the versioned benchmark site (2,676 pages, 07:28
   * UTC, loaded machine); each of its sidebars (one per version and locale) is keyed once, and no page's is pruned unless written.
   */
  keyOf(index: number): string | null;
  /** Forgets page `index`'s sidebar once the page is written. */
  drop(index: number): void;
}

/** Pruned sidebars, made when a page's job is sent and dropped once the page is written. */
export function prunedSidebars(pages: PageToWrite[]): PrunedSidebars {
  const indexes = new Map<SidebarItem[], SidebarIndex>();
  const indexOf = (items: SidebarItem[]) => indexes.get(items) ?? indexes.set(items, sidebarIndex(items)).get(items)!;
  const pruned = new Map<number, HtmlJob['sidebar']>();
  return {
    of(index) {
      if (!pruned.has(index)) {
        const result = pages[index];
        pruned.set(index, result.sidebar ? prunedSidebar(result.sidebar.items, result.page.route, indexOf(result.sidebar.items)) : undefined);
      }
      return pruned.get(index);
    },
    keyOf(index) {
      const { sidebar } = pages[index];
      return sidebar ? valueKey(sidebar.items) : null;
    },
    drop(index) {
      pruned.delete(index);
    },
  };
}
