// The url rules of a site, in one place for the builder, the theme and the browser runtime: what is
// external, base-url joins, the locale prefix, the trailing-slash rule, path normalisation, and where a
// route's files live. Plain string functions: no Node, no DOM.

import kebabCase from 'lodash-es/kebabCase.js';

/** Docusaurus's marker of a link to a path of this site that is not a page route ("pathname:///a.pdf"). */
export const PATHNAME_PROTOCOL = 'pathname://';

const ABSOLUTE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** A url with a scheme ("https:", "mailto:", "data:", "pathname:") or protocol-relative ("//host"). */
export function isAbsoluteUrl(url: string): boolean {
  return ABSOLUTE.test(url);
}

/** A url that leads off the site: absolute, except `pathname://` links (a path of this site). */
export function isExternalUrl(url: string): boolean {
  return ABSOLUTE.test(url) && !url.startsWith(PATHNAME_PROTOCOL);
}

/** A site path under a base url ending with "/": ("/base/", "/img/x.png") → "/base/img/x.png". */
export function withBase(base: string, path: string): string {
  // Every leading slash goes: "//x" after a base of "/" would be another host.
  return base + path.replace(/^\/+/, '');
}

/**
 * A link's site path under a base url as Docusaurus's Link and useBaseUrl make it: a path already under
 * the base url stays ("/base/docs/a"), the base url without its slash is the base url, others get it.
 */
export function underBase(base: string, path: string): string {
  if (path === base.replace(/\/$/, '')) return base;
  return path.startsWith(base) ? path : withBase(base, path);
}

/** A static file or site path as written in the config or a page: absolute urls as they are, paths under the base url. */
export function staticUrl(base: string, path: string): string {
  return isAbsoluteUrl(path) ? path : withBase(base, path);
}

/** The plain path of a `pathname://` link under the site's base url: "pathname:///a.pdf" → "/base/a.pdf". */
export function pathnameUrl(siteBase: string, url: string): string {
  return withBase(siteBase, url.slice(PATHNAME_PROTOCOL.length));
}

/** A locale's url prefix including the base url: "/" for the default locale, "/base/zh-Hans/" for another. */
export function localeBaseUrl(siteBase: string, localePath: string | undefined): string {
  return localePath ? `${siteBase}${localePath}/` : siteBase;
}

/** The absolute url of a site path for feeds and sitemaps: on the origin, percent-encoded once. */
export function encodedAbsoluteUrl(origin: string, path: string): string {
  return origin + encodeURI(decodeUriSafe(path));
}

/** An absolute url on the site's origin ("https://site.io" + "/x"); absolute http(s) urls are kept. */
export function absoluteUrl(origin: string, url: string): string {
  return /^https?:/.test(url) ? url : origin + url;
}

/** The path and the rest (query and hash) of a url: "/a/?q=1#h" → ["/a/", "?q=1#h"]. */
export function splitPath(url: string): [path: string, rest: string] {
  const i = url.search(/[?#]/);
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i)];
}

/** Without trailing slashes: "/a/" → "/a" ("/" → ""). */
export function stripTrailingSlash(path: string): string {
  return path.replace(/\/+$/, '');
}

/** With exactly one trailing slash: "/a" → "/a/". */
export function ensureTrailingSlash(path: string): string {
  return path.replace(/\/*$/, '/');
}

/**
 * A pathname as a key to compare routes: percent-decoded (when valid), "/a/index.html" as "/a", without
 * trailing slashes, "/" for the root. `.html` also goes with `{ html: true }` ("/a.html" as "/a").
 */
export function normalizePathname(path: string, options: { html?: boolean } = {}): string {
  let p = decodeUriSafe(path).replace(/\/index\.html$/, '/');
  if (options.html) p = p.replace(/\.html$/, '');
  return stripTrailingSlash(p) || '/';
}

/** decodeURI, or the string as it is when it holds a malformed escape ('100%'). */
export function decodeUriSafe(s: string): string {
  // Without a "%" there is nothing to decode. A page's sidebar compares each of its links with the
  // page's own path: about 300,000 calls for the versioned synthetic site, most without one.
  if (!s.includes('%')) return s;
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
}

/** Applies the site's trailing-slash rule to an internal url (query and hash kept). */
export function applyTrailingSlash(url: string, trailingSlash: boolean | undefined): string {
  if (trailingSlash === undefined) return url;
  let [path, rest] = splitPath(url);
  if (path === '' || path === '/' || /\.[a-z0-9]+$/i.test(path)) return url;
  path = trailingSlash ? (path.endsWith('/') ? path : `${path}/`) : stripTrailingSlash(path);
  return path + rest;
}

/**
 * The search page of a locale (`{base}search/`) under the site's trailing-slash rule, as Docusaurus's
 * search plugins route it: `{base}search` (written as search.html) with `trailingSlash: false`.
 */
export function searchPagePath(localeBaseUrl: string, trailingSlash: boolean | undefined): string {
  return applyTrailingSlash(`${localeBaseUrl.replace(/\/?$/, '/')}search/`, trailingSlash);
}

/** The output file of a route: "/docs/x" → "docs/x/index.html", "/404.html" stays. */
export function routeToFile(route: string, trailingSlash: boolean | undefined): string {
  const path = decodeURIComponent(route).replace(/^\//, '');
  if (/\.html?$/.test(path)) return path;
  if (path === '' || path.endsWith('/')) return `${path}index.html`;
  return trailingSlash === false ? `${path}.html` : `${path}/index.html`;
}

/** Where a route's page data lives for client navigation. */
export function routeToDataFile(route: string): string {
  const path = decodeURIComponent(route)
    .replace(/^\//, '')
    .replace(/\.html?$/, '');
  return `${path === '' || path.endsWith('/') ? path : `${path}/`}__page.json`;
}

/** Compares two pathnames ignoring a trailing slash and percent-encoding. */
export function samePathname(a: string, b: string): boolean {
  return normalizePathname(a) === normalizePathname(b);
}

/** Each segment percent-encoded once ("/a b/%C3%A9" → "/a%20b/%C3%A9"). */
export function encodePathname(path: string): string {
  return path
    .split('/')
    .map((seg) => encodeURIComponent(decodeSafe(seg)))
    .join('/');
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Docusaurus's slug of a tag label, a tags.yml key or an authors.yml key (lodash's kebabCase, which
 * Docusaurus calls): words split at spaces, punctuation, case and letter/digit changes, accents
 * dropped, lower case, joined by "-" ("release-v1.11" → "release-v-1-11", "Héllo World" →
 * "hello-world"). Letters of other scripts are kept ("中文" → "中文").
 */
export function docusaurusSlug(text: string): string {
  return kebabCase(text);
}
