import crypto from 'node:crypto';
import type { SiteModel } from '../site/loadSite.js';
import type { OutputSink } from '../output/sink.js';
import { renderRoute } from './renderers.js';
import { AssetRegistry } from './markdownContext.js';
import { htmlDocument, type ClientAssets, type InlinePayload } from './htmlDocument.js';
import type { RenderedRoute } from './types.js';
import { routeToFile, routeToDataFile } from '../../shared/url.js';
import { SitegenError } from '../errors.js';
import type { ServerRenderer } from '../bundle/server.js';
import type { HeadCollector } from '../../theme/context.js';
import type { HeadMeta } from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';

export interface RenderRoutesResult {
  rendered: RenderedRoute[];
  assets: AssetRegistry;
}

/** Renders every planned route to page data (markdown to HTML, metadata, links); no file is written. */
export function renderRoutes(params: { site: SiteModel }): RenderRoutesResult {
  const { site } = params;
  const assets = new AssetRegistry(site.config.baseUrl);
  const rendered: RenderedRoute[] = [];
  for (const locale of site.locales) {
    const ctx = { site, locale, problems: site.problems, assets };
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
 * Writes each rendered route as an HTML document (React rendered to a string) and a page-data file
 * for client navigation. Runs after the whole-site passes, which may complete the chrome (the search
 * index url is known only once every page is rendered).
 */
export function writePages(params: { site: SiteModel; rendered: RenderedRoute[]; sink: OutputSink; client: ClientAssets; renderer: ServerRenderer }): Set<string> {
  const { site, sink } = params;
  const dataFiles = new Set<string>();
  const sidebarUrls = new Map<string, string>();
  const locales = new Map(site.locales.map((l) => [l.info.locale, l]));
  for (const result of params.rendered) {
    const locale = locales.get(result.page.locale)!;
    const route = result.route;
    let sidebarUrl: string | undefined;
    if (result.sidebar) {
      const key = `${locale.info.locale}:${result.sidebar.key}`;
      sidebarUrl = sidebarUrls.get(key);
      if (!sidebarUrl) {
        const json = JSON.stringify(result.sidebar.items);
        const hash = crypto.createHash('sha256').update(json).digest('hex').slice(0, 10);
        const file = `assets/data/sidebar-${locale.info.locale}-${result.sidebar.key}.${hash}.json`;
        sink.write(file, json);
        dataFiles.add(file);
        sidebarUrl = site.config.baseUrl + file;
        sidebarUrls.set(key, sidebarUrl);
      }
    }
    const state = { chrome: locale.chrome, page: result.page, sidebar: result.sidebar?.items };
    const head: HeadCollector = {};
    let appHtml: string;
    try {
      appHtml = params.renderer.render(state, head);
    } catch (e) {
      throw new SitegenError(`Rendering ${route.path} failed`, [{ message: (e as Error).message, file: result.sourceFile }]);
    }
    if (head.title !== undefined || head.description !== undefined || head.keywords !== undefined) {
      result.page = { ...result.page, head: withPageHead(result.page.head, head, site.config) };
    }
    const { bodyHtml, ...pageWithoutBody } = result.page;
    const payload: InlinePayload = { page: pageWithoutBody, chrome: locale.chrome, sidebarUrl, ...(result.sidebar ? { sidebar: result.sidebar.items } : {}) };
    const html = htmlDocument({
      config: site.config,
      page: result.page,
      chrome: locale.chrome,
      appHtml,
      assets: params.client,
      payload,
      htmlLang: locale.info.htmlLang,
      dir: locale.info.direction,
    });
    sink.write(routeToFile(route.path, site.config.trailingSlash), html);
    const dataFile = routeToDataFile(route.path);
    sink.write(dataFile, JSON.stringify({ page: { ...pageWithoutBody, bodyHtml }, sidebarUrl }));
    dataFiles.add(dataFile);
  }
  return dataFiles;
}

/** A React page's <Layout title description> completes the head planned for its route. */
function withPageHead(planned: HeadMeta, head: HeadCollector, config: SiteConfig): HeadMeta {
  return {
    ...planned,
    title: head.title ? `${head.title} ${config.titleDelimiter} ${config.title}` : planned.title,
    description: head.description ?? planned.description,
    keywords: head.keywords ?? planned.keywords,
  };
}
