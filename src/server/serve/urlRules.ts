// The production url rules of a built site, shared by `sitegen serve` (files on disk) and
// `sitegen dev` (files in memory): which file a request path maps to, when to redirect, and which
// 404 page answers a miss. Nothing here touches the file system: `exists` answers for a relative path.
import { stripTrailingSlash } from '../../shared/url.js';

export interface UrlRules {
  /** The site's base url ("/" or "/docs-site/"), always with a leading and trailing slash. */
  baseUrl: string;
  /** As in the config: true wants "/x/", false wants "/x", undefined serves both. */
  trailingSlash?: boolean;
  /** Locale url prefixes ("/zh-Hans/", base url included) whose own 404.html answers below them. */
  localePrefixes: string[];
}

export type Resolution = { kind: 'file'; rel: string } | { kind: 'redirect'; location: string } | { kind: 'notFound'; page?: string } | { kind: 'bad'; reason: string };

/**
 * The decoded path of a request url, or a reason to refuse it. Refused: anything that is not an
 * origin-form path, NUL and control characters, backslashes, "." and ".." segments (also when
 * percent-encoded), and percent signs that survive one decoding (double encoding): a site built by
 * sitegen has no file that needs them, and each is a classic way out of the served folder.
 */
export function decodeRequestPath(rawUrl: string): { pathname: string; rawPathname: string; search: string } | { bad: string } {
  if (!rawUrl.startsWith('/') || rawUrl.startsWith('//')) return { bad: 'not a path' };
  const cut = rawUrl.search(/[?#]/);
  const rawPathname = cut === -1 ? rawUrl : rawUrl.slice(0, cut);
  const search = cut === -1 ? '' : rawUrl.slice(cut).replace(/#.*$/, '');
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPathname);
  } catch {
    return { bad: 'malformed percent-encoding' };
  }
  if (/[\u0000-\u001f\u007f\\]/.test(pathname)) return { bad: 'control character or backslash' };
  if (/%[0-9a-f]{2}/i.test(pathname)) return { bad: 'double percent-encoding' };
  if (pathname.split('/').some((s) => s === '..' || s === '.')) return { bad: 'dot segment' };
  if (pathname.startsWith('//')) return { bad: 'not a path' };
  return { pathname, rawPathname, search };
}

/** Maps a decoded request path to a file of the build (relative, "/"-separated) or to what to answer instead. */
export function resolvePath(params: { rules: UrlRules; pathname: string; rawPathname: string; search: string; exists: (rel: string) => boolean }): Resolution {
  const { rules, pathname, exists } = params;
  const base = rules.baseUrl;
  if (!pathname.startsWith(base)) {
    // "/docs-site" without its slash, or "/" on a site served below a base url: send them to the site.
    if (pathname === base.slice(0, -1) || pathname === '/') return { kind: 'redirect', location: base + params.search };
    return notFound(rules, pathname, exists);
  }
  const rel = pathname.slice(base.length).replace(/\/{2,}/g, '/');
  if (rel === '' || rel.endsWith('/')) {
    if (exists(`${rel}index.html`)) return { kind: 'file', rel: `${rel}index.html` };
    const flat = `${rel.slice(0, -1)}.html`;
    if (rel !== '' && exists(flat)) {
      if (rules.trailingSlash === false) return { kind: 'redirect', location: stripTrailingSlash(params.rawPathname) + params.search };
      return { kind: 'file', rel: flat };
    }
    return notFound(rules, pathname, exists);
  }
  if (exists(rel)) return { kind: 'file', rel };
  if (exists(`${rel}/index.html`)) {
    if (rules.trailingSlash === true) return { kind: 'redirect', location: `${params.rawPathname}/${params.search}` };
    return { kind: 'file', rel: `${rel}/index.html` };
  }
  if (exists(`${rel}.html`)) return { kind: 'file', rel: `${rel}.html` };
  return notFound(rules, pathname, exists);
}

function notFound(rules: UrlRules, pathname: string, exists: (rel: string) => boolean): Resolution {
  const prefix = [...rules.localePrefixes].sort((a, b) => b.length - a.length).find((p) => pathname.startsWith(p));
  const candidates = [prefix && prefix.startsWith(rules.baseUrl) ? `${prefix.slice(rules.baseUrl.length)}404.html` : undefined, '404.html'];
  return { kind: 'notFound', page: candidates.find((c): c is string => Boolean(c) && exists(c!)) };
}

/**
 * Content-hashed files sitegen writes below assets/: esbuild's "main.4KQ2ZB7A.js" and the builder's
 * hex hashes ("logo-1a2b3c4d.png"). Only these are cached forever; a file copied from static/ keeps
 * its name across edits and must be revalidated.
 */
export function isContentHashed(rel: string): boolean {
  return rel.startsWith('assets/') && /[.-]([0-9a-f]{8,}|[0-9A-Z]{8})\.[A-Za-z0-9]+$/.test(rel);
}
