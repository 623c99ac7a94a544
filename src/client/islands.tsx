import { createElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { islands } from 'sitegen:islands';
import { SiteContext, type SiteState } from '../theme/context.js';
import { ISLAND_TAG, CHILDREN_TAG } from '../shared/islands.js';

// Hydrates the islands of the page shown (called by islandsEntry.ts) (components of markdown that need the browser, see
// shared/islands.ts): each is a React root of its own, over the HTML the build drew, with the props
// the build wrote beside it. Loaded (its own chunk) only by a page that holds islands.

const roots = new Map<Element, Root>();

export async function hydrateIslands(container: HTMLElement, state: Pick<SiteState, 'chrome'>): Promise<void> {
  // Islands of a page no longer shown: their markup is gone, their roots go too (after this commit).
  for (const [el, root] of roots) {
    if (el.isConnected) continue;
    roots.delete(el);
    setTimeout(() => root.unmount(), 0);
  }
  const found = [...container.querySelectorAll(ISLAND_TAG)].filter((el) => !roots.has(el));
  await Promise.all(found.map((el) => hydrateIsland(el, state)));
}

async function hydrateIsland(el: Element, state: Pick<SiteState, 'chrome'>): Promise<void> {
  const key = el.getAttribute('data-island') ?? '';
  const load = islands[key];
  if (!load) {
    console.error(`No island "${key}" in this build`);
    return;
  }
  const Component = await load();
  if (!el.isConnected || roots.has(el)) return;
  const props = JSON.parse(el.getAttribute('data-props') ?? '{}') as Record<string, unknown>;
  // The markdown between the component's tags stays as the build drew it (read back, not shipped twice).
  const slot = ownChildren(el);
  const children = slot ? [createElement(CHILDREN_TAG, { style: { display: 'contents' }, dangerouslySetInnerHTML: { __html: slot.innerHTML } })] : [];
  // The site's context as the build drew the island with: the locale's chrome, no page.
  const app = createElement(SiteContext.Provider, { value: state as SiteState }, createElement(Component, props, ...children));
  roots.set(
    el,
    hydrateRoot(el, app, {
      onRecoverableError(error) {
        console.error('Hydration problem:', error);
      },
    }),
  );
  // A marker for tests and tools (React leaves the root's own element alone): the island is live.
  el.setAttribute('data-hydrated', '');
}

/** The island's own children holder (not one of an island nested in them). */
function ownChildren(el: Element): Element | undefined {
  for (const candidate of el.querySelectorAll(CHILDREN_TAG)) {
    if (candidate.parentElement?.closest(ISLAND_TAG) === el) return candidate;
  }
  return undefined;
}
