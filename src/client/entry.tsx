import { hydrateRoot } from 'react-dom/client';
import '../theme/styles/index.css';
import 'sitegen:custom-css';
import { Router, type Payload } from './router.js';
import { installEnhancers } from './enhance.js';
import { loadPage } from './pages.js';
import { setTranslations } from '../theme/translate.js';

// The browser runtime: hydrate the server-rendered page, then route internal links on the client.

const dataEl = document.getElementById('__SITEGEN_DATA__');
const container = document.getElementById('__sitegen');
if (dataEl && container) {
  const payload = JSON.parse(dataEl.textContent ?? '{}') as Payload;
  // The markdown body is in the HTML already; it is not shipped a second time in the payload.
  const body = container.querySelector('[data-body]');
  if (body) payload.page.bodyHtml = body.innerHTML;
  installEnhancers(payload.chrome.strings);
  setTranslations(payload.chrome.strings);
  // A React page's code must be there before hydration, or the first render would not match.
  const ready = payload.page.content.kind === 'componentPage' ? loadPage(payload.page.content.component) : Promise.resolve();
  ready
    .catch((e) => console.error(e))
    .finally(() => {
      hydrateRoot(container, <Router initial={payload} />, {
        onRecoverableError(error) {
          console.error('Hydration problem:', error);
        },
      });
    });
}
