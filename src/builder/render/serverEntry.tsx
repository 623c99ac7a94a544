import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../../theme/App.js';
import { DrawnLinksContext, HeadContext, PagesContext, SiteRootContext, type HeadCollector, type SiteState } from '../../theme/context.js';
import { pageTranslations, setTranslations } from '../../theme/translate.js';
import { HighlightContext } from '../../theme/api/CodeBlock.js';
import { highlightCode } from './highlightCode.js';
import { loadAllLayouts } from '../../theme/layouts/registry.js';

// Bundled together with the site's React pages (bundle/server.ts) so that the theme and the pages
// share one module graph (one React context), exactly as they do in the browser.

// The layouts the browser loads on demand are all loaded before the renderer is used (this bundle
// has no chunks: it resolves at once).
await loadAllLayouts();

/**
 * The page's markup; its components tell `head` what they set and `links` what <Link> drew. `root` is
 * the site's own src/theme/Root (bundle/server.ts passes it).
 */
export function renderApp(state: SiteState, pages: Record<string, ComponentType>, head: HeadCollector, links: string[], root?: ComponentType<{ children?: ReactNode }>): string {
  setTranslations(pageTranslations(state.chrome.strings, state.page));
  return renderToString(
    <HeadContext.Provider value={head}>
      <DrawnLinksContext.Provider value={links}>
        <PagesContext.Provider value={pages}>
          <SiteRootContext.Provider value={root ?? null}>
            <HighlightContext.Provider value={highlightCode}>
              <App {...state} />
            </HighlightContext.Provider>
          </SiteRootContext.Provider>
        </PagesContext.Provider>
      </DrawnLinksContext.Provider>
    </HeadContext.Provider>,
  );
}
