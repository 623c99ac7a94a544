import { hydrateRoot } from 'react-dom/client';
import '../theme/styles/index.css';
import { Router, type Payload } from './router.js';
import { installEnhancers } from './enhance.js';

// The browser runtime: hydrate the server-rendered page, then route internal links on the client.

const dataEl = document.getElementById('__SITEGEN_DATA__');
const container = document.getElementById('__sitegen');
if (dataEl && container) {
  const payload = JSON.parse(dataEl.textContent ?? '{}') as Payload;
  // The markdown body is in the HTML already; it is not shipped a second time in the payload.
  const body = container.querySelector('[data-body]');
  if (body) payload.page.bodyHtml = body.innerHTML;
  installEnhancers(payload.chrome.strings);
  hydrateRoot(container, <Router initial={payload} />, {
    onRecoverableError(error) {
      console.error('Hydration problem:', error);
    },
  });
}
