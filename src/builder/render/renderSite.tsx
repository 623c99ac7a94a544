// The render stages: routes to page data (renderRoutes, its markdown renders in markdownRenders.ts),
// then page data to HTML documents and page-data files (writePages, with its jobs in pageJobs.ts and
// its cache validity in pageReuse.ts).
import type { SiteModel, RenderedRoute, RenderContext, PageToWrite } from '../plugins/api.js';
import type { OutputSink } from '../output/sink.js';
import { markdownJobsFor } from './renderers.js';
import { assembleRoutes, type RouteAssembly, type RouteJobs } from './assembleRoutes.js';
import { markdownRenders } from './markdownRenders.js';
import type { StageTimer } from '../pipeline/types.js';
import { AssetRegistry } from './markdownContext.js';
import type { Diagrams } from '../diagrams/types.js';
import { PENDING_CLASS } from '../markdown/plugins/mermaid.js';
import { documentSettings, pageDocument, pageFiles, pageWithHead, type ClientAssets, type DocumentSettings } from './htmlDocument.js';
import { ProblemCollector, SitegenError, type Problem } from '../errors.js';
import type { ServerBundle } from '../bundle/serverRenderer.js';
import { inProcessExecutor, type Executor } from '../parallel/executor.js';
import { markdownJobKey, type HtmlJob, type HtmlResult, type MarkdownJob, type MarkdownResult } from '../parallel/protocol.js';
import type { BuildCache } from '../cache.js';
import { cacheKey } from '../cacheKey.js';
import { htmlJobs, prunedSidebars, type PrunedSidebars } from './pageJobs.js';
import { pageReuse, type PageReuse } from './pageReuse.js';
import { keyRendered, markdownKey } from './renderedKeys.js';
import { readShownParts, type RenderedMarkdown } from '../markdown/context.js';
import { SidebarMarkup } from './sidebarMarkup.js';

export interface RenderRoutesResult {
  rendered: RenderedRoute[];
  assets: AssetRegistry;
  /** The islands of the rendered markdown (module#export), sorted. */
  islands: string[];
  /** What rendering found wrong (each markdown file's problems once, however many locales show it). */
  problems: { errors: Problem[]; warnings: Problem[] };
}

/** Diagrams being drawn as the render starts (pipeline/content.ts): the pages that show none are rendered meanwhile. */
export interface DiagramsDrawing {
  /** The diagrams before any is drawn (diagrams/stage.ts pendingDiagrams): the drawing's key and mermaid's config. */
  pending: Diagrams;
  /** The diagrams once drawn. */
  drawn: Promise<Diagrams>;
}

/**
 * Renders every planned route to page data (markdown to HTML, metadata, links); no file is written.
 * The markdown of all routes is rendered on the executor's threads, and each route is assembled (in
 * order) as soon as the renders it shows are back (assembleRoutes.ts). With diagrams being drawn,
 * the files whose parse found none are rendered while they are drawn (timed as `render`), and the
 * files that show one once they are (timed as `diagrams`, with the wait for the drawings).
 */
export async function renderRoutes(params: {
  site: SiteModel;
  executor?: Executor;
  cache?: BuildCache;
  /** The site's diagrams (`markdown.mermaid` on): drawn, or being drawn. */
  diagrams?: Diagrams | DiagramsDrawing;
  /** The MDX bundle (mdx/bundle.ts), when some file holds code: its file, and the files each markdown file's code reaches. */
  mdx?: { file: string; dependencies: Map<string, string[]> };
  /** The content hash (cacheKey) of each markdown file's text as the build read it (pipeline/content.ts); a file not in it is read again. */
  textKeys?: ReadonlyMap<string, string>;
  /** Times the stage's parts (`render`, then `diagrams` with diagrams being drawn). */
  time?: StageTimer;
}): Promise<RenderRoutesResult> {
  const { site } = params;
  const time: StageTimer = params.time ?? (async (_stage, fn) => fn());
  const renders = markdownRenders({ site, executor: params.executor ?? inProcessExecutor(), cache: params.cache, mdx: params.mdx, textKeys: params.textKeys });
  const drawing = params.diagrams && 'drawn' in params.diagrams ? params.diagrams : undefined;
  if (!drawing) {
    const diagrams = params.diagrams as Diagrams | undefined;
    return time('render', async () => {
      const { all, assembly } = routeJobsOf(site, Boolean(params.cache));
      const routes = assembly();
      const part = await renders.render(all, diagrams, { onResults: (batch) => routes.more(batch) });
      return routesRendered(site, diagrams, renders.commit([part], all), routes);
    });
  }
  // The renders that need the drawings: those of the files whose parse found a diagram.
  const shows = (job: MarkdownJob) => Boolean(site.parsed.get(job.file)?.diagrams?.length);
  // A render of the first part that placed a diagram all the same (an imported markdown file's, a
  // <Mermaid> whose value is an expression: none the parse found) is made again with the drawings,
  // and shown to no route meanwhile. Only a render made now can: a cache hit is a render kept by an
  // earlier build, once drawn (a render of a first part is kept only if it placed none). So a hit's
  // HTML is not looked at: with the renders' parts deferred (contentStore.ts), that read every
  // cached render's body HTML from the store, which a page kept from the last build never needs
  // (warm Shifu build, one doc edited: 15 ms of the main thread's 796 in its CPU profile, 03:01 UTC).
  const { all, assembly, routes, first } = await time('render', async () => {
    const { all, assembly } = routeJobsOf(site, Boolean(params.cache));
    const routes = assembly();
    try {
      const first = await renders.render(
        all.filter((job) => !shows(job)),
        drawing.pending,
        { more: true, onResults: (batch, made) => routes.more(made ? new Map([...batch].filter(([, r]) => !placesDiagram(r))) : batch) },
      );
      return { all, assembly, routes, first };
    } catch (e) {
      // As when the drawings came first: a drawing that failed fails the build, before the render.
      await drawing.drawn;
      throw e;
    }
  });
  return time('diagrams', async () => {
    const diagrams = await drawing.drawn;
    if (cacheKey({ ...diagrams, results: [] }) !== cacheKey({ ...drawing.pending, results: [] })) {
      // Diagrams left to the browser (it did not start): every render's key, and context, holds
      // mermaid's script, which the pending diagrams did not. All rendered again, as without a wait.
      const again = assembly();
      const part = await renders.render(all, diagrams, { onResults: (batch) => again.more(batch) });
      return routesRendered(site, diagrams, renders.commit([part], all), again);
    }
    const redo = new Set([...first.fresh].filter(([, r]) => placesDiagram(r)).map(([key]) => key));
    for (const key of redo) first.fresh.delete(key);
    const rest = await renders.render(
      all.filter((job) => shows(job) || redo.has(markdownJobKey(job))),
      diagrams,
      { onResults: (batch) => routes.more(batch) },
    );
    return routesRendered(site, diagrams, renders.commit([first, rest], all), routes);
  });
}

/**
 * Every markdown render the planned routes show (by job key, once each), and what assembles the routes
 * in order as the renders they show come back (assembleRoutes), beside the threads still rendering.
 */
function routeJobsOf(site: SiteModel, keyed: boolean): { all: MarkdownJob[]; assembly: () => RouteAssembly } {
  const jobs = new Map<string, MarkdownJob>();
  /** Each route, and the keys of the renders it shows, in order. */
  const routeJobs: RouteJobs[] = [];
  for (const locale of site.locales) {
    for (const route of locale.routes) {
      const keys: string[] = [];
      for (const job of markdownJobsFor(route, { site, locale })) {
        const key = markdownJobKey(job);
        jobs.set(key, job);
        keys.push(key);
      }
      routeJobs.push({ locale, route, keys });
    }
  }
  return { all: [...jobs.values()], assembly: () => assembleRoutes({ site, routeJobs, keyed }) };
}

/** Whether a render placed a diagram left to the browser (each one, with the pending diagrams): plugins/mermaid.ts's class. */
function placesDiagram(r: MarkdownResult): boolean {
  return r.rendered.html.includes(PENDING_CLASS);
}

/** The stage's result once every render is back (`results`, in the order they were made). */
function routesRendered(site: SiteModel, diagrams: Diagrams | undefined, results: Map<string, MarkdownResult>, assembly: RouteAssembly): RenderRoutesResult {
  const assets = new AssetRegistry(site.config.baseUrl);
  // mermaid's script is served when a diagram is left to the browser.
  if (diagrams?.script) assets.files.set(diagrams.script.path, diagrams.script.file);
  // Problems are reported once per file even when the file is shown in several locales.
  const reported = new Set<string>();
  const problems = new ProblemCollector();
  const islands = new Set<string>();
  for (const r of results.values()) {
    for (const key of r.islands ?? []) islands.add(key);
    for (const p of r.errors) if (!reported.has(JSON.stringify(p)) && reported.add(JSON.stringify(p))) problems.error(p);
    for (const p of r.warnings) if (!reported.has(JSON.stringify(p)) && reported.add(JSON.stringify(p))) problems.warn(p);
    for (const [out, abs] of r.assets) assets.files.set(out, abs);
  }
  // The routes' problems after the markdown's, in the routes' order.
  const rendered = assembly.finish(results, problems);
  return { rendered, assets, islands: [...islands].sort(), problems: { errors: problems.errors, warnings: problems.warnings } };
}

/**
 * Writes each rendered route as an HTML document (React rendered to a string, on the executor's
 * threads) and a page-data file for client navigation. Returns the pages as written, as new values
 * (each head completed by the page's components; without its body with `dropBodies`, so that a large
 * site's bodies are freed as it goes when the caller keeps no reference to `routes`); the caller's
 * array is left as it was.
 */
export async function writePages(params: {
  site: SiteModel;
  routes: PageToWrite[];
  sink: OutputSink;
  client: ClientAssets;
  renderer: Pick<ServerBundle, 'file' | 'pageKeys'>;
  executor?: Executor;
  cache?: BuildCache;
  dropBodies?: boolean;
}): Promise<PageToWrite[]> {
  // Read once: \`params\` is not kept while the pages are written (it holds the caller's array).
  const { site, sink, client, renderer, cache, dropBodies } = params;
  const pages = [...params.routes];
  const executor = params.executor ?? inProcessExecutor();
  const settings = documentSettings(site.config, site.htmlTags);
  const jobs = htmlJobs(pages, sink, site.config.baseUrl);
  const sidebars = prunedSidebars(pages);
  const chromes = Object.fromEntries(site.locales.map((l) => [l.info.locale, l.chrome]));
  const reuse = pageReuse({ cache, config: site.config, client, rendererFile: renderer.file, chromes });
  const locales = new Map(site.locales.map((l) => [l.info.locale, l]));
  const writing: DocumentWriting = { locales, sink, settings, client, pages, jobs, sidebars, reuse, sidebarJson: new SidebarMarkup(), files: new Map() };
  const failures: Problem[] = [];
  const onResult = (r: HtmlResult) => {
    const failure = writeDocument(writing, r);
    if (failure) failures.push(failure);
    sidebars.drop(r.index);
    if (dropBodies) dropBody(pages, jobs, r.index);
  };
  const todo = reuse.pending(jobs, sidebars.keyOf, onResult, (index) => keptDocument(writing, index));
  // A page written again reads its body now if it was read back from disk unread (markdown/context.ts):
  // one that cannot be read then fails the build here (cli/build.ts builds again), not its page's render.
  for (const job of todo) readShownParts(job.page);
  // Without a cache no markup is needed back: the executor may write the documents where it renders them.
  const documents = cache
    ? undefined
    : { folder: sink.directFolder?.bind(sink), settings, assets: client, locales: Object.fromEntries(site.locales.map((l) => [l.info.locale, { htmlLang: l.info.htmlLang, dir: l.info.direction }])) };
  const prepare = (job: HtmlJob): HtmlJob => ({ ...job, sidebar: sidebars.of(job.index) });
  await executor.renderHtml(
    { serverBundle: renderer.file, pageKeys: renderer.pageKeys, chromes, documents },
    todo,
    (r) => {
      reuse.remember(pages[r.index].page.route, r);
      onResult(r);
    },
    prepare,
  );
  if (failures.length) {
    throw new SitegenError(
      `Rendering failed on ${failures.length} page${failures.length > 1 ? 's' : ''}`,
      failures.sort((a, b) => (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)),
    );
  }
  return pages;
}

/** What writing one page's document needs; `pages` (writePages' own copy) entries are replaced by the pages as written. */
interface DocumentWriting {
  locales: Map<string, SiteModel['locales'][number]>;
  sink: OutputSink;
  settings: DocumentSettings;
  client: ClientAssets;
  pages: PageToWrite[];
  jobs: HtmlJob[];
  sidebars: PrunedSidebars;
  reuse: PageReuse;
  /**
   * The inline sidebars' JSON, each item serialised once (sidebarMarkup.ts json), as the HTML stage's
   * threads make it: the pages of a list share its item objects. 1,000 pages' documents with windows of
   * 100 items of one list (pageDocument alone, 6 rounds alternating, 19:10 UTC, load 12): 56-78 ms of
   * CPU with JSON.stringify of each page's sidebar, 37-57 ms with it.
   */
  sidebarJson: SidebarMarkup;
  /** documentFiles of the pages asked for so far, by index. */
  files: Map<number, DocumentFiles>;
}

/**
 * The key page `index`'s files are written under, and their paths: made once per page (a kept page's
 * are asked for by keptDocument, then by writeDocument).
 */
function documentFiles(w: DocumentWriting, index: number): DocumentFiles {
  let files = w.files.get(index);
  if (files) return files;
  const locale = w.locales.get(w.pages[index].page.locale)!;
  const docKey = w.reuse.documentKey(index, { sidebarUrl: w.jobs[index].sidebarUrl, htmlLang: locale.info.htmlLang, dir: locale.info.direction });
  w.files.set(index, (files = { docKey, ...pageFiles(w.jobs[index].routePath, w.settings) }));
  return files;
}

type DocumentFiles = { docKey: string | undefined; htmlFile: string; dataFile: string };

/** Whether page `index`'s files stay as the previous build wrote them (writeDocument will reuse them). */
function keptDocument(w: DocumentWriting, index: number): boolean {
  const { docKey, htmlFile, dataFile } = documentFiles(w, index);
  return Boolean(docKey && w.sink.kept?.(htmlFile, docKey) && w.sink.kept(dataFile, docKey));
}

/** Writes the HTML and page-data files of one rendered page (unless reused); returns the failure. */
function writeDocument(w: DocumentWriting, r: HtmlResult): Problem | undefined {
  const result = w.pages[r.index];
  const failed = (error: string) => {
    const message = `${result.page.route}: ${error}${result.sourceFile ? ` (${result.sourceFile})` : ''}`;
    return r.errorAt ? { message, ...r.errorAt, hint: 'The page threw while rendering: fix the code at this line.' } : { message };
  };
  if (r.error !== undefined) return failed(r.error);
  if (r.written) {
    // The worker wrote the files; only the head its components set is news here.
    w.pages[r.index] = { ...result, page: pageWithHead(result.page, r.head, w.settings), ...(r.links ? { drawnLinks: r.links } : {}) };
    return;
  }
  // With a cache, a page whose every input is unchanged keeps the files of the previous build (its
  // markup may then not even have been read back: see pageReuse.ts).
  const { docKey, htmlFile, dataFile } = documentFiles(w, r.index);
  if (docKey && w.sink.reuse?.(htmlFile, docKey) && w.sink.reuse(dataFile, docKey)) {
    // The page as written still takes the head its components set (a noindex page stays out of the sitemap).
    w.pages[r.index] = { ...result, page: pageWithHead(result.page, r.head, w.settings), ...(r.links ? { drawnLinks: r.links } : {}) };
    return;
  }
  if (r.appHtml === undefined) return failed('no markup');
  const locale = w.locales.get(result.page.locale)!;
  const sidebarUrl = w.jobs[r.index].sidebarUrl;
  const { page, html, data } = pageDocument({
    settings: w.settings,
    assets: w.client,
    chrome: locale.chrome,
    htmlLang: locale.info.htmlLang,
    dir: locale.info.direction,
    page: result.page,
    appHtml: r.appHtml,
    head: r.head,
    sidebarUrl,
    sidebar: w.sidebars.of(r.index),
    sidebarJson: (items) => w.sidebarJson.json(items),
  });
  w.pages[r.index] = { ...result, page, ...(r.links ? { drawnLinks: r.links } : {}) };
  if (docKey && w.sink.writeKeyed) {
    w.sink.writeKeyed(htmlFile, html, docKey);
    w.sink.writeKeyed(dataFile, data, docKey);
  } else {
    w.sink.write(htmlFile, html);
    w.sink.write(dataFile, data);
  }
}

/** Frees a written page's body: it is not needed again (the job's copy of the page goes too). A body not read yet (markdown/context.ts showPart) is not read. */
function dropBody(pages: PageToWrite[], jobs: HtmlJob[], index: number): void {
  const page = pages[index].page;
  const rest = {} as Record<string, unknown>;
  for (const name of Object.keys(page)) if (name !== 'bodyHtml') rest[name] = page[name as keyof typeof page];
  pages[index] = { ...pages[index], page: rest as Omit<typeof page, 'bodyHtml'> };
  jobs[index].page = rest as Omit<typeof page, 'bodyHtml'>;
}
