import crypto from 'node:crypto';
import { renderToString } from 'react-dom/server';
import { App } from '../../theme/App.js';
import type { SiteModel } from '../site/loadSite.js';
import type { OutputSink } from '../output/sink.js';
import { renderRoute } from './renderers.js';
import { AssetRegistry } from './markdownContext.js';
import { htmlDocument, type ClientAssets, type InlinePayload } from './htmlDocument.js';
import type { RenderedRoute } from './types.js';
import { routeToFile, routeToDataFile } from '../../shared/url.js';
import { SitegenError } from '../errors.js';

export interface RenderSiteResult {
  rendered: RenderedRoute[];
  assets: AssetRegistry;
  /** Files written besides the HTML (page data, sidebars): output paths. */
  dataFiles: Set<string>;
}

/** Renders every planned route to an HTML file and a page-data file for client navigation. */
export function renderSite(params: { site: SiteModel; sink: OutputSink; client: ClientAssets; extraHead?: (locale: string) => string }): RenderSiteResult {
  const { site, sink } = params;
  const assets = new AssetRegistry(site.config.baseUrl);
  const rendered: RenderedRoute[] = [];
  const dataFiles = new Set<string>();
  const sidebarUrls = new Map<string, string>();
  for (const locale of site.locales) {
    const ctx = { site, locale, problems: site.problems, assets };
    for (const route of locale.routes) {
      let result: RenderedRoute;
      try {
        result = renderRoute(route, ctx);
      } catch (e) {
        if (e instanceof SitegenError) {
          for (const p of e.problems.length ? e.problems : [{ message: e.message }]) site.problems.error(p);
          continue;
        }
        throw new Error(`Rendering ${route.path} failed: ${(e as Error).message}`, { cause: e });
      }
      rendered.push(result);
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
      let appHtml: string;
      try {
        appHtml = renderToString(<App {...state} />);
      } catch (e) {
        throw new Error(`Rendering ${route.path} failed: ${(e as Error).message}`, { cause: e });
      }
      const { bodyHtml, ...pageWithoutBody } = result.page;
      const payload: InlinePayload = { page: pageWithoutBody, chrome: locale.chrome, sidebarUrl };
      const html = htmlDocument({
        config: site.config,
        page: result.page,
        chrome: locale.chrome,
        appHtml,
        assets: params.client,
        payload: result.sidebar ? { ...payload, sidebar: result.sidebar.items } : payload,
        htmlLang: locale.info.htmlLang,
        dir: locale.info.direction,
        extraHead: params.extraHead?.(locale.info.locale),
      });
      sink.write(routeToFile(route.path, site.config.trailingSlash), html);
      const dataFile = routeToDataFile(route.path);
      sink.write(dataFile, JSON.stringify({ page: { ...pageWithoutBody, bodyHtml }, sidebarUrl }));
      dataFiles.add(dataFile);
    }
  }
  return { rendered, assets, dataFiles };
}
