import crypto from 'node:crypto';
import type { SiteModel } from '../site/model.js';
import type { OutputSink } from '../output/sink.js';
import { renderRoute, markdownJobsFor } from './renderers.js';
import { AssetRegistry, contextSpec } from './markdownContext.js';
import { documentSettings, pageDocument, pageFiles, pageWithHead, type ClientAssets } from './htmlDocument.js';
import type { RenderedRoute, RenderContext, PageToWrite } from './types.js';
import { SitegenError } from '../errors.js';
import type { ServerRenderer } from '../bundle/server.js';
import type { SidebarItem } from '../../shared/types.js';
import { inProcessExecutor, type Executor } from '../parallel/executor.js';
import fs from 'node:fs';
import { markdownJobKey, type HtmlJob, type HtmlResult, type MarkdownJob, type MarkdownResult } from '../parallel/protocol.js';
import type { BuildCache } from '../cache.js';
import { cacheKey } from '../cacheKey.js';
import { pruneSidebar, sidebarTrails } from '../../shared/sidebar.js';
import { withBase } from '../../shared/url.js';

export interface RenderRoutesResult {
  rendered: RenderedRoute[];
  assets: AssetRegistry;
}

/**
 * Renders every planned route to page data (markdown to HTML, metadata, links); no file is written.
 * The markdown of all routes is rendered first, in parallel on the executor's threads.
 */
export async function renderRoutes(params: { site: SiteModel; executor?: Executor; cache?: BuildCache }): Promise<RenderRoutesResult> {
  const { site } = params;
  const executor = params.executor ?? inProcessExecutor();
  const assets = new AssetRegistry(site.config.baseUrl);
  const jobs = new Map<string, MarkdownJob>();
  for (const locale of site.locales) {
    for (const route of locale.routes) for (const job of markdownJobsFor(route, { site, locale })) jobs.set(markdownJobKey(job), job);
  }
  const specs = site.locales.map((l) => contextSpec(site, l));
  await executor.setSpecs(specs);
  const results = new Map<string, MarkdownResult>();
  let todo = [...jobs.values()];
  const validity = new Map<string, string>();
  if (params.cache) {
    // A render is reusable when its file and its locale's whole context (links, strings) are unchanged.
    const specHash = new Map(specs.map((s) => [s.locale, cacheKey(s)]));
    const fileHash = new Map<string, string>();
    const hashFile = (f: string) => fileHash.get(f) ?? fileHash.set(f, cacheKey(fs.readFileSync(f, 'utf8'))).get(f)!;
    todo = todo.filter((job) => {
      const key = markdownJobKey(job);
      const valid = cacheKey(hashFile(job.file), specHash.get(job.locale));
      validity.set(key, valid);
      const hit = params.cache!.markdown.get(key, valid);
      if (hit) {
        results.set(key, hit);
        params.cache!.stats.markdownHits++;
        return false;
      }
      params.cache!.stats.markdownMisses++;
      return true;
    });
  }
  if (todo.length) {
    for (const [key, result] of await executor.renderMarkdown(todo)) {
      results.set(key, result);
      if (params.cache) params.cache.markdown.set(key, validity.get(key)!, result);
    }
  }
  // Problems are reported once per file even when the file is shown in several locales.
  const reported = new Set<string>();
  for (const r of results.values()) {
    for (const p of r.errors) if (!reported.has(JSON.stringify(p)) && reported.add(JSON.stringify(p))) site.problems.error(p);
    for (const p of r.warnings) if (!reported.has(JSON.stringify(p)) && reported.add(JSON.stringify(p))) site.problems.warn(p);
    for (const [out, abs] of r.assets) assets.files.set(out, abs);
  }
  const rendered: RenderedRoute[] = [];
  for (const locale of site.locales) {
    const ctx: RenderContext = {
      site,
      locale,
      problems: site.problems,
      markdown: (job) => {
        const r = results.get(markdownJobKey(job));
        if (!r) throw new Error(`Markdown of ${job.file} (${job.locale}) was not rendered`);
        return r.rendered;
      },
    };
    for (const route of locale.routes) {
      try {
        rendered.push(renderRoute(route, ctx));
      } catch (e) {
        if (e instanceof SitegenError) {
          for (const p of e.problems.length ? e.problems : [{ message: e.message }]) site.problems.error(p);
          continue;
        }
        throw new Error(`Rendering ${route.path} failed: ${(e as Error).message}`, { cause: e });
      }
    }
  }
  return { rendered, assets };
}

/**
 * Writes each rendered route as an HTML document (React rendered to a string, on the executor's
 * threads) and a page-data file for client navigation. The caller hands `routes` over: this stage
 * replaces each entry by the page as written (its head completed by the page's components; without
 * its body with `dropBodies`, so that a large site's bodies are freed as it goes) and returns it.
 */
export async function writePages(params: { site: SiteModel; routes: PageToWrite[]; sink: OutputSink; client: ClientAssets; renderer: ServerRenderer; executor?: Executor; cache?: BuildCache; dropBodies?: boolean }): Promise<PageToWrite[]> {
  const { site, sink } = params;
  const rendered = params.routes;
  const executor = params.executor ?? inProcessExecutor();
  const sidebarUrls = new Map<string, string>();
  const settings = documentSettings(site.config);
  const locales = new Map(site.locales.map((l) => [l.info.locale, l]));
  const trails = new Map<SidebarItem[], Map<string, Set<SidebarItem>>>();
  const trailsOf = (items: SidebarItem[]) => trails.get(items) ?? trails.set(items, sidebarTrails(items)).get(items)!;
  const jobs: HtmlJob[] = rendered.map((result, index) => {
    let sidebarKey: string | undefined;
    if (result.sidebar) {
      sidebarKey = `${result.page.locale}:${result.sidebar.key}`;
      if (!sidebarUrls.has(sidebarKey)) {
        const json = JSON.stringify(result.sidebar.items);
        const hash = crypto.createHash('sha256').update(json).digest('hex').slice(0, 10);
        const file = `assets/data/sidebar-${result.page.locale}-${result.sidebar.key}.${hash}.json`;
        sink.write(file, json);
        sidebarUrls.set(sidebarKey, withBase(site.config.baseUrl, file));
      }
    }
    return { index, locale: result.page.locale, page: result.page, sidebarUrl: sidebarKey ? sidebarUrls.get(sidebarKey) : undefined, routePath: result.route.path };
  });
  // A page's pruned sidebar is made when its job is sent, and dropped once the page is written.
  const pruned = new Map<number, HtmlJob['sidebar']>();
  const sidebarOf = (index: number) => {
    if (!pruned.has(index)) {
      const result = rendered[index];
      pruned.set(index, result.sidebar ? pruneSidebar(result.sidebar.items, result.page.route, trailsOf(result.sidebar.items)) : undefined);
    }
    return pruned.get(index);
  };
  const prepare = (job: HtmlJob): HtmlJob => ({ ...job, sidebar: sidebarOf(job.index) });
  const chromes = Object.fromEntries(site.locales.map((l) => [l.info.locale, l.chrome]));
  const failures: string[] = [];
  const onResult = (r: HtmlResult) => {
    writeResult(r);
    pruned.delete(r.index);
    if (params.dropBodies) {
      // Written: the body is not needed again (the job's copy of the page goes too).
      const { bodyHtml: _body, ...rest } = rendered[r.index].page;
      rendered[r.index] = { ...rendered[r.index], page: rest };
      jobs[r.index].page = rest;
    }
  };
  const writeResult = (r: HtmlResult) => {
    const result = rendered[r.index];
    if (r.error !== undefined || (r.appHtml === undefined && !r.written)) {
      failures.push(`${result.page.route}: ${r.error ?? 'no markup'}${result.sourceFile ? ` (${result.sourceFile})` : ''}`);
      return;
    }
    const { htmlFile, dataFile } = pageFiles(jobs[r.index].routePath, settings);
    if (r.appHtml === undefined) {
      // The worker wrote the files; only the head its components set is news here.
      rendered[r.index] = { ...result, page: pageWithHead(result.page, r.head, settings) };
      return;
    }
    const locale = locales.get(result.page.locale)!;
    const sidebarUrl = jobs[r.index].sidebarUrl;
    // With a cache, a page whose every input is unchanged keeps the files of the previous build.
    const valid = validity.get(r.index);
    const docKey = valid && cacheKey(valid, documentKey, sidebarUrl ?? '', locale.info.htmlLang, locale.info.direction);
    if (docKey && sink.reuse?.(htmlFile, docKey) && sink.reuse(dataFile, docKey)) return;
    const { page, html, data } = pageDocument({ settings, assets: params.client, chrome: locale.chrome, htmlLang: locale.info.htmlLang, dir: locale.info.direction, page: result.page, appHtml: r.appHtml, head: r.head, sidebarUrl, sidebar: sidebarOf(r.index) });
    rendered[r.index] = { ...result, page };
    if (docKey && sink.writeKeyed) {
      sink.writeKeyed(htmlFile, html, docKey);
      sink.writeKeyed(dataFile, data, docKey);
    } else {
      sink.write(htmlFile, html);
      sink.write(dataFile, data);
    }
  };
  let todo = jobs;
  const validity = new Map<number, string>();
  // What every page's document is made of besides its own data: the config and the client bundle.
  const documentKey = params.cache ? cacheKey(site.config, params.client) : '';
  if (params.cache) {
    // A page keeps its HTML when its data, its locale's chrome, its sidebar and the renderer are unchanged.
    const chromeHash = new Map(Object.entries(chromes).map(([k, c]) => [k, cacheKey(c)]));
    todo = jobs.filter((job) => {
      const key = cacheKey(params.renderer.file, chromeHash.get(job.locale), sidebarOf(job.index)?.items ?? null, job.page);
      validity.set(job.index, key);
      const hit = params.cache!.html.get(job.page.route, key);
      if (hit) {
        params.cache!.stats.htmlHits++;
        onResult({ ...hit, index: job.index });
        return false;
      }
      params.cache!.stats.htmlMisses++;
      return true;
    });
  }
  // Without a cache no markup is needed back: the executor may write the documents where it renders them.
  const documents = params.cache ? undefined : { folder: sink.directFolder?.bind(sink), settings, assets: params.client, locales: Object.fromEntries(site.locales.map((l) => [l.info.locale, { htmlLang: l.info.htmlLang, dir: l.info.direction }])) };
  await executor.renderHtml({ serverBundle: params.renderer.file, pageKeys: params.renderer.pageKeys, chromes, documents }, todo, (r) => {
    if (params.cache && r.error === undefined) {
      const { index: _index, ...result } = r;
      params.cache.html.set(rendered[r.index].page.route, validity.get(r.index)!, result);
    }
    onResult(r);
  }, prepare);
  if (failures.length) {
    throw new SitegenError(`Rendering failed on ${failures.length} page${failures.length > 1 ? 's' : ''}`, failures.sort().map((message) => ({ message })));
  }
  return rendered;
}
