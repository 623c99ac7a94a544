import type { RenderedRoute } from '../plugins/api.js';
import type { SiteConfig } from '../config/schema.js';
import type { StaticFiles } from '../site/staticFiles.js';
import type { Problem } from '../errors.js';
import { decodeUriSafe, isExternalUrl, normalizePathname } from '../../shared/url.js';
import { editDistance } from '../../shared/editDistance.js';

// The broken-link pass over the whole rendered site: every internal link of every page must lead to a
// route, a static file or an emitted asset; a link's #anchor must exist on the target page.

export interface LinkCheckResult {
  brokenLinks: Problem[];
  brokenAnchors: Problem[];
}

const normalise = (p: string) => normalizePathname(p, { html: true });

export interface LinkSource {
  /** The page the links are on (relative links resolve against it). */
  route: string;
  sourceFile?: string;
  /** `hint`: how to fix the link when it is broken, for links that are not written in markdown. */
  links: (RenderedRoute['links'][number] & { hint?: string })[];
}

/**
 * What links may lead to: every route (with the ids on its page, for #anchors), the static files and
 * the emitted assets. Made once per build; it holds the routes' anchors but not the pages, so that the
 * links React pages draw can be checked after the pages are written and freed.
 */
export interface LinkTargets {
  /** Normalised route → the route and the ids on its page (undefined: a route without a page to look into). */
  routes: Map<string, { route: string; anchors: readonly string[] } | undefined>;
  staticFiles: StaticFiles;
  extraFiles: Set<string>;
  baseUrl: string;
}

export function linkTargets(params: { rendered: RenderedRoute[]; config: SiteConfig; staticFiles: StaticFiles; extraFiles: Set<string>; extraRoutes?: string[] }): LinkTargets {
  const routes: LinkTargets['routes'] = new Map();
  for (const r of params.rendered) routes.set(normalise(r.page.route), { route: r.page.route, anchors: r.anchors });
  for (const r of params.extraRoutes ?? []) routes.set(normalise(r), undefined);
  return { routes, staticFiles: params.staticFiles, extraFiles: params.extraFiles, baseUrl: params.config.baseUrl };
}

/** The sources' links that lead nowhere, and those whose #anchor is not on the page they lead to. */
export function checkLinks(targets: LinkTargets, sources: LinkSource[]): LinkCheckResult {
  const { routes } = targets;
  const anchorsOf = new Map<string, Set<string>>();
  const brokenLinks: Problem[] = [];
  const brokenAnchors: Problem[] = [];
  const base = targets.baseUrl;
  // Each path normalised once: most are linked from several pages.
  const normalised = new Map<string, string>();

  for (const page of sources) {
    for (const link of page.links) {
      const url = link.url;
      if (!url || isExternalUrl(url) || url.startsWith('mailto:') || url.startsWith('tel:') || url.startsWith('data:')) continue;
      let pathname: string;
      let hash = '';
      if (plainPath(url)) pathname = url;
      else {
        let target: URL;
        try {
          target = new URL(url, `http://site.invalid${page.route}`);
        } catch {
          brokenLinks.push({ message: `→ ${url} (not a valid url)`, file: link.file ?? page.sourceFile, line: link.line, column: link.column });
          continue;
        }
        pathname = target.pathname;
        hash = target.hash ? decodeURIComponent(target.hash.slice(1)) : '';
      }
      let key = normalised.get(pathname);
      if (key === undefined) normalised.set(pathname, (key = normalise(pathname)));
      if (routes.has(key)) {
        const targetPage = routes.get(key);
        if (hash && targetPage) {
          let anchors = anchorsOf.get(key);
          if (!anchors) anchorsOf.set(key, (anchors = new Set(targetPage.anchors)));
          if (!anchors.has(hash)) brokenAnchors.push({ message: `→ ${url} (no element with id "${hash}" on ${targetPage.route})`, ...whereOf(page, link) });
        }
        continue;
      }
      const withoutBase = pathname.startsWith(base) ? '/' + pathname.slice(base.length) : pathname;
      if (targets.staticFiles.has(withoutBase) || targets.extraFiles.has(decodeUriSafe(withoutBase.replace(/^\//, '')))) continue;
      const hint = 'hint' in link ? link.hint : suggest(key, routes) ? `did you mean ${suggest(key, routes)}?` : undefined;
      brokenLinks.push({ message: `→ ${url}${hint ? ` (${hint})` : ''}`, ...whereOf(page, link) });
    }
  }
  return { brokenLinks, brokenAnchors };
}

/** Where a broken link is reported: its own file and place, or its page's source (made for broken links only). */
function whereOf(page: LinkSource, link: LinkSource['links'][number]): Pick<Problem, 'file' | 'line' | 'column'> {
  return { file: link.file ?? page.sourceFile ?? `(route ${page.route})`, line: link.line, column: link.column };
}

/**
 * Whether `url` is a path that new URL() takes as it is (its pathname is the url; no hash, no
 * query): from the root, of letters, digits and `-._~/` only (nothing to percent-encode, no backslash to
 * turn into "/"), without "." or ".." segments. Most of a site's links are such paths (the versioned
 * benchmark site's 10,594 all are): parsing each as a URL was most of this pass.
 */
function plainPath(url: string): boolean {
  return PLAIN_PATH.test(url) && !DOT_SEGMENT.test(url);
}

const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/]*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/** The existing route closest to a broken one (by edit distance of the path), when it is close. */
function suggest(path: string, routes: Map<string, unknown>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  const last = path.split('/').pop() ?? '';
  for (const route of routes.keys()) {
    const score = editDistance(path, route) - (route.endsWith('/' + last) && last ? path.length / 2 : 0);
    if (score < bestScore) {
      bestScore = score;
      best = route;
    }
  }
  return best !== undefined && bestScore <= Math.max(2, path.length / 4) ? best : undefined;
}
