import path from 'node:path';
import { loadConfig } from './config/loadConfig.js';
import { loadSite, type ParseCache } from './site/loadSite.js';
import { bundleClient, writeBundle } from './bundle/client.js';
import { bundleServer, bundleError, type ServerRenderer } from './bundle/server.js';
import { leaveACoreToTheBuild } from './bundle/esbuildThreads.js';
import type { ClientAssets } from './render/htmlDocument.js';
import { scanPages } from './pages/scan.js';
import { markdownFiles } from './site/markdownFiles.js';
import type { BuildCache } from './cache.js';
import { createExecutor } from './parallel/executor.js';
import { renderRoutes, writePages } from './render/renderSite.js';
import { checkLinks, type LinkSource } from './passes/checkLinks.js';
import type { ResolvedNavbarItem } from '../shared/navbar.js';
import { DirSink, type OutputSink } from './output/sink.js';
import { checkOutDir, sourceDirsOf } from './output/safeOutDir.js';
import { SitegenError, formatProblem, type Problem } from './errors.js';
import { runPasses } from './passes/index.js';
import type { SiteModel } from './site/loadSite.js';
import type { RenderedRoute } from './render/types.js';
import { SearchThread } from './passes/search/thread.js';
import { searchIndexFiles, searchInput, setSearchChrome, type SearchIndexResult } from './passes/search/index.js';

export interface BuildOptions {
  configFile: string;
  /** Output folder; default: the config's outDir next to the site. */
  outDir?: string;
  /** Replace an output folder that is not an earlier build (never the site's own folders; see safeOutDir). */
  forceOutDir?: boolean;
  locale?: string;
  /** Write somewhere else than a folder (tests, dev server). */
  sink?: OutputSink;
  dev?: boolean;
  parseCache?: ParseCache;
  /** Worker threads for parsing and rendering; default: all cores for a large site, none for a small one. */
  threads?: number;
  /** Reuse parses, renders and pages of earlier builds in this process (content-hash keyed). */
  cache?: BuildCache;
  /** Called as each stage ends. */
  onStage?: (stage: StageTiming) => void;
  /**
   * Frees each page's body once its files are written (the CLI, which never reads them back): a
   * large site's bodies are most of the memory of the last stages. `rendered[].page.bodyHtml` is
   * then left out of the result.
   */
  dropBodies?: boolean;
}

export interface StageTiming {
  stage: string;
  ms: number;
}

export interface BuildResult {
  outDir?: string;
  pages: number;
  locales: string[];
  warnings: Problem[];
  timings: StageTiming[];
  ms: number;
  site: SiteModel;
  rendered: RenderedRoute[];
  /** The browser bundle's urls and the server renderer: the dev server renders single pages again with them. */
  client: ClientAssets;
  renderer: ServerRenderer;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const timings: StageTiming[] = [];
  const time = async <T,>(stage: string, fn: () => T | Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const value = await fn();
    const timing = { stage, ms: performance.now() - t0 };
    timings.push(timing);
    options.onStage?.(timing);
    return value;
  };

  leaveACoreToTheBuild();
  const { config, siteDir, configFile } = await time('config', () => loadConfig({ configFile: options.configFile }));
  const outDir = options.sink ? undefined : path.resolve(options.outDir ?? path.resolve(siteDir, config.outDir));
  // Before anything is written: the output folder is replaced as a whole at the end.
  if (outDir) checkOutDir({ outDir, configFile, siteDir, sourceDirs: sourceDirsOf(config, siteDir), force: options.forceOutDir });
  // esbuild bundles in its own process: start both bundles now and let them run while content loads.
  const pages = scanPages({ siteDir, pagesPath: config.pages === false ? false : config.pages.path });
  const customCss = config.themeConfig.customCss.map((f) => path.resolve(siteDir, f));
  const bundling = bundleClient({ baseUrl: config.baseUrl, dev: options.dev, pages, customCss, contexts: options.cache?.esbuild });
  const serverBundling = bundleServer({ pages, contexts: options.cache?.esbuild });
  bundling.catch(() => undefined);
  serverBundling.catch(() => undefined);
  const files = markdownFiles({ config, siteDir, locales: options.locale ? [options.locale] : config.i18n.locales });
  // A cold build indexes search on a thread of its own while the pages are written; it starts now,
  // loading its language support while the content is parsed.
  const searchThread = !options.cache && !options.dev && config.search.enabled ? SearchThread.start([...config.search.language]) : undefined;
  searchThread?.catch(() => undefined);
  const parseCache = options.cache?.parse ?? options.parseCache;
  const executor = await createExecutor({ markdownFiles: files.length, threads: options.threads, parseCache });
  let sink: OutputSink | undefined;
  try {
    const preParsed = await time('parse', () => executor.parse(files, config.markdown));
    const site = await time('plan', () => loadSite({ config, siteDir, onlyLocale: options.locale, production: !options.dev, preParsed }));
    site.problems.throwIfErrors('The site has errors');
    sink = options.sink ?? new DirSink(outDir!, { manifests: options.cache?.output, force: options.forceOutDir });
    const out = sink;
    const { rendered, assets } = await time('render', () => renderRoutes({ site, executor, cache: options.cache }));
    site.problems.throwIfErrors('The site has errors');
    // Pages name the search pointer, known now. The index is built on its own thread from here on,
    // while this one loads the bundles, checks links and writes the pages.
    setSearchChrome(site);
    let searching: Promise<SearchIndexResult> | undefined;
    const thread = searchThread && (await searchThread.catch(() => undefined));
    const input = thread ? searchInput({ site, rendered }) : undefined;
    if (thread && input) {
      searching = thread.build(input);
      searching.catch(() => undefined);
      // The thread has its own copy: the search input of every page is freed here.
      for (const r of rendered) r.search = undefined;
    }
    const [client, renderer] = await time('bundle', () => Promise.all([bundling.catch((e) => Promise.reject(bundleError(e, 'Cannot bundle the browser code'))), serverBundling]));

    await time('passes', async () => {
      const emitted = new Set<string>([...assets.files.keys(), ...client.files.map((f) => f.path)]);
      const links = checkLinks({ rendered, config, staticFiles: site.staticFiles, extraFiles: emitted, extraRoutes: extraLinkTargets(site), extraSources: chromeLinkSources(site, configFile) });
      // While writing (dev), a link to a page not written yet is a warning; build and check-links fail on it.
      const lenient = (b: 'throw' | 'warn' | 'ignore') => (options.dev && b === 'throw' ? 'warn' : b);
      report(site, links.brokenLinks, lenient(config.onBrokenLinks), 'Broken links');
      report(site, links.brokenAnchors, lenient(config.onBrokenAnchors), 'Broken anchors');
      runPasses({ site, rendered, sink: out });
      // Links and anchors have served the link check: free them before the HTML stage.
      for (const r of rendered) {
        r.links = [];
        r.anchors = [];
      }
    });

    await time('html', () => writePages({ site, rendered, sink: out, client: client.assets, renderer, executor, cache: options.cache, dropBodies: options.dropBodies }));
    site.problems.throwIfErrors('The site has errors');
    // The scripts, styles and files the pages use are queued for writing before waiting for the
    // search thread, which may still be indexing.
    writeBundle(client, out);
    for (const [file, abs] of assets.files) out.copy(file, abs);
    for (const [publicPath, abs] of site.staticFiles.files) out.copy(publicPath.slice(1), abs);
    await time('search', async () => {
      const { files } = searching ? await searching : searchIndexFiles({ site, rendered, cache: options.cache?.search });
      for (const file of files) out.write(file.path, file.contents);
    });
    await time('write', () => out.commit());
    return {
      outDir,
      pages: rendered.length,
      locales: site.locales.map((l) => l.info.locale),
      warnings: site.problems.warnings,
      timings,
      ms: performance.now() - started,
      site,
      rendered,
      client: client.assets,
      renderer,
    };
  } catch (e) {
    await sink?.abort();
    throw e;
  } finally {
    await executor.close();
    if (searchThread) await (await searchThread.catch(() => undefined))?.close();
  }
}

function report(site: SiteModel, problems: Problem[], behaviour: 'throw' | 'warn' | 'ignore', title: string): void {
  if (!problems.length || behaviour === 'ignore') return;
  if (behaviour === 'throw') {
    throw new SitegenError(`${title}: ${problems.length} found (set onBrokenLinks: 'warn' to build anyway)`, problems);
  }
  for (const p of problems) site.problems.warn({ ...p, message: `${title.replace(/s$/, '')} ${p.message}` });
}

/** Files other passes write that pages may link to (feeds, sitemap): registered by those passes. */
function extraLinkTargets(site: SiteModel): string[] {
  return site.extraLinkTargets;
}

/** The navbar and footer links of each locale, reported against the config file. */
export function chromeLinkSources(site: SiteModel, configFile: string): LinkSource[] {
  return site.locales.map((l) => {
    const urls: string[] = [];
    const walk = (items: ResolvedNavbarItem[]) => {
      for (const i of items) {
        if (i.kind === 'link') urls.push(i.href);
        else if (i.kind === 'dropdown') {
          if (i.href) urls.push(i.href);
          if (i.role !== 'locale') walk(i.items);
        }
      }
    };
    walk(l.chrome.navbarItems);
    for (const col of l.chrome.footer?.columns ?? []) for (const item of col.items) if (!item.html) urls.push(item.href);
    return { route: l.info.baseUrl, sourceFile: configFile, links: urls.map((url) => ({ url, file: `${configFile} (${l.info.locale} navbar/footer)` })) };
  });
}

export { formatProblem };
