import type { ResolvedNavbarItem, SiteChrome } from '../../shared/navbar.js';
import type { PageContent, PageData } from '../../shared/types.js';
import { isExternalUrl, normalizePathname, splitPath } from '../../shared/url.js';
import { docOf, docsPageOf } from '../../shared/docsPage.js';
import { detached } from './detached.js';

// A page's navbar items, drawn once per thread for all the pages that show them alike instead of once
// per page. On a docs page of a versioned site the items differ from page to page only in a few urls:
// the version dropdown links the page's copy in each version, the locale dropdown the page in each
// locale, and whichever of those is the page itself is marked active. Everything else they show is
// the same for the pages of one version and locale.
//
// So each page is drawn with a stand-in chrome whose navbar items are, run by run, one `html` item
// holding a token (an item that reads the page's route itself is kept as it is: see `keptApart`).
// The markup of a run comes from a template: the run drawn once by React for a page whose urls are tokens of their own
// (its route, its copy in each version, its alternate in each locale; equal urls share a token), kept
// under a key of what else the items read of the page (which locales have a copy; when an item of
// the runs reads the page's content, `readsPageContent`, its kind, docs instance, sidebar, version,
// which versions have a copy, and its doc id when an item is active on that doc). `finish`
// puts each run's markup with the page's own urls in place of its token's element.
//
// The tokens keep every comparison the items make true or false as it was (theme/components/navbar/
// items.tsx isActive): a page none of whose urls is the same path as an item's own url, none of whose
// urls holds a character React escapes, and none of whose urls is external (Link draws those
// differently), is drawn with the stand-in; any other page with its real navbar. A template is kept only
// when its run drew no link into the link report and set nothing of the head (checked once, as the
// template is made); when anything is not as expected the page is drawn with its real navbar.
//
// The browser never sees the stand-in: the page data carries the real chrome, which hydrates the same
// markup. Used by the HTML handler (parallel/htmlHandler.ts).
//
// Measured (the HTML jobs of a cold build replayed on one thread by the HTML handler bundled as the
// CLI is, no file written, 5 passes per process, 3 processes each alternating with main's, 16:54 UTC,
// load 4.8-5.3): the versioned site (bench/versioned.ts, 2,676 pages, a navbar of 2 links and the
// version and locale dropdowns: 18 items) median 805 -> 578 ms of CPU per pass after the first (first
// passes 1,191/1,291/1,278 -> 841/911/1,141 ms). The 1,000-docs folder site (a navbar of one link) drew no faster with it
// (first passes 499/763 -> 659/877 ms): a navbar of fewer than MIN_ITEMS items is left to React.
//
// API: new NavbarMarkup() once per thread and build; standIn(chrome, page, draw) per page, where
// `draw` renders a page with the given chrome and page (and returns its markup, head and links).

/** What starts a page's stand-in token and a template's url token: with a NUL, which a url or a page's text hardly holds (a url that does is drawn with its real navbar; see `finish` for text). */
const RUN = '\u0000sitegen-navbar:';
const URL_TOKEN = '\u0000sitegen-navbar-url:';

/** The element an `html` navbar item holding `html` is drawn as (theme/components/navbar/items.tsx NavHtmlItem, not in the mobile menu). */
const ELEMENT_START = '<div class="navbar__item navbar-html">';
const htmlItemMarkup = (html: string) => `${ELEMENT_START}${html}</div>`;

/** Items (a dropdown's count too) drawn from templates at least for the stand-in to be used (see the top). */
const MIN_ITEMS = 8;

/** Templates kept at most (a site has a few per version and locale: a key holds which versions and locales have a copy of the page). */
const MAX_TEMPLATES = 5_000;

/** Urls remembered at most (see NavbarMarkup.paths). */
const MAX_URLS = 200_000;

/** A path that is its own stripSlash and holds nothing React escapes: from the root (not "//"), no "%", "?" or "#", no trailing "/" or "/index.html". */
const PLAIN_PATH = /^\/(?!\/)[^%?#"&'<>\u0000]*(?<!\/|\/index\.html)$/;

/** Characters React escapes in text and attributes: a url holding one is not a plain substitute for its token. */
const ESCAPED = /["&'<>\u0000]/;

export interface Drawn {
  html: string;
  head: unknown;
  links: string[];
}

export type Draw = (chrome: SiteChrome, page: PageData) => Drawn;

export interface NavbarStandIn {
  /** The chrome to draw the page with. */
  chrome: SiteChrome;
  /** The page's markup with its navbar items' markup in place; undefined when it is not as expected (draw the page with its real chrome). */
  finish(html: string): string | undefined;
}

/** A run's markup split at its url tokens: text, token index, text, ... */
type Template = (string | number)[];

/** One locale's chrome, as the navbar items are drawn from it. */
interface ChromePlan {
  /** The runs of items drawn from a template (consecutive items of one position, those `keptApart` apart). */
  runs: { items: ResolvedNavbarItem[]; position: ResolvedNavbarItem['position'] }[];
  /** The chrome the pages are drawn with: each run one token item. */
  standIn: SiteChrome;
  /** undefined: the pages are drawn with their real navbar (the items test the route itself, or are too few to be worth it). */
  paths?: Set<string>;
  /** The doc ids an item is active on. */
  docIds: Set<string>;
  /** Whether an item of the runs reads the page's content (`readsPageContent`): else the templates are not keyed by it. */
  readsContent: boolean;
  /** What pathOf found of each url met. */
  urls: Map<string, string | null>;
}

export class NavbarMarkup {
  private plans = new Map<SiteChrome, ChromePlan>();
  /** Templates by locale and key (null: the key's pages are drawn with their real navbar). */
  private templates = new Map<string, Template[] | null>();

  /** A url's path (stripSlash), or null when it cannot stand for a token (see the top); remembered: a page's urls are most other pages' too. */
  private pathOf(url: string, plan: ChromePlan): string | null {
    // Most urls are a plain path, their own stripSlash: no lookup (a fresh string's ~1 us).
    if (PLAIN_PATH.test(url)) return plan.paths!.has(url) ? null : url;
    let path = plan.urls.get(url);
    if (path === undefined) {
      if (plan.urls.size >= MAX_URLS) plan.urls.clear();
      path = ESCAPED.test(url) || isExternalUrl(url) ? null : stripSlash(url);
      // A url of the same path as an item's own compares equal to it (isActive): its token would not.
      if (path !== null && plan.paths!.has(path)) path = null;
      plan.urls.set(url, path);
    }
    return path;
  }

  private planOf(chrome: SiteChrome): ChromePlan {
    let plan = this.plans.get(chrome);
    if (plan) return plan;
    const runs: ChromePlan['runs'] = [];
    const items: ResolvedNavbarItem[] = [];
    for (const left of [true, false]) {
      let run: ResolvedNavbarItem[] = [];
      const end = () => {
        if (!run.length) return;
        items.push({ kind: 'html', html: `${RUN}${runs.length}\u0000`, position: run[0].position });
        runs.push({ items: run, position: run[0].position });
        run = [];
      };
      for (const item of chrome.navbarItems) {
        if ((item.position === 'left') !== left) continue;
        if (keptApart(item, chrome)) {
          end();
          items.push(item);
        } else run.push(item);
      }
      end();
    }
    const paths = new Set<string>();
    const docIds = new Set<string>();
    const walk = (item: ResolvedNavbarItem) => {
      if ('href' in item && item.href !== undefined) paths.add(stripSlash(item.href));
      if (item.kind === 'link') {
        if (item.activeDoc !== undefined) docIds.add(item.activeDoc);
      }
      if ((item.kind === 'link' || item.kind === 'dropdown') && item.versionTargets) for (const t of Object.values(item.versionTargets.targets)) paths.add(stripSlash(t.href));
      if (item.kind === 'dropdown') item.items.forEach(walk);
    };
    chrome.navbarItems.forEach(walk);
    // The locale dropdown's items are matched to the locales by their base urls.
    for (const l of chrome.locales) paths.add(stripSlash(l.baseUrl));
    // A navbar of a few items costs React less than its stand-in costs here (see the top).
    let drawnItems = 0;
    const count = (item: ResolvedNavbarItem): number => 1 + (item.kind === 'dropdown' ? item.items.reduce((n, i) => n + count(i), 0) : 0);
    for (const run of runs) for (const item of run.items) drawnItems += count(item);
    const worth = drawnItems >= MIN_ITEMS;
    const readsContent = runs.some((run) => run.items.some(readsPageContent));
    plan = { runs, standIn: { ...chrome, navbarItems: items }, ...(worth ? { paths } : {}), docIds, readsContent, urls: new Map() };
    this.plans.set(chrome, plan);
    return plan;
  }

  /** The stand-in for one page's navbar; undefined: draw the page with its real chrome. */
  standIn(chrome: SiteChrome, page: PageData, draw: Draw): NavbarStandIn | undefined {
    const plan = this.planOf(chrome);
    if (!plan.runs.length || !plan.paths) return undefined;
    const urls = pageUrls(page, (url) => this.pathOf(url, plan));
    if (!urls) return undefined;
    const { content } = page;
    const docs = docsPageOf(content);
    const doc = docOf(content);
    const docId = doc && plan.docIds.has(doc.docId) ? doc.docId : undefined;
    // What the items read of the page besides its urls (see the top), and which of its urls are which.
    let key = `${page.locale}\u0000`;
    // A React page's own layout may draw no navbar (`failed`): its like keep a key apart from the others'.
    if (plan.readsContent || content.kind === 'componentPage') key += `${content.kind}\u0000${docId ?? ''}\u0000`;
    if (plan.readsContent && docs) key += `${docs.pluginId ?? ''}\u0000${docs.sidebarId ?? ''}\u0000${JSON.stringify(docs.version)}\u0000`;
    if (plan.readsContent && docs?.alternateDocVersions) for (const v in docs.alternateDocVersions) key += `${v}=${urls.token(docs.alternateDocVersions[v])};`;
    key += '\u0000';
    for (const a of page.head.alternates) key += `${a.locale}=${urls.token(a.href)};`;
    let templates = this.templates.get(key);
    if (templates === undefined) {
      // Bounded: a template is a cache of what its key gives.
      if (this.templates.size >= MAX_TEMPLATES) this.templates.clear();
      templates = this.template(chrome, plan, page, urls.tokenise, docId, draw);
      this.templates.set(key, templates);
    }
    if (!templates) return undefined;
    const values = urls.values;
    return {
      chrome: plan.standIn,
      finish: (html) => {
        // Joined with +: V8 keeps the parts as a rope, flattened once when the page is written.
        let out = '';
        let from = 0;
        for (let k = 0; k < templates.length; k++) {
          // The next token of any kind must be this run's, as the element of an html item.
          const element = htmlItemMarkup(`${RUN}${k}\u0000`);
          const at = html.indexOf(RUN, from) - ELEMENT_START.length;
          if (at < from || !html.startsWith(element, at)) return this.failed(key);
          out += html.slice(from, at);
          for (const part of templates[k]) out += typeof part === 'number' ? values[part] : part;
          from = at + element.length;
        }
        // What follows the last run is drawn as with the real navbar (a token there is the page's own
        // text, there with the real navbar too): not searched, which cost ~10 us a page.
        return out + html.slice(from);
      },
    };
  }

  /** A page of `key` did not come out as expected (a page that draws no navbar: a React page without the Layout): its like are drawn with their real navbar, not twice. */
  private failed(key: string): undefined {
    this.templates.set(key, null);
    return undefined;
  }

  /**
   * The runs' templates for pages keyed as `page` is: the page drawn with its urls tokens and each run
   * between two markers, and drawn again without the runs' items (the same links and head, or no template).
   */
  private template(chrome: SiteChrome, plan: ChromePlan, page: PageData, tokenise: (page: PageData) => PageData, docId: string | undefined, draw: Draw): Template[] | null {
    const marker = (k: number, end: string, position: ResolvedNavbarItem['position']): ResolvedNavbarItem => ({ kind: 'html', html: `${RUN}${k}:${end}\u0000`, position });
    const tokenised = tokenise(page);
    const doc = docOf(tokenised.content);
    const fake: PageData = doc && doc.docId !== docId ? { ...tokenised, content: { ...doc, docId: '\u0000sitegen-navbar-doc' } } : tokenised;
    const withRuns: ResolvedNavbarItem[] = [];
    const without: ResolvedNavbarItem[] = [];
    plan.runs.forEach((run, k) => {
      withRuns.push(marker(k, 'a', run.position), ...run.items, marker(k, 'b', run.position));
      without.push(marker(k, 'a', run.position), marker(k, 'b', run.position));
    });
    // The items kept apart are drawn by the pages themselves.
    const apart = chrome.navbarItems.filter((i) => keptApart(i, chrome));
    let drawn: Drawn;
    let bare: Drawn;
    try {
      drawn = draw({ ...chrome, navbarItems: [...withRuns, ...apart] }, fake);
      bare = draw({ ...chrome, navbarItems: [...without, ...apart] }, fake);
    } catch {
      return null;
    }
    if (JSON.stringify(drawn.head) !== JSON.stringify(bare.head) || drawn.links.join('\n') !== bare.links.join('\n')) return null;
    const templates: Template[] = [];
    for (let k = 0; k < plan.runs.length; k++) {
      const a = htmlItemMarkup(`${RUN}${k}:a\u0000`);
      const b = htmlItemMarkup(`${RUN}${k}:b\u0000`);
      const start = drawn.html.indexOf(a);
      const end = drawn.html.indexOf(b, start);
      if (start === -1 || end === -1) return null;
      const markup = drawn.html.slice(start + a.length, end);
      if (markup.includes(RUN)) return null;
      const template: Template = [];
      const split = markup.split(URL_TOKEN);
      template.push(split[0]);
      for (const piece of split.slice(1)) {
        const close = piece.indexOf('\u0000');
        const index = Number(piece.slice(0, close));
        if (close === -1 || !Number.isInteger(index)) return null;
        template.push(index, piece.slice(close + 1));
      }
      if (template.some((part) => typeof part === 'string' && part.includes('\u0000'))) return null;
      templates.push(template.map((part) => (typeof part === 'string' ? detached(part) : part)));
    }
    return templates;
  }
}

const stripSlash = (p: string) => normalizePathname(splitPath(p)[0]);

/**
 * Whether an item reads the page's route itself, and is drawn by each page apart from the runs: a
 * link with activeBasePath or activeBaseRegex (items.tsx isActive tests the route), a dropdown holding
 * one, and a search item when the bar's index depends on the page's path (search/searchContext.ts
 * barTarget: a docs version's own index, only with `search.versions`; otherwise the bar the server
 * draws, closed and empty, is the same on every page of the chrome). Such a link once kept a whole
 * navbar from its stand-in: the Shifu site's Docs item (activeBasePath /docs/).
 */
function keptApart(item: ResolvedNavbarItem, chrome: SiteChrome): boolean {
  if (item.kind === 'search') return chrome.search?.versions !== undefined;
  if (item.kind === 'link') return item.activeBasePath !== undefined || item.activeBaseRegex !== undefined;
  return item.kind === 'dropdown' && item.items.some((i) => keptApart(i, chrome));
}

/**
 * Whether an item's markup reads the page's content (items.tsx isActive, version.ts): a link active on
 * a sidebar or doc, one following the docs version, the version dropdown, a dropdown holding such an
 * item. When no item of the runs does, the templates are keyed by the locale and the alternates (and
 * React pages apart), not by the page's kind and docs: the Shifu site's 260 pages have 6 keys, not 16
 * (a template is two renders).
 */
function readsPageContent(item: ResolvedNavbarItem): boolean {
  if (item.kind === 'link') return item.activeSidebar !== undefined || item.activeDoc !== undefined || item.versionTargets !== undefined;
  return item.kind === 'dropdown' && (item.role === 'version' || item.versionTargets !== undefined || item.items.some(readsPageContent));
}

/** A docs page's content with other urls for its copies in the other versions; a page of another kind as it is. */
function withVersions(content: PageContent, alternateDocVersions: Record<string, string>): PageContent {
  const docs = docsPageOf(content);
  return docs ? { ...docs, alternateDocVersions } : content;
}

/**
 * The page's urls the navbar items read (its route, its copy in each version, its alternates), each
 * distinct one given a token; undefined when a token would not keep the items' markup (see the top).
 */
function pageUrls(page: PageData, pathOf: (url: string) => string | null): { values: string[]; token: (url: string) => number; tokenise: (page: PageData) => PageData } | undefined {
  // Arrays, not a Map and a Set: a page has a dozen urls or so, and this runs for every page.
  const values: string[] = [];
  const paths: string[] = [];
  const add = (url: string): boolean => {
    if (values.includes(url)) return true;
    const path = pathOf(url);
    // Two urls of one path compare equal (isActive): their tokens would not.
    if (path === null || paths.includes(path)) return false;
    paths.push(path);
    values.push(url);
    return true;
  };
  const versions = docsPageOf(page.content)?.alternateDocVersions;
  if (!add(page.route)) return undefined;
  if (versions) for (const href of Object.values(versions)) if (!add(href)) return undefined;
  for (const a of page.head.alternates) if (!add(a.href)) return undefined;
  const tokenOf = (url: string) => `${URL_TOKEN}${values.indexOf(url)}\u0000`;
  return {
    values,
    token: (url) => values.indexOf(url),
    tokenise: (p) => ({
      ...p,
      route: tokenOf(p.route),
      head: { ...p.head, alternates: p.head.alternates.map((a) => ({ ...a, href: tokenOf(a.href) })) },
      content: versions ? withVersions(p.content, Object.fromEntries(Object.entries(versions).map(([v, href]) => [v, tokenOf(href)]))) : p.content,
    }),
  };
}
