import type { PageToWrite, RenderedRoute, SiteModel } from '../plugins/api.js';
import type { OutputSink } from '../output/sink.js';
import type { BuildCache } from '../cache.js';
import type { SiteConfig } from '../config/schema.js';
import { runPasses } from '../passes/index.js';
import { sitemapPass } from '../passes/sitemap.js';
import { SearchThread, storedSearchIndex, type ContextIndexer } from '../passes/search/thread.js';
import { searchIndexFiles, searchInput, type SearchIndexResult } from '../passes/search/index.js';
import type { SearchFile } from '../passes/search/buildIndex.js';
import { indexContexts } from '../passes/search/storedTerms.js';
import { brokenLinksError, drawnLinkReport, linkReport, mergeLinkReports, siteLinkTargets, type LinkReport } from '../passes/linkReport.js';
import type { LinkTargets } from '../passes/checkLinks.js';
import type { Problems } from './types.js';
import { noProblems, warningsOnly } from './problems.js';

// The build's whole-site passes, one list run in order at each point of the build that a pass has a
// hook for: links (checked on the rendered pages, then on the links React pages drew once written),
// the plugins' passes (feeds), the sitemap (from the pages as written: React pages complete their
// heads) and search (indexed on a thread of its own from the parse on, its files written last).

/** What every page held once rendered (links, anchors, search input), before the HTML stage. */
export interface RenderedPassContext {
  site: SiteModel;
  rendered: RenderedRoute[];
  sink: OutputSink;
}

/** The same, once the bundles are made: every file the build writes is named. */
export interface BundledPassContext extends RenderedPassContext {
  /** Files the build writes besides pages and static files (assets, bundles): links to them are not broken. */
  emittedFiles: Set<string>;
  configFile: string;
}

/** The pages as written (heads completed, the links React pages drew). */
export interface WrittenPassContext {
  site: SiteModel;
  pages: PageToWrite[];
  sink: OutputSink;
}

export interface PipelinePass {
  name: string;
  /** As the parse ends. */
  parsed?(): void;
  /** After rendering, while the bundles are made. True: the pass took its own copy of the pages' search input (the pages written carry none). */
  rendered?(ctx: RenderedPassContext): Promise<boolean>;
  /** After rendering, once the bundles are made. */
  bundled?(ctx: BundledPassContext): void;
  /** Once the pages are written; errors fail the build there. */
  written?(ctx: WrittenPassContext): Problems;
  /** Once the pages' own files (bundles, assets, static files) are queued: a pass that waits for a thread writes here. */
  last?(ctx: WrittenPassContext): Promise<void>;
  /** Lets go of what the pass started (threads), whether the build succeeded or not. */
  close?(): Promise<void>;
}

export function sitePasses(params: { config: SiteConfig; dev?: boolean; cache?: BuildCache; /** The build's threads (given, or by default for its size). */ threads: number }): PipelinePass[] {
  const searchThread = SearchThread.worthIt(params);
  return [linksPass(params.dev), { name: 'plugins', bundled: (ctx) => runPasses(ctx) }, { name: 'sitemap', written: (ctx) => (sitemapPass(ctx), noProblems) }, searchPass({ ...params, searchThread })];
}

/** Broken links and anchors, sorted by onBrokenLinks/onBrokenAnchors: those that fail the build fail it in one report, once the links React pages draw are known too. */
function linksPass(dev?: boolean): PipelinePass {
  let checked: { targets: LinkTargets; report: LinkReport } | undefined;
  return {
    name: 'links',
    bundled({ site, rendered, emittedFiles, configFile }) {
      const targets = siteLinkTargets({ site, rendered, emittedFiles });
      checked = { targets, report: linkReport({ site, rendered, targets, configFile, dev }) };
    },
    written({ site, pages }) {
      const links = mergeLinkReports([checked!.report, drawnLinkReport({ site, pages, targets: checked!.targets, dev })]);
      if (links.failing.length) throw brokenLinksError(links);
      return warningsOnly(links.warnings);
    },
  };
}

/** Whether `sink` writes the search file by its hash, kept when the output has it (output/sink.ts reuse). */
const writtenByKey = (file: SearchFile, sink: OutputSink) => file.key !== undefined && sink.reuse !== undefined && sink.writeKeyed !== undefined;

/**
 * A warm build that parsed up to FEW_PARSES files again does not start the search thread as the parse
 * ends, and indexes up to FEW_CONTEXTS changed contexts here: a thread costs its start (its own V8,
 * the worker's modules, lunr) whatever it indexes, and a one-doc edit changes one context or two.
 */
const FEW_PARSES = 8;
const FEW_CONTEXTS = 2;

/**
 * The search index. A cold build indexes on a thread of its own while the pages are written; the
 * thread starts when the content is parsed: starting it (0.3-0.4 s of CPU with jieba's dictionary)
 * while the site is planned on this thread alone uses a core the parse threads leave idle then,
 * instead of taking it from them as when it started with the build. With the cache on disk, the
 * contexts whose input is unchanged are read back (thread.ts storedSearchIndex) and the thread indexes
 * the others; a build that parsed few files anew starts it only if many contexts changed after all
 * (a few are indexed here: FEW_CONTEXTS). Otherwise
 * (dev, the in-memory cache, a build without threads: `SearchThread.worthIt`) the index is made here from the
 * pages as written.
 */
function searchPass(params: { config: SiteConfig; dev?: boolean; cache?: BuildCache; /** A cold build on threads (`SearchThread.worthIt`). */ searchThread: boolean }): PipelinePass {
  const { config, cache } = params;
  // The contexts are indexed from the rendered pages' search input (and read back when unchanged).
  const indexed = !cache?.search && !params.dev && config.search.enabled;
  // With search files on disk, the terms of most texts are known: the thread loads jieba only if a text needs it.
  const warm = Boolean(cache?.searchIndex.size);
  let thread: Promise<SearchThread> | undefined;
  const start = () => {
    if (!thread) {
      thread = SearchThread.start([...config.search.language], !warm);
      thread.catch(() => undefined);
    }
    return thread;
  };
  // On the thread for a large site; here for a small one, for a warm build's few contexts (unless the
  // thread runs already), or when the thread could not start.
  const build: ContextIndexer = async (input, known) => {
    const few = warm && !thread && input.locales.length <= FEW_CONTEXTS;
    const t = params.searchThread && !few ? await start().catch(() => undefined) : undefined;
    return t ? t.build(input, known) : indexContexts(input, known);
  };
  let searching: Promise<SearchIndexResult> | undefined;
  return {
    name: 'search',
    parsed() {
      if (!indexed || !params.searchThread || (warm && cache!.stats.parseMisses <= FEW_PARSES)) return;
      start();
    },
    // The thread indexes its own copy of the search input from here on, while this one writes the pages.
    async rendered({ site, rendered, sink }) {
      const input = indexed ? searchInput({ site, rendered }) : undefined;
      // As `last` writes them: a file known by its hash that the output has is kept.
      const written = (file: SearchFile) => !(writtenByKey(file, sink) && sink.kept?.(file.path, file.key!));
      searching = input ? storedSearchIndex(input, cache, build, written) : undefined;
      searching?.catch(() => undefined);
      return Boolean(searching);
    },
    async last({ site, pages, sink }) {
      // The thread ends while its files are written (`close` waits for it).
      const letGo = () => void thread?.then((t) => t.close()).catch(() => undefined);
      const { files } = searching ? await searching.finally(letGo) : searchIndexFiles({ site, rendered: pages, cache: cache?.search });
      for (const file of files) {
        // A file whose contents are known by their hash: kept if the output has it (a context read back
        // from the cache on disk then reads none of its files' contents: contentStore.ts).
        if (writtenByKey(file, sink)) {
          if (!sink.reuse!(file.path, file.key!)) sink.writeKeyed!(file.path, file.contents, file.key!);
        } else sink.write(file.path, file.contents);
      }
    },
    async close() {
      if (thread) await (await thread.catch(() => undefined))?.close();
    },
  };
}
