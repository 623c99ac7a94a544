import { useSite } from '../context.js';
import { isAbsoluteUrl, withBase } from '../../shared/url.js';

/** Docusaurus's useDocusaurusContext(): the site config a page may read, and the current locale. */
export function useDocusaurusContext() {
  const { chrome } = useSite();
  return {
    siteConfig: chrome.site,
    i18n: { currentLocale: chrome.locale, defaultLocale: chrome.locales[0]?.locale, locales: chrome.locales.map((l) => l.locale) },
  };
}

/** A static file's public url: "/img/x.svg" → base url + "img/x.svg". */
export function useBaseUrl(url: string): string {
  const { chrome } = useSite();
  if (isAbsoluteUrl(url) || url.startsWith('#')) return url;
  return withBase(chrome.siteBaseUrl, url);
}

/** The locale's url prefix for internal links: "/" or "/zh-Hans/". */
export function useLocaleBase(): string {
  return useSite().chrome.baseUrl;
}
