import path from 'node:path';
import { packageRoot } from './paths.js';
import { loadConfig } from './config/loadConfig.js';
import type { ParseCache, SiteModel, PageToWrite, ContentPlugin } from './plugins/api.js';
import { bundleClient, writeBundle } from './bundle/client.js';
import { siteStyles } from './css/siteStyles.js';
import { bundleServer, bundleError } from './bundle/server.js';
import { unusedSwizzles } from './bundle/siteCode.js';
import { checkSiteFiles } from './config/siteFiles.js';
import { clientModuleFiles } from './bundle/clientModules.js';
import type { ServerRenderer } from './bundle/serverRenderer.js';
import { leaveACoreToTheBuild } from './bundle/esbuildThreads.js';
import type { ClientAssets } from './render/htmlDocument.js';
import { scanPages } from './plugins/pages/scan.js';
import { markdownFiles } from './site/markdownFiles.js';
import type { BuildCache } from './cache.js';
import { createExecutor } from './parallel/executor.js';
import { writePages } from './render/renderSite.js';
import { DirSink, type OutputSink } from './output/sink.js';
import { checkOutDir, sourceDirsOf } from './output/safeOutDir.js';
import { formatProblem, type Problem } from './errors.js';
import { runPasses } from './passes/index.js';
import { sitemapPass } from './passes/sitemap.js';
import { SearchThread } from './passes/search/thread.js';
import { searchIndexFiles, searchInput } from './passes/search/index.js';
import { brokenLinksError, drawnLinkReport, linkReport, mergeLinkReports, siteLinkTargets } from './passes/linkReport.js';
import { contentStages, type StageTimer } from './stages.js';
import { sitePlugins } from './plugins/index.js';
import type { Diagrams } from './diagrams/types.js';
import type { TextCounts } from './parallel/sharedTexts.js';

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
  /** Content plugins beyond the built-in ones (docs, blog, pages, search page), planned after them. */
  plugins?: ContentPlugin[];
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
  /** Every page as written (without the links and anchors the link check read). */
  rendered: PageToWrite[];
  /** The browser bundle's urls and the server renderer: the dev server renders single pages again with them. */
  client: ClientAssets;
  renderer: ServerRenderer;
  /** The diagrams as drawn (`markdown.mermaid`): the dev server renders single pages again with them. */
  diagrams?: Diagrams;
  /** The site's own code files the bundles read (components, styles, images, JSON; not node_modules): the dev server watches them. */
  siteCode: string[];
  /** Markdown files parsed and rendered, and those that took an identical text's parse or render (parallel/sharedTexts.ts). */
  texts: TextCounts;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const timings: StageTiming[] = [];
  const time: StageTimer = async (stage, fn) => {
    const t0 = performance.now();
    const value = await fn();
    const timing = { stage, ms: performance.now() - t0 };
    timings.push(timing);
    options.onStage?.(timing);
    return value;
  };

  leaveACoreToTheBuild();
  const { config, siteDir, configFile, warnings: configWarnings } = await time('config', () => loadConfig({ configFile: options.configFile }));
  const outDir = options.sink ? undefined : path.resolve(options.outDir ?? path.resolve(siteDir, config.outDir));
  // Before anything is written: the output folder is replaced as a whole at the end.
  if (outDir) {
    checkOutDir({ outDir, configFile, siteDir, sourceDirs: sourceDirsOf(config, siteDir), force: options.forceOutDir });
    const restored = DirSink.restorePrevious(outDir);
    if (restored) configWarnings.push({ message: `the previous output was restored from ${restored}: a build killed while replacing it had left no output folder`, file: outDir });
  }
  // esbuild bundles in its own process: start both bundles now and let them run while content loads.
  const pageSources = scanPages({ siteDir, pages: config.pages });
  const clientModules = clientModuleFiles({ config, siteDir, configFile });
  configWarnings.push(...checkSiteFiles({ config, siteDir, configFile }));
  const customCss = [...config.themeConfig.customCss.map((f) => path.resolve(siteDir, f)), ...clientModules.styles];
  const colorModeSwitch = !config.themeConfig.colorMode.disableSwitch;
  // What both browser bundles (the one started now and the one made again after rendering) are made of.
  const clientParams = {
    siteDir,
    baseUrl: config.baseUrl,
    staticDirectories: config.staticDirectories,
    dev: options.dev,
    pages: pageSources,
    customCss,
    clientScripts: clientModules.scripts,
    colorModeSwitch,
    contexts: options.cache?.esbuild,
  };
  const bundling = bundleClient(clientParams);
  const serverBundling = bundleServer({
    siteDir,
    baseUrl: config.baseUrl,
    staticDirectories: config.staticDirectories,
    pages: pageSources,
    clientScripts: clientModules.scripts,
    contexts: options.cache?.esbuild,
  });
  bundling.catch(() => undefined);
  serverBundling.catch(() => undefined);
  const plugins = sitePlugins(options.plugins);
  const files = markdownFiles({ config, siteDir, locales: options.locale ? [options.locale] : config.i18n.locales, plugins });
  // A cold build indexes search on a thread of its own while the pages are written. The thread starts
  // when the content is parsed: starting it (0.3-0.4 s of CPU with jieba's dictionary) while the
  // site is planned on this thread alone uses a core the parse threads leave idle then, instead of
  // taking it from them as when it started with the build.
  let searchThread: Promise<SearchThread> | undefined;
  const startSearchThread = () => {
    if (options.cache?.search || options.dev || !config.search.enabled) return;
    searchThread = SearchThread.start([...config.search.language]);
    searchThread.catch(() => undefined);
  };
  const parseCache = options.cache?.parse ?? options.parseCache;
  const executor = await createExecutor({ markdownFiles: files.length, threads: options.threads, parseCache, threadsFirst: options.cache?.threadsFirst });
  let sink: OutputSink | undefined;
  try {
    // Render, check links and run the passes; what they need of each page (links, anchors, search
    // input) stays in this stage: it hands only the pages to write on to the HTML stage.
    const checked = async () => {
      const { site, rendered, assets, diagrams, islands, mdx, markdownModules, texts } = await contentStages({
        config,
        siteDir,
        locale: options.locale,
        production: !options.dev,
        executor,
        cache: options.cache,
        plugins,
        files,
        stopOnErrors: true,
        time,
        onParsed: startSearchThread,
      });
      const out = (sink = options.sink ?? new DirSink(outDir!, { manifests: options.cache?.output, force: options.forceOutDir }));
      // The index is built on its own thread from here on (from its own copy of the search input),
      // while this one loads the bundles, checks links and writes the pages.
      const thread = searchThread && (await searchThread.catch(() => undefined));
      const input = thread ? searchInput({ site, rendered }) : undefined;
      const searching = thread && input ? thread.build(input, options.cache?.searchIndex) : undefined;
      searching?.catch(() => undefined);
      // Islands in the markdown, styles its code imports, or diagrams left to the browser: the browser
      // bundle ships them too (or the hook that loads their drawing), so it is made again with them (the styles are a stylesheet every page links, as Docusaurus bundles CSS site-wide).
      const mermaidFallback = Boolean(diagrams?.script);
      const again = islands.length || mdx?.styles.length || mermaidFallback;
      const clientBundling = again
        ? bundleClient({
            ...clientParams,
            islands,
            markdownStyles: mdx?.styles,
            markdownModules,
            mermaidFallback,
          })
        : bundling;
      const [bundled, renderer] = await time('bundle', () => Promise.all([clientBundling.catch((e) => Promise.reject(bundleError(e, 'Cannot bundle the browser code'))), serverBundling]));
      // The stylesheet every page links, cut to the classes the site can show (css/siteStyles.ts).
      const styled = await time('styles', () =>
        siteStyles({ client: bundled, pages: rendered, chromes: site.locales.map((l) => l.chrome), customCss, siteDir, markdownModules, dev: options.dev, cache: options.cache }),
      );
      const client = styled.client;
      for (const w of styled.warnings) site.problems.warn(w);
      const checkedLinks = await time('passes', () => {
        const emittedFiles = new Set<string>([...assets.files.keys(), ...client.files.map((f) => f.path), ...(mdx?.assets ?? []).map((f) => f.path)]);
        const targets = siteLinkTargets({ site, rendered, emittedFiles });
        // What fails the build is reported with the links React pages draw, once they are drawn: in one report.
        const links = linkReport({ site, rendered, targets, configFile, dev: options.dev });
        for (const w of configWarnings) site.problems.warn(w);
        runPasses({ site, rendered, sink: out });
        return { targets, links };
      });
      // The pages to write, as new values: without their links and anchors, and without their search
      // input once the thread has its copy.
      const pages: PageToWrite[] = rendered.map((r) => ({ route: r.route, page: r.page, sidebar: r.sidebar, sourceFile: r.sourceFile, ...(searching ? {} : { search: r.search }) }));
      const siteCode = ownCode({ siteDir, files: [...client.read, ...(mdx?.read ?? [])] });
      for (const w of unusedSwizzles(siteDir, siteCode)) site.problems.warn(w);
      return { site, pages, assets, client, renderer, searching, out, diagrams, mdxAssets: mdx?.assets ?? [], siteCode, checkedLinks, texts };
    };
    const { site, pages, assets, client, renderer, searching, out, diagrams, mdxAssets, siteCode, checkedLinks, texts } = await checked();

    const written = await time('html', () => writePages({ site, routes: pages, sink: out, client: client.assets, renderer, executor, cache: options.cache, dropBodies: options.dropBodies }));
    // The threads are let go as soon as the pages are written, and the search thread as soon as its
    // files are back: their heaps are not kept beside the search index and the last writes.
    await executor.close();
    // The links React pages drew (<Link>), known now that they are drawn: checked as the others were.
    const links = mergeLinkReports([checkedLinks.links, drawnLinkReport({ site, pages: written, targets: checkedLinks.targets, dev: options.dev })]);
    if (links.failing.length) throw brokenLinksError(links);
    for (const w of links.warnings) site.problems.warn(w);
    site.problems.throwIfErrors('The site has errors');
    sitemapPass({ site, pages: written, sink: out });
    // The scripts, styles and files the pages use are queued for writing before waiting for the
    // search thread, which may still be indexing.
    writeBundle(client, out);
    // Files the markdown's code refers to (the browser bundle holds those of islands already: same names).
    for (const f of mdxAssets) out.write(f.path, f.contents);
    for (const [file, abs] of assets.files) out.copy(file, abs);
    for (const [publicPath, abs] of site.staticFiles.files) out.copy(publicPath.slice(1), abs);
    await time('search', async () => {
      const { files } = searching ? await searching.finally(() => searchThread?.then((t) => t.close())) : searchIndexFiles({ site, rendered: written, cache: options.cache?.search });
      for (const file of files) out.write(file.path, file.contents);
    });
    await time('write', () => out.commit());
    return {
      outDir,
      pages: written.length,
      locales: site.locales.map((l) => l.info.locale),
      warnings: site.problems.warnings,
      timings,
      ms: performance.now() - started,
      site,
      rendered: written,
      client: client.assets,
      renderer,
      diagrams,
      siteCode,
      texts,
    };
  } catch (e) {
    await sink?.abort();
    throw e;
  } finally {
    await executor.close();
    if (searchThread) await (await searchThread.catch(() => undefined))?.close();
  }
}

export { formatProblem };

/** The files of the site's own code among those a bundle read: in the site folder, neither a package's nor sitegen's (a site in sitegen's checkout). */
function ownCode(params: { siteDir: string; files: string[] }): string[] {
  const sitegen = path.join(packageRoot(), 'src') + path.sep;
  const own = (f: string) => !path.relative(params.siteDir, f).startsWith('..') && !f.startsWith(sitegen) && !f.split(path.sep).includes('node_modules');
  return [...new Set(params.files.filter(own))].sort();
}
