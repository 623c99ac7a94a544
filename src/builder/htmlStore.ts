// The page HTML of the build cache on disk (persistentCache.ts), a store of its own (storeSegments.ts):
// each page's entry (its key, the head its components set, the links they drew) in the head, its
// markup a payload, read only when a page needs it. A warm build whose pages keep their files
// (output/sink.ts) needs none: the versioned benchmark site's markup is 49 MB, and reading, checking
// and deserializing it whole took about 1 s of CPU of every warm build (measured 04:06 UTC on a loaded
// machine). A build that rendered some pages again writes their markup alone (in a new segment), not
// every page's again. Each markup carries its CRC-32: one corrupted is a miss, rendered again.
import { KeyedCache } from './cacheKey.js';
import type { HtmlResult } from './parallel/protocol.js';
import { SegmentedStore, type PayloadRef } from './storeSegments.js';

type PageHtml = Omit<HtmlResult, 'index'>;

interface StoredHtml {
  pages: [string, { key: string; value: Omit<PageHtml, 'appHtml'>; markup: PayloadRef }][];
}

export interface HtmlStore {
  /** The entries, each without its markup. */
  entries: KeyedCache<PageHtml>;
  /** The markup of a page's entry as read back (undefined when it cannot be read). */
  markup(route: string): string | undefined;
  /** Writes `entries` (the markup of those made since, the stored markup of the others as it is). */
  write(entries: KeyedCache<PageHtml>): void;
  close(): void;
}

export function openHtmlStore(file: string): HtmlStore {
  const store = SegmentedStore.open<StoredHtml>(file);
  const where = new Map<string, PayloadRef>();
  const entries = new KeyedCache<PageHtml>();
  for (const [route, { key, value, markup }] of store.value?.pages ?? []) {
    entries.set(route, key, value);
    where.set(route, markup);
  }
  // Fresh entries already written (a dev server writes again later): where their markup went.
  const written = new WeakMap<PageHtml, PayloadRef>();
  return {
    entries,
    markup(route) {
      const at = where.get(route);
      return at && store.read(at)?.toString('utf8');
    },
    write(next) {
      const w = store.writer();
      const pages: StoredHtml['pages'] = [];
      const made: [PageHtml, PayloadRef][] = [];
      for (const [route, { key, value }] of next.dump()) {
        const { appHtml, ...rest } = value;
        let markup = written.get(value);
        if (markup) w.keep(markup);
        else if (appHtml !== undefined) made.push([value, (markup = w.add(Buffer.from(appHtml)))]);
        else if (where.has(route)) markup = w.keep(where.get(route)!);
        // Neither made nor stored: left out (rendered again next time).
        if (markup) pages.push([route, { key, value: rest, markup }]);
      }
      w.commit({ pages });
      for (const [value, markup] of made) written.set(value, markup);
    },
    close: () => store.close(),
  };
}
