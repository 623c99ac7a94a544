import type { SiteConfig } from '../config/schema.js';
import type { LocaleInfo } from '../../shared/types.js';
import type { ResolvedNavbarItem, NavbarItem, SiteChrome } from '../../shared/navbar.js';
import type { VersionContext } from '../passes/search/contexts.js';
import { PATHNAME_PROTOCOL, ensureTrailingSlash, isExternalUrl, pathnameUrl, stripTrailingSlash, underBase, withBase } from '../../shared/url.js';

// What every navbar item resolver shares (chrome.ts and the item types plugins add): the inputs of one locale's
// chrome and the small rules for labels, positions and links.

export interface ChromeInputs {
  config: SiteConfig;
  locale: LocaleInfo;
  locales: LocaleInfo[];
  /** The navbar item types plugins resolve (docs: doc, docSidebar, docsVersion, docsVersionDropdown), each with its plugin's data of the locale. */
  navbarItemTypes: Record<string, { resolve: NavbarItemResolver; localeData: unknown }>;
  /** The docs versions (or other contexts) with a search index of their own, from the plugins' plans. */
  searchContexts: VersionContext[];
  /** What the plugins add to the chrome (the docs instances the theme's docs hooks read). */
  pluginChrome: Partial<SiteChrome>;
  navbarStrings: Record<string, string>;
  footerStrings: Record<string, string>;
  strings: Record<string, string>;
  /** Public url of a static file path such as "/img/logo.svg". */
  staticUrl: (p: string) => string;
  /** Whether the locale has a page at its base url (a home page). */
  homePage: boolean;
}

export type Resolver = (item: NavbarItem & Record<string, unknown>, ctx: ChromeInputs) => ResolvedNavbarItem;

/** What a plugin's navbar item type is resolved with: the locale's chrome inputs, its own data of the locale (LocalePlan.localeData), and the resolver of any item (a dropdown's extra items). */
export interface NavbarItemContext extends ChromeInputs {
  localeData: unknown;
  resolveItem(item: NavbarItem): ResolvedNavbarItem;
}

/** A navbar item type a plugin adds (ContentPlugin.navbarItemTypes). */
export type NavbarItemResolver = (item: NavbarItem & Record<string, unknown>, ctx: NavbarItemContext) => ResolvedNavbarItem;

export function localiseHref(to: string, ctx: ChromeInputs): string {
  if (isExternalUrl(to)) return to;
  if (to.startsWith(PATHNAME_PROTOCOL)) return pathnameUrl(ctx.config.baseUrl, to);
  return underBase(ctx.locale.baseUrl, to);
}

export const label = (item: { label?: string }, ctx: ChromeInputs, fallback = '') => {
  const l = item.label ?? fallback;
  return ctx.navbarStrings[`item.label.${l}`] ?? l;
};

export const position = (item: { position?: 'left' | 'right' }) => item.position ?? 'right';

export function joinUrl(base: string, path: string): string {
  return ensureTrailingSlash(withBase(`${stripTrailingSlash(base)}/`, path));
}
