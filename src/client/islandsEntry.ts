import { LOCATION_CHANGE } from './links.js';
import { ISLAND_TAG } from '../shared/islands.js';
import type { PagePayload } from '../shared/types.js';

// The entry a site whose markdown has islands adds to every page (a few hundred bytes): after the
// page is hydrated and after every client-side navigation, it loads the islands runtime
// (islands.tsx, with the islands' code) when the page shows one. A site without islands has no such
// entry, and its bundle is the same as before byte for byte; the router knows nothing of islands.

const container = document.getElementById('__sitegen');
const data = document.getElementById('__SITEGEN_DATA__');
if (container && data) {
  // Islands see the site and locale (the chrome), as when the build drew them.
  const { chrome } = JSON.parse(data.textContent ?? '{}') as PagePayload;
  const hydrate = () => {
    if (container.querySelector(ISLAND_TAG)) void import('./islands.js').then((m) => m.hydrateIslands(container, { chrome }));
  };
  window.addEventListener(LOCATION_CHANGE, hydrate);
  // The first page: once the app has hydrated (the router marks it), so that the islands' markup is the build's.
  if (container.hasAttribute('data-hydrated')) hydrate();
  else {
    const observer = new MutationObserver(() => {
      if (!container.hasAttribute('data-hydrated')) return;
      observer.disconnect();
      hydrate();
    });
    observer.observe(container, { attributes: true, attributeFilter: ['data-hydrated'] });
  }
}
