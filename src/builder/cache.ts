import crypto from 'node:crypto';
import type { ParsedMarkdown } from './markdown/parse.js';
import type { ParseCache } from './site/model.js';
import type { MarkdownResult, HtmlResult } from './parallel/protocol.js';
import type { EsbuildContexts } from './bundle/runEsbuild.js';
import type { OutputManifest } from './output/sink.js';
import { createSearchCache, type SearchCache } from './passes/search/index.js';

// A cache between builds in one process (the dev server, the benchmark's rebuild): a file whose
// content is unchanged is not parsed again; a markdown render whose file and locale context are
// unchanged is reused; a page whose data, chrome, sidebar and renderer are unchanged keeps its HTML.
// Keys are content hashes, so a stale entry can never be served.

export interface CacheStats {
  parseHits: number;
  parseMisses: number;
  markdownHits: number;
  markdownMisses: number;
  htmlHits: number;
  htmlMisses: number;
}

export interface BuildCache {
  parse: ParseCache;
  /** Incremental esbuild contexts for the browser and server bundles. */
  esbuild: EsbuildContexts;
  markdown: Map<string, { key: string; result: MarkdownResult }>;
  html: Map<string, { key: string; result: Omit<HtmlResult, 'index'> }>;
  /** What the last build wrote into each output folder: the next writes only what changed. */
  output: Map<string, OutputManifest>;
  search: SearchCache;
  stats: CacheStats;
  resetStats(): void;
  /** Stops the esbuild contexts (end of the process that owned the cache). */
  dispose(): Promise<void>;
}

export const hashOf = (text: string) => crypto.createHash('sha1').update(text).digest('base64url');

export function createBuildCache(): BuildCache {
  const parsed = new Map<string, { hash: string; parsed: ParsedMarkdown }>();
  const cache: BuildCache = {
    parse: {
      get(file, source) {
        const hit = parsed.get(file);
        if (hit && hit.hash === hashOf(source)) {
          cache.stats.parseHits++;
          return hit.parsed;
        }
        cache.stats.parseMisses++;
        return undefined;
      },
      set(file, source, p) {
        parsed.set(file, { hash: hashOf(source), parsed: p });
      },
    },
    esbuild: new Map(),
    markdown: new Map(),
    html: new Map(),
    output: new Map(),
    search: createSearchCache(),
    stats: { parseHits: 0, parseMisses: 0, markdownHits: 0, markdownMisses: 0, htmlHits: 0, htmlMisses: 0 },
    async dispose() {
      for (const { ctx } of cache.esbuild.values()) await ctx.dispose();
      cache.esbuild.clear();
    },
    resetStats() {
      cache.stats = { parseHits: 0, parseMisses: 0, markdownHits: 0, markdownMisses: 0, htmlHits: 0, htmlMisses: 0 };
    },
  };
  return cache;
}
