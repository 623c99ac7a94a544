// The page HTML of the build cache on disk (persistentCache.ts), a store of its own: each page's
// entry (its key, the head its components set, the links they drew) in the head, its markup in the
// tail, read only when a page needs it. A warm build whose pages keep their files (output/sink.ts)
// needs none: the versioned benchmark site's store is 97 MB, nearly all markup, and reading,
// checking and deserializing it whole took about 1 s of CPU of every warm build (0.33 s read,
// 0.17 s CRC, 0.55 s deserialize, besides the collector's work; measured 04:06 UTC on a loaded
// machine). Each markup carries its CRC-32: one corrupted is a miss, rendered again.
import { KeyedCache } from './cacheKey.js';
import { crc32 } from './checksum.js';
import type { HtmlResult } from './parallel/protocol.js';
import { openStore, writeStore, type OpenStore } from './storeFile.js';

type PageHtml = Omit<HtmlResult, 'index'>;

/** Where a page's markup (UTF-8) is in the tail, and its CRC-32. */
interface MarkupAt {
  at: number;
  length: number;
  sum: number;
}

interface StoredHtml {
  pages: [string, { key: string; value: Omit<PageHtml, 'appHtml'>; markup: MarkupAt }][];
}

export interface HtmlStore {
  /** The entries, each without its markup. */
  entries: KeyedCache<PageHtml>;
  /** The markup of a page's entry as read back (undefined when it cannot be read). */
  markup(route: string): string | undefined;
  /** The stored bytes of a page's markup, unchecked (a write copies them as they are). */
  markupBytes(route: string): { bytes: Buffer; sum: number } | undefined;
  close(): void;
}

export function openHtmlStore(file: string): HtmlStore {
  const store: OpenStore<StoredHtml> | undefined = openStore<StoredHtml>(file);
  const where = new Map<string, MarkupAt>();
  const entries = new KeyedCache<PageHtml>();
  for (const [route, { key, value, markup }] of store?.value.pages ?? []) {
    entries.set(route, key, value);
    where.set(route, markup);
  }
  const markupBytes = (route: string) => {
    const at = where.get(route);
    if (!store || !at) return undefined;
    const bytes = store.readTail(at.at, at.length);
    return bytes.length === at.length ? { bytes, sum: at.sum } : undefined;
  };
  return {
    entries,
    markupBytes,
    markup(route) {
      const found = markupBytes(route);
      if (!found || crc32(found.bytes) !== found.sum) return undefined;
      return found.bytes.toString('utf8');
    },
    close: () => store?.close(),
  };
}

/** Writes the entries whole: the markup of each fresh one, and the stored bytes of those read back without theirs. */
export function writeHtmlStore(file: string, entries: KeyedCache<PageHtml>, previous: HtmlStore | undefined): void {
  const pages: StoredHtml['pages'] = [];
  const tail: Uint8Array[] = [];
  let at = 0;
  for (const [route, { key, value }] of entries.dump()) {
    const { appHtml, ...rest } = value;
    let markup: { bytes: Uint8Array; sum: number } | undefined;
    if (appHtml !== undefined) {
      const bytes = Buffer.from(appHtml);
      markup = { bytes, sum: crc32(bytes) };
    } else markup = previous?.markupBytes(route);
    // Neither made nor readable: left out (rendered again next time).
    if (!markup) continue;
    pages.push([route, { key, value: rest, markup: { at, length: markup.bytes.length, sum: markup.sum } }]);
    tail.push(markup.bytes);
    at += markup.bytes.length;
  }
  writeStore(file, { pages }, tail);
}
