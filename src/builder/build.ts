import path from 'node:path';
import { packageRoot } from './paths.js';
import { loadConfig, type LoadedConfig } from './config/loadConfig.js';
import type { ParseCache, SiteModel, PageToWrite, ContentPlugin } from './plugins/api.js';
import { writeBundle } from './bundle/client.js';
import { siteStyles } from './css/siteStyles.js';
import { unusedSwizzles } from './bundle/siteCode.js';
import type { ServerBundle } from './bundle/serverRenderer.js';
import { configureEsbuildProcess } from './bundle/esbuildThreads.js';
import type { ClientAssets } from './render/htmlDocument.js';
import { staticOutputs } from './site/staticFiles.js';
import type { BuildCache } from './cache.js';
import { createExecutor, defaultThreads, type HtmlStage } from './parallel/executor.js';
import { writePages } from './render/renderSite.js';
import { DirSink, type OutputSink } from './output/sink.js';
import { SCAN_AHEAD_FILES } from './output/scanAhead.js';
import { checkOutDir, sourceDirsOf } from './output/safeOutDir.js';
import { formatProblem, type Problem } from './errors.js';
import { sitePlugins } from './plugins/index.js';
import type { Diagrams } from './diagrams/types.js';
import type { TextCounts } from './parallel/sharedTexts.js';
import { contentStages } from './pipeline/content.js';
import { scanStage } from './pipeline/scan.js';
import { startBundles } from './pipeline/bundles.js';
import { sitePasses } from './pipeline/passes.js';
import { stageTimer } from './pipeline/timer.js';
import { docusaurusPluginsOf } from './docusaurusBuild.js';
import type { StageTiming } from './pipeline/types.js';

// `build`: the pipeline's stages (src/builder/pipeline/, see its README) composed in order:
// config → scan → parse → plan → diagrams → mdx → render → bundle → passes → html → passes on the
// pages as written → write. Each stage returns new values; errors fail the build once per stage.

export type { StageTiming };
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
  /** Worker threads for parsing and rendering (and one for the search index unless 0); default: none below 1,200 markdown files, else one per 600 up to the cores (parallel/executor.ts defaultThreads). */
  threads?: number;
  /** With threads, where the HTML stage runs: fresh threads, those of the markdown kept, or this thread; default: by the site's size (parallel/executor.ts htmlStage). */
  htmlStage?: HtmlStage;
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
  /** The config of `configFile`, when the caller loaded it already (the CLI, to compare it with its last build's: unchangedBuild.ts). */
  loadedConfig?: LoadedConfig;
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
  renderer: ServerBundle;
  /** The diagrams as drawn (`markdown.mermaid`): the dev server renders single pages again with them. */
  diagrams?: Diagrams;
  /** The site's own code files the bundles read (components, styles, images, JSON; not node_modules): the dev server watches them. */
  siteCode: string[];
  /** Markdown files parsed and rendered, and those that took an identical text's parse or render (parallel/sharedTexts.ts). */
  texts: TextCounts;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const { time, timings } = stageTimer(options.onStage);
  configureEsbuildProcess();
  const loaded = options.loadedConfig;
  const {
    config,
    siteDir,
    configFile,
    warnings: configWarnings,
  } = await time('config', async () => (loaded ? { ...loaded, warnings: [...loaded.warnings] } : loadConfig({ configFile: options.configFile })));
  const outDir = options.sink ? undefined : path.resolve(options.outDir ?? path.resolve(siteDir, config.outDir));
  // Before anything is written: the output folder is replaced as a whole at the end.
  if (outDir) {
    checkOutDir({ outDir, configFile, siteDir, sourceDirs: sourceDirsOf(config, siteDir), force: options.forceOutDir });
    const restored = DirSink.restorePrevious(outDir);
    if (restored) configWarnings.push({ message: `the previous output was restored from ${restored}: a build killed while replacing it had left no output folder`, file: outDir });
  }
  // The site's Docusaurus plugins run up to their routes and global data first: the bundles take their
  // client modules, route components, theme components, aliases and PostCSS plugins (docusaurusBuild.ts).
  const docusaurus = await docusaurusPluginsOf({ config, siteDir, configFile, locale: options.locale, outDir: outDir ?? path.resolve(siteDir, config.outDir), dev: Boolean(options.dev), time });
  configWarnings.push(...docusaurus.warnings);
  const plugins = sitePlugins([...(options.plugins ?? []), ...docusaurus.contentPlugins]);
  const scanned = scanStage({ config, siteDir, locale: options.locale, plugins });
  // esbuild bundles in its own process: the bundles are made while content loads.
  const bundles = startBundles({
    config,
    siteDir,
    configFile,
    pageSources: [...scanned.pageSources, ...docusaurus.pages],
    dev: options.dev,
    cache: options.cache,
    clientModules: docusaurus.clientModules,
    extensions: docusaurus.extensions,
  });
  configWarnings.push(...bundles.warnings);
  // The plugins' postBuild is the last pass: the output is complete and not yet in place (a failing one replaces nothing).
  // The threads the executor starts unless the cache keeps the build on this one; the search pass decides its own thread by them.
  const threads = options.threads ?? defaultThreads(scanned.files.length);
  const passes = [...sitePasses({ config, dev: options.dev, cache: options.cache, threads }), ...docusaurus.passes];
  const parseCache = options.cache?.parse ?? options.parseCache;
  const executor = await createExecutor({
    markdownFiles: scanned.files.length,
    threads,
    parseCache,
    threadsFirst: options.cache?.threadsFirst,
    threadParses: options.cache?.threadParses,
    warm: Boolean(options.cache?.markdown.size),
    htmlStage: options.htmlStage,
  });
  let sink: OutputSink | undefined;
  try {
    // A folder updated in place is scanned on a thread of its own while the content stages run (output/scanAhead.ts).
    sink = options.sink ?? new DirSink(outDir!, { manifests: options.cache?.output, force: options.forceOutDir, scanAhead: SCAN_AHEAD_FILES });
    // Render, bundle and run the passes on the rendered pages; what they need of each page (links,
    // anchors, search input) stays in this function: it hands only the pages to write on.
    const checked = async () => {
      const content = await contentStages({
        config,
        siteDir,
        locale: options.locale,
        production: !options.dev,
        executor,
        cache: options.cache,
        plugins,
        scanned,
        stopOnErrors: true,
        time,
        onParsed: (modules) => {
          for (const pass of passes) pass.parsed?.();
          bundles.parsed(modules);
        },
        onDiagrams: (diagrams) => bundles.drawn(diagrams),
        extensions: docusaurus.extensions,
      });
      const { rendered, assets, mdx } = content;
      const out = sink!;
      await out.ready?.();
      // The passes on the rendered pages: the search pass indexes them here (on this thread when the site
      // is too small for a search thread: 0.4 s of the Shifu site's cold build, which the bench had
      // counted under the bundle stage), or hands them to its thread.
      const searchTaken = await time('index', async () => {
        let taken = false;
        for (const pass of passes) if (await pass.rendered?.({ site: content.site, rendered, sink: out })) taken = true;
        return taken;
      });
      const { client: bundled, renderer } = await time('bundle', () => bundles.done(content));
      // The site as its pages are written: with the plugins' injected tags, and global data if the site's code reads it.
      const site = docusaurus.extendSite(content.site, bundled.read);
      // The stylesheet every page links, cut to the classes the site can show (css/siteStyles.ts).
      const styled = await time('styles', () =>
        siteStyles({
          client: bundled,
          pages: rendered,
          // Each locale's chrome, and the HTML tags plugins inject (their elements can be styled too).
          chromes: [...site.locales.map((l) => l.chrome), site.htmlTags],
          customCss: bundles.customCss,
          siteDir,
          markdownModules: content.markdownModules,
          dev: options.dev,
          cache: options.cache,
        }),
      );
      const client = styled.client;
      await time('passes', () => {
        const emittedFiles = new Set<string>([...assets.files.keys(), ...client.files.map((f) => f.path), ...(mdx?.assets ?? []).map((f) => f.path)]);
        for (const pass of passes) pass.bundled?.({ site, rendered, sink: out, emittedFiles, configFile });
      });
      // The pages to write, as new values: without their links and anchors, and without their search
      // input once a pass took its copy.
      const pages: PageToWrite[] = rendered.map((r) => ({ route: r.route, page: r.page, sidebar: r.sidebar, sourceFile: r.sourceFile, ...(searchTaken ? {} : { search: r.search }) }));
      const siteCode = ownCode({ siteDir, files: [...client.read, ...(mdx?.read ?? [])] });
      // Warnings in the order the stages found them: content, config, the site's rules for theme classes no page shows, the bundles' unused swizzles.
      const warnings = [...content.problems.warnings, ...configWarnings, ...styled.warnings, ...unusedSwizzles(siteDir, siteCode)];
      return { site, pages, assets, client, renderer, out, diagrams: content.diagrams, mdxAssets: mdx?.assets ?? [], siteCode, warnings, texts: content.texts };
    };
    const { site, pages, assets, client, renderer, out, diagrams, mdxAssets, siteCode, warnings, texts } = await checked();

    const written = await time('html', () => writePages({ site, routes: pages, sink: out, client: client.assets, renderer, executor, cache: options.cache, dropBodies: options.dropBodies }));
    // The threads are let go as soon as the pages are written, and the search thread as soon as its
    // files are back: their heaps are not kept beside the search index and the last writes. Their
    // ends are not waited for here (the build waits for them as it returns): a thread's end (its
    // heap given back to the system) took 30-90 ms of this thread's time, with nothing else to do.
    executor.close().catch(() => undefined);
    // The passes on the pages as written: the links React pages drew (<Link>), the sitemap.
    for (const pass of passes) warnings.push(...(pass.written?.({ site, pages: written, sink: out }).warnings ?? []));
    // The scripts, styles and files the pages use are queued for writing before waiting for the
    // search thread, which may still be indexing.
    writeBundle(client, out);
    // Files the markdown's code refers to (the browser bundle holds those of islands already: same names).
    for (const f of mdxAssets) out.write(f.path, f.contents);
    for (const [file, abs] of assets.files) out.copy(file, abs);
    for (const [file, abs] of staticOutputs(site.staticFiles)) out.copy(file, abs);
    for (const pass of passes) if (pass.last) await time(pass.name, () => pass.last!({ site, pages: written, sink: out }));
    await time('write', () => out.commit());
    return {
      outDir,
      pages: written.length,
      locales: site.locales.map((l) => l.info.locale),
      warnings,
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
    for (const pass of passes) await pass.close?.();
  }
}

export { formatProblem };

/** The files of the site's own code among those a bundle read: in the site folder, neither a package's nor sitegen's (a site in sitegen's checkout). */
function ownCode(params: { siteDir: string; files: string[] }): string[] {
  const sitegen = path.join(packageRoot(), 'src') + path.sep;
  const own = (f: string) => !path.relative(params.siteDir, f).startsWith('..') && !f.startsWith(sitegen) && !f.split(path.sep).includes('node_modules');
  return [...new Set(params.files.filter(own))].sort();
}
