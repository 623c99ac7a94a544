import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router, type FailedPage } from './router.js';
import type { PagePayload } from '../shared/types.js';
import { installEnhancers } from './enhance.js';
import { loadPage } from './pages.js';
import { pageTranslations, setTranslations } from '../theme/translate.js';
import { applyColorMode } from '../theme/components/navbar/colorMode.js';
import { setVersionPersistence } from '../theme/docsVersions/preferred.js';
import { visitorOptedOut } from './analytics/optOut.js';
import { loadLayout } from '../theme/layouts/registry.js';
import { loadSidebar } from './loader.js';
import { locationOf, routeUpdate } from './lifecycles.js';

// The browser runtime: hydrate the server-rendered page, then route internal links on the client.

// Tells the home page's wrong-base-url banner (builder/render/baseUrlBanner.ts) that the site's code loaded.
(window as unknown as { __sitegenStarted?: boolean }).__sitegenStarted = true;

const dataEl = document.getElementById('__SITEGEN_DATA__');
const container = document.getElementById('__sitegen');
if (dataEl && container) void start(JSON.parse(dataEl.textContent ?? '{}') as PagePayload, container);

async function start(payload: PagePayload, root: HTMLElement): Promise<void> {
  // The markdown body is in the HTML already; it is not shipped a second time in the payload.
  const body = root.querySelector('[data-body]');
  if (body) payload.page.bodyHtml = body.innerHTML;
  applyColorMode({ switchEnabled: payload.chrome.colorModeSwitch, colorMode: payload.chrome.colorMode });
  setVersionPersistence(payload.chrome.versionPersistence !== 'none');
  installEnhancers(payload.chrome.strings);
  setTranslations(pageTranslations(payload.chrome.strings, payload.page));
  // A React page's code and the page's layout (preloaded by the HTML) must be there before hydration,
  // or the first render would not match.
  let failed: FailedPage | undefined;
  // The client modules' onRouteUpdate for the first page too, as Docusaurus calls it; its cleanups once the page's code is here.
  const loaded = routeUpdate(locationOf(location), null);
  const layout = loadLayout(payload.page.content.kind);
  // A sidebar with no closed category is not inline: the shared file (cached across pages) is drawn.
  const sidebar = payload.sidebarUrl && !payload.sidebar ? loadSidebar(payload.sidebarUrl, payload, 'high') : undefined;
  if (payload.page.content.kind === 'componentPage') {
    const key = payload.page.content.component;
    await loadPage(key).catch((error: unknown) => (failed = { key, error }));
  }
  try {
    await layout;
    if (sidebar) payload.sidebar = await sidebar;
  } catch (error) {
    // Its chunk could not be fetched: the page stays as the server drew it, its links load pages.
    console.error('The page could not be made interactive:', error);
    return;
  }
  loaded();
  const app = <Router initial={payload} failed={failed} />;
  if (failed) {
    // The page's own markup cannot be hydrated without its code: draw the loading failure in its place.
    createRoot(root).render(app);
  } else {
    hydrateRoot(root, app, {
      onRecoverableError(error) {
        console.error('Hydration problem:', error);
      },
    });
  }
  startAnalytics(payload);
}

/** Analytics load after the page is interactive, in their own chunk, only when configured, never in
 *  `sitegen dev`, and never for a visitor who asks not to be tracked (Do Not Track, Global Privacy Control). */
function startAnalytics(payload: PagePayload): void {
  const config = payload.chrome.analytics;
  if (__SITEGEN_DEV__ || !config || visitorOptedOut()) return;
  const run = () => void import('./analytics/index.js').then((m) => m.startAnalytics(config));
  if (document.readyState === 'complete') setTimeout(run, 0);
  else window.addEventListener('load', run, { once: true });
}
