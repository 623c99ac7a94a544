import type { SiteConfig } from '../config/schema.js';
import type { LocaleInfo } from '../../shared/types.js';
import type { ResolvedNavbarItem, NavbarItem } from '../../shared/navbar.js';
import type { LocaleDocsInstance } from '../plugins/docs/model.js';
import { PATHNAME_PROTOCOL, ensureTrailingSlash, isExternalUrl, pathnameUrl, stripTrailingSlash, underBase, withBase } from '../../shared/url.js';

// What every navbar item resolver shares (chrome.ts, docsNavbarItems.ts): the inputs of one locale's
// chrome and the small rules for labels, positions and links.

export interface ChromeInputs {
  config: SiteConfig;
  locale: LocaleInfo;
  locales: LocaleInfo[];
  /** The locale's docs instances (none: docs are off), each with its sidebars. */
  docs?: LocaleDocsInstance[];
  navbarStrings: Record<string, string>;
  footerStrings: Record<string, string>;
  strings: Record<string, string>;
  /** Public url of a static file path such as "/img/logo.svg". */
  staticUrl: (p: string) => string;
  /** Whether the locale has a page at its base url (a home page). */
  homePage: boolean;
}

export type Resolver = (item: NavbarItem & Record<string, unknown>, ctx: ChromeInputs) => ResolvedNavbarItem;

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
