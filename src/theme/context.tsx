import { createContext, useContext, useCallback, type ComponentType, type ReactNode } from 'react';
import type { HeadCollector, SiteState } from '../shared/siteState.js';
import { interpolate, type StringId } from '../shared/strings.js';

export type { HeadCollector, HeadTag, SiteState } from '../shared/siteState.js';

export const SiteContext = createContext<SiteState | null>(null);

/** Collects what the page sets of its head while the server renders it. */
export const HeadContext = createContext<HeadCollector | null>(null);

/** The internal urls <Link> (@docusaurus/Link) draws, collected while rendering on the server: the build checks them as Docusaurus does. */
export const DrawnLinksContext = createContext<string[] | null>(null);

/** The site's own `src/theme/Root` (Docusaurus's Root: above every page, never unmounted), when it has one. */
export const SiteRootContext = createContext<ComponentType<{ children?: ReactNode }> | null>(null);

/** React page components by key: all of them on the server, the loaded ones in the browser. */
export const PagesContext = createContext<Record<string, ComponentType>>({});

export function useSite(): SiteState {
  const value = useContext(SiteContext);
  // A theme component rendered outside <App>: the spec's words for it.
  if (!value) throw new Error('Unexpected: no Docusaurus route context found');
  return value;
}

export type Translate = (id: StringId | string, values?: Record<string, string | number>, fallback?: string) => string;

/**
 * The locale's UI strings: site overrides (code.json), then the theme's bundled translation, then
 * English. The chrome carries them merged, every theme string included (site/i18nFiles.ts), so the
 * English table (shared/strings.ts) stays out of the browser bundle; `fallback` is for ids it does not list.
 */
export function useT(): Translate {
  const { chrome } = useSite();
  return useCallback((id, values, fallback) => interpolate(chrome.strings[id] ?? fallback ?? id, values), [chrome.strings]);
}
