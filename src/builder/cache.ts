import type { ParsedMarkdown, ParsedMeta } from './markdown/parse.js';
import type { ParseCache } from './plugins/api.js';
import type { MarkdownResult, HtmlResult } from './parallel/protocol.js';
import type { EsbuildContexts } from './bundle/runEsbuild.js';
import type { OutputManifest } from './output/sink.js';
import { createSearchCache, type SearchCache } from './passes/search/index.js';
import type { StoredContext } from './passes/search/thread.js';
import { cacheKey, KeyedCache } from './cacheKey.js';
import { DiagramStore } from './diagrams/store.js';
import type { StylesCacheEntry } from './css/siteStyles.js';
import type { TextStamps } from './content/textStamps.js';

// A cache between builds in one process (the dev server, the benchmark's rebuild): a file whose
// content is unchanged is not parsed again; a markdown render whose file and locale context are
// unchanged is reused; a page whose data, chrome, sidebar and renderer are unchanged keeps its HTML.
// Keys are content hashes (cacheKey.ts), so a stale entry can never be served.

export interface CacheStats {
  parseHits: number;
  parseMisses: number;
  markdownHits: number;
  markdownMisses: number;
  htmlHits: number;
  htmlMisses: number;
  /** Search contexts indexed by the search thread, and those read back from the cache on disk (passes/search/thread.ts). */
  searchIndexed: number;
  searchReused: number;
}

/**
 * Parses made on worker threads, by file, valid for one key (the content hash of the file's bytes and
 * the parse options): what the plan needs of each (no tree: a thread keeps its own, and a render that
 * finds none parses the file again). The cache on disk keeps them between builds.
 */
export interface ThreadParseCache {
  get(file: string, key: string): ParsedMeta | undefined;
  set(file: string, key: string, meta: ParsedMeta): void;
}

export interface BuildCache {
  parse: ParseCache;
  /** Parses of the worker threads (threadsFirst builds): see ThreadParseCache. */
  threadParses?: ThreadParseCache;
  /** Incremental esbuild contexts for the browser and server bundles. */
  esbuild: EsbuildContexts;
  /** Markdown renders by job (markdownJobKey), keyed by the file's content and its locale's context. */
  markdown: KeyedCache<MarkdownResult>;
  /**
   * Page HTML by route, keyed by the page's data, chrome, sidebar and renderer. Read back from disk,
   * an entry comes without its markup (`appHtml`): `htmlMarkup` reads it when a page needs it.
   */
  html: KeyedCache<Omit<HtmlResult, 'index'>>;
  /** The markup of a page's entry read back without it, or undefined when it cannot be read (then a miss). */
  htmlMarkup?: (route: string) => string | undefined;
  /** What the last build wrote into each output folder: the next writes only what changed. */
  output: Map<string, OutputManifest>;
  /** Search indexes by context (in memory: dev, the benchmark's rebuilds); without it a build indexes on a thread of its own. */
  search?: SearchCache;
  /** Worker threads parse a large site even with this cache (its parses are then not kept): the cache on disk of `sitegen build`. */
  threadsFirst?: boolean;
  /** The search files of each context of the last build made on the search thread, by context, keyed by its input (kept on disk between builds). */
  searchIndex: KeyedCache<StoredContext>;
  /** Drawn mermaid diagrams by key (also on disk, for other processes). */
  diagrams: DiagramStore;
  /** The stylesheet pruning's work (css/siteStyles.ts): each script's classes, the pruned stylesheet (also on disk). */
  styles: KeyedCache<StylesCacheEntry>;
  /** The markdown files' content keys by their stamps (kept on disk: content/textStamps.ts); none: each file is read and hashed. */
  texts?: TextStamps;
  stats: CacheStats;
  resetStats(): void;
  /** Stops the esbuild contexts (end of the process that owned the cache). */
  dispose(): Promise<void>;
}

/** The counts of a build that asked the cache nothing. */
export const noCacheStats = (): CacheStats => ({ parseHits: 0, parseMisses: 0, markdownHits: 0, markdownMisses: 0, htmlHits: 0, htmlMisses: 0, searchIndexed: 0, searchReused: 0 });

export function createBuildCache(): BuildCache {
  const parsed = new KeyedCache<ParsedMarkdown>();
  const cache: BuildCache = {
    parse: {
      get(file, source) {
        const hit = parsed.get(file, cacheKey(source));
        if (hit) cache.stats.parseHits++;
        else cache.stats.parseMisses++;
        return hit;
      },
      set(file, source, p) {
        parsed.set(file, cacheKey(source), p);
      },
    },
    esbuild: new Map(),
    markdown: new KeyedCache(),
    html: new KeyedCache(),
    output: new Map(),
    search: createSearchCache(),
    searchIndex: new KeyedCache(),
    diagrams: new DiagramStore(),
    styles: new KeyedCache(),
    stats: noCacheStats(),
    async dispose() {
      for (const { ctx } of cache.esbuild.values()) await ctx?.dispose();
      cache.esbuild.clear();
    },
    resetStats() {
      cache.stats = noCacheStats();
    },
  };
  return cache;
}
