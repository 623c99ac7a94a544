import { useSite } from '../context.js';
import { isAbsoluteUrl, underBase, withBase } from '../../shared/url.js';

/** Docusaurus's useDocusaurusContext(): the site config a page may read, and the current locale. */
export function useDocusaurusContext() {
  const { chrome } = useSite();
  return {
    siteConfig: chrome.site,
    i18n: { currentLocale: chrome.locale, defaultLocale: chrome.locales[0]?.locale, locales: chrome.locales.map((l) => l.locale) },
  };
}

export interface BaseUrlOptions {
  /** Prepend the base url even to a url that already starts with it. */
  forcePrependBaseUrl?: boolean;
  /** The full url, with the site's origin. */
  absolute?: boolean;
}

/** Docusaurus's base url rule: "/img/x.svg" → base url + "img/x.svg"; external urls, anchors and urls already under the base url stay. */
function addBaseUrl(site: { url: string; baseUrl: string }, url: string, options: BaseUrlOptions = {}): string {
  if (!url || url.startsWith('#') || isAbsoluteUrl(url)) return url;
  if (options.forcePrependBaseUrl) return withBase(site.baseUrl, url);
  const path = url.startsWith('/') ? underBase(site.baseUrl, url) : withBase(site.baseUrl, url);
  return options.absolute ? site.url.replace(/\/$/, '') + path : path;
}

/** A static file's public url (Docusaurus's useBaseUrl). */
export function useBaseUrl(url: string, options?: BaseUrlOptions): string {
  const { chrome } = useSite();
  return addBaseUrl({ url: chrome.site.url, baseUrl: chrome.siteBaseUrl }, url, options);
}

/** Docusaurus's useBaseUrlUtils(): withBaseUrl, for urls computed outside of a component's render. */
export function useBaseUrlUtils(): { withBaseUrl: (url: string, options?: BaseUrlOptions) => string } {
  const { chrome } = useSite();
  const site = { url: chrome.site.url, baseUrl: chrome.siteBaseUrl };
  return { withBaseUrl: (url, options) => addBaseUrl(site, url, options) };
}

/** The locale's url prefix for internal links: "/" or "/zh-Hans/". */
export function useLocaleBase(): string {
  return useSite().chrome.baseUrl;
}
