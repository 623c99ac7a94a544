import fs from 'node:fs';
import path from 'node:path';
import { loadServerRenderer, type ServerRenderer } from '../bundle/serverRenderer.js';
import type { HeadCollector } from '../../shared/siteState.js';
import { pageDocument, pageFiles } from '../render/htmlDocument.js';
import { insideFolder } from '../output/insideFolder.js';
import { renderErrorAt } from '../bundle/renderError.js';
import type { HtmlJob, HtmlResult, HtmlShared } from './protocol.js';

// Rendering pages to HTML with the server bundle, on any thread: apart from the parse and markdown
// handlers (handlers.ts) so that the threads of the HTML stage (htmlWorker.ts) load none of remark,
// micromark, refractor and the rest of the markdown code.

export interface HtmlState {
  /** The renderer is imported with the first page to render (none: a build whose pages are all cached). */
  html?: { shared: HtmlShared; renderer?: ServerRenderer; folders: Set<string> };
}

export async function handleHtml(state: HtmlState, shared: HtmlShared | undefined, jobs: HtmlJob[]): Promise<HtmlResult[]> {
  if (shared) state.html = { shared, folders: new Set() };
  if (!state.html) throw new Error('HTML jobs arrived before the shared render data');
  if (!jobs.length) return [];
  state.html.renderer ??= await loadServerRenderer({ file: state.html.shared.serverBundle, pageKeys: state.html.shared.pageKeys });
  const { shared: data, renderer, folders } = state.html;
  return jobs.map((job) => {
    const head: HeadCollector = {};
    const drawn: string[] = [];
    try {
      const appHtml = renderer.render({ chrome: data.chromes[job.locale], page: job.page, sidebar: job.sidebar?.items }, head, drawn);
      const links = drawn.length ? { links: drawn } : {};
      if (!data.documents) return { index: job.index, appHtml, head, ...links };
      const { folder, settings, assets, locales } = data.documents;
      const { html, data: pageData } = pageDocument({
        settings,
        assets,
        chrome: data.chromes[job.locale],
        ...locales[job.locale],
        page: job.page,
        appHtml,
        head,
        sidebarUrl: job.sidebarUrl,
        sidebar: job.sidebar,
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
