import type { ComponentType } from 'react';
import { loaders } from 'sitegen:pages';

export { Root as SiteRoot } from 'sitegen:pages';

// React pages load on demand: a marketing page's code is fetched only when that page is shown.

export const loadedPages: Record<string, ComponentType> = {};

export async function loadPage(key: string): Promise<void> {
  if (loadedPages[key]) return;
  const loader = loaders[key];
  if (!loader) throw new Error(`No page component "${key}" in this build`);
  const mod = await loader();
  if (typeof mod.default !== 'function') throw new Error(`The page component "${key}" has no default export`);
  loadedPages[key] = mod.default;
}
