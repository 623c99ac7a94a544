// With a build cache, what a page's HTML may be reused on: a page keeps its render when its data, its
// locale's chrome, its sidebar and the renderer are unchanged, and keeps its files when, besides, the
// config, the client bundle and its document's settings are. Without a cache nothing is reused.
import type { SiteConfig } from '../config/schema.js';
import type { BuildCache } from '../cache.js';
import { cacheKey, valueKey } from '../cacheKey.js';
import type { HtmlJob, HtmlResult } from '../parallel/protocol.js';
import type { ClientAssets } from './htmlDocument.js';

export interface PageReuse {
  /**
   * The jobs left to render; each cached render is handed to `onHit` in order. `kept(index)`: whether
   * page `index`'s files stay as the previous build wrote them (its documentKey is known then): a
   * render read back from disk is then handed on without its markup, which is not read.
   */
  pending(jobs: HtmlJob[], sidebarKeyOf: (index: number) => string | null, onHit: (r: HtmlResult) => void, kept?: (index: number) => boolean): HtmlJob[];
  /** Keeps a fresh render of the page at `route` for the next build. */
  remember(route: string, r: HtmlResult): void;
  /** The key page `index`'s files are written and reused under; undefined without a cache. */
  documentKey(index: number, document: { sidebarUrl: string | undefined; htmlLang: string; dir: string }): string | undefined;
}

export function pageReuse(params: { cache?: BuildCache; config: SiteConfig; client: ClientAssets; rendererFile: string; chromes: Record<string, unknown> }): PageReuse {
  const { cache } = params;
  if (!cache) return { pending: (jobs) => jobs, remember() {}, documentKey: () => undefined };
  const validity = new Map<number, string>();
  // What every page's document is made of besides its own data: the config and the client bundle.
  const documentKey = cacheKey(params.config, params.client);
  const chromeHash = new Map(Object.entries(params.chromes).map(([k, c]) => [k, cacheKey(c)]));
  return {
    pending(jobs, sidebarKeyOf, onHit, kept) {
      return jobs.filter((job) => {
        const key = cacheKey(params.rendererFile, chromeHash.get(job.locale), sidebarKeyOf(job.index), valueKey(job.page));
        validity.set(job.index, key);
        let hit = cache.html.get(job.page.route, key);
        // Read back without its markup (persistentCache.ts): read now unless the page's files are kept; unreadable, a miss.
        if (hit && hit.appHtml === undefined && !kept?.(job.index)) {
          const appHtml = cache.htmlMarkup?.(job.page.route);
          hit = appHtml === undefined ? undefined : { ...hit, appHtml };
        }
        if (hit) {
          cache.stats.htmlHits++;
          onHit({ ...hit, index: job.index });
          return false;
        }
        cache.stats.htmlMisses++;
        return true;
      });
    },
    remember(route, r) {
      if (r.error !== undefined) return;
      const { index, ...result } = r;
      cache.html.set(route, validity.get(index)!, result);
    },
    documentKey(index, document) {
      const valid = validity.get(index);
      return valid && cacheKey(valid, documentKey, document.sidebarUrl ?? '', document.htmlLang, document.dir);
    },
  };
}
