import type { SiteChrome } from '../shared/navbar.js';

export { LOCATION_CHANGE } from '../theme/components/Link.js';

/** Files (pdf, images, feeds) load as documents, never as routes. */
const FILE_PATH = /\.(?!html?$)[a-z0-9]{1,5}$/i;

/** Whether a link leads to a page of this locale that the router can show (same origin, same locale, not a file). */
export function isRoutable(a: HTMLAnchorElement, chrome: SiteChrome): boolean {
  if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.dataset.noroute !== undefined) return false;
  if (a.origin !== location.origin) return false;
  const path = a.pathname;
  if (FILE_PATH.test(path) || !path.startsWith(chrome.siteBaseUrl)) return false;
  // Another locale has other chrome and strings: it loads as a document.
  const otherLocale = chrome.locales.some((l) => l.locale !== chrome.locale && l.baseUrl !== chrome.siteBaseUrl && path.startsWith(l.baseUrl));
  if (otherLocale) return false;
  return chrome.baseUrl === chrome.siteBaseUrl || path.startsWith(chrome.baseUrl);
}

/** Whether a click on this link is ours to handle: a plain left click on a routable link. */
export function shouldRoute(e: MouseEvent, a: HTMLAnchorElement, chrome: SiteChrome): boolean {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return false;
  return isRoutable(a, chrome);
}

/** The anchor an event happened in, if any (SVG links are not ours). */
export function anchorOf(target: EventTarget | null): HTMLAnchorElement | undefined {
  const a = (target as Element | null)?.closest?.('a');
  return a instanceof HTMLAnchorElement && a.hasAttribute('href') ? a : undefined;
}
