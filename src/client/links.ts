import type { SiteChrome } from '../shared/navbar.js';

/** Whether a click on this link is ours to handle (an internal page of the same locale). */
export function shouldRoute(e: MouseEvent, a: HTMLAnchorElement, chrome: SiteChrome): boolean {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return false;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.dataset.noroute !== undefined) return false;
  if (a.origin !== location.origin) return false;
  const path = a.pathname;
  // Files (pdf, images, feeds) and other locales load as documents.
  if (/\.(?!html?$)[a-z0-9]{1,5}$/i.test(path)) return false;
  if (!path.startsWith(chrome.siteBaseUrl)) return false;
  const otherLocale = chrome.locales.some((l) => l.locale !== chrome.locale && l.baseUrl !== chrome.siteBaseUrl && path.startsWith(l.baseUrl));
  if (otherLocale) return false;
  if (chrome.baseUrl !== chrome.siteBaseUrl && !path.startsWith(chrome.baseUrl)) return false;
  return true;
}

export function routeTarget(a: HTMLAnchorElement): URL {
  return new URL(a.href);
}
