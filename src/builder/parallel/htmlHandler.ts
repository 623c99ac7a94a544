import fs from 'node:fs';
import path from 'node:path';
import { loadServerRenderer, type ServerRenderer } from '../bundle/serverRenderer.js';
import type { HeadCollector } from '../../shared/siteState.js';
import { pageDocument, pageFiles } from '../render/htmlDocument.js';
import { insideFolder } from '../output/insideFolder.js';
import { renderErrorAt } from '../bundle/renderError.js';
import type { HtmlJob, HtmlResult, HtmlShared } from './protocol.js';
import { SidebarMarkup } from '../render/sidebarMarkup.js';
import { NavbarMarkup, type Draw } from '../render/navbarMarkup.js';
import { FooterMarkup } from '../render/footerMarkup.js';

// Rendering pages to HTML with the server bundle, on any thread: apart from the parse and markdown
// handlers (handlers.ts) so that the threads of the HTML stage (htmlWorker.ts) load none of remark,
// micromark, refractor and the rest of the markdown code.

export interface HtmlState {
  /** The renderer is imported with the first page to render (none: a build whose pages are all cached). */
  html?: { shared: HtmlShared; renderer?: ServerRenderer; folders: Set<string>; sidebars: SidebarMarkup; navbars: NavbarMarkup; footers: FooterMarkup };
}

export async function handleHtml(state: HtmlState, shared: HtmlShared | undefined, jobs: HtmlJob[]): Promise<HtmlResult[]> {
  if (shared) state.html = { shared, folders: new Set(), sidebars: new SidebarMarkup(), navbars: new NavbarMarkup(), footers: new FooterMarkup() };
  if (!state.html) throw new Error('HTML jobs arrived before the shared render data');
  if (!jobs.length) return [];
  state.html.renderer ??= await loadServerRenderer({ file: state.html.shared.serverBundle, pageKeys: state.html.shared.pageKeys });
  const { shared: data, renderer, folders, sidebars, navbars, footers } = state.html;
  // A page drawn without its sidebar, for the stand-ins' templates.
  const draw: Draw = (chrome, page) => {
    const head: HeadCollector = {};
    const links: string[] = [];
    return { html: renderer.render({ chrome, page }, head, links), head, links };
  };
  // The sidebars' item objects of earlier messages are not met again (sidebarMarkup.ts memos).
  sidebars.forget();
  return jobs.map((job) => {
    let head: HeadCollector = {};
    let drawn: string[] = [];
    try {
      const chrome = data.chromes[job.locale];
      const sidebar = job.sidebar?.items;
      // A docs page's sidebar items are drawn once per thread (sidebarMarkup.ts), and so are the navbar
      // items of the pages that show them alike (navbarMarkup.ts) and a locale's footer (footerMarkup.ts);
      // should a stand-in not come out as expected, the page is drawn again with its real chrome and sidebar.
      // A page has a sidebar only when the theme draws it (RenderedRoute.sidebar: a docs page's, in DocRoot).
      const standIn = sidebar ? sidebars.standIn(sidebar, job.page.route, job.locale) : undefined;
      // A navbar's template is drawn without the sidebar, which only its mobile menu (never drawn on the server) shows.
      const navbar = navbars.standIn(chrome, job.page, draw);
      // The footer's stand-in is made of the chrome the navbar's gave.
      const footer = footers.standIn(navbar?.chrome ?? chrome, job.page, draw);
      let appHtml: string | undefined = renderer.render({ chrome: footer?.chrome ?? navbar?.chrome ?? chrome, page: job.page, sidebar: standIn?.items ?? sidebar }, head, drawn);
      if (standIn) appHtml = standIn.finish(appHtml);
      if (footer && appHtml !== undefined) appHtml = footer.finish(appHtml);
      if (navbar && appHtml !== undefined) appHtml = navbar.finish(appHtml);
      if (appHtml === undefined) {
        head = {};
        drawn = [];
        appHtml = renderer.render({ chrome, page: job.page, sidebar }, head, drawn);
      }
      const links = drawn.length ? { links: drawn } : {};
      if (!data.documents) return { index: job.index, appHtml, head, ...links };
      const { folder, settings, assets, locales } = data.documents;
      const { html, data: pageData } = pageDocument({
        settings,
        assets,
        chrome,
        ...locales[job.locale],
        page: job.page,
        appHtml,
        head,
        sidebarUrl: job.sidebarUrl,
        sidebar: job.sidebar,
        sidebarJson: (items) => sidebars.json(items),
      });
      const { htmlFile, dataFile } = pageFiles(job.routePath, settings);
      // Written at once: this thread has nothing else to do meanwhile, and the other threads use the core.
      for (const [rel, contents] of [
        [htmlFile, html],
        [dataFile, pageData],
      ]) {
        const file = insideFolder(folder, rel);
        const dir = path.dirname(file);
        if (!folders.has(dir)) {
          fs.mkdirSync(dir, { recursive: true });
          folders.add(dir);
        }
        fs.writeFileSync(file, contents);
      }
      return { index: job.index, head, ...links, written: true };
    } catch (e) {
      const at = renderErrorAt(e, renderer.file);
      return { index: job.index, head, error: (e as Error).message, ...(at ? { errorAt: at } : {}) };
    }
  });
}
