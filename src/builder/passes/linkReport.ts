import fs from 'node:fs';
import type { SiteModel, PageToWrite, RenderedRoute } from '../plugins/api.js';
import type { ResolvedNavbarItem } from '../../shared/navbar.js';
import { SitegenError, type Problem } from '../errors.js';
import { checkLinks, linkTargets, type LinkCheckResult, type LinkSource, type LinkTargets } from './checkLinks.js';

// The link stage that `build`, `dev` and `check-links` share: every internal link and anchor of the
// rendered pages, the navbar (its brand link too) and the footer checked, then sorted by the config's
// onBrokenLinks and onBrokenAnchors into what fails the run and what is only a warning ('ignore':
// neither). The links React pages draw are checked the same way once the pages are drawn.

type Behaviour = 'throw' | 'warn' | 'ignore';

export interface LinkReport {
  /** Broken links that are reported (onBrokenLinks is not 'ignore'). */
  brokenLinks: Problem[];
  /** Broken anchors that are reported (onBrokenAnchors is not 'ignore'). */
  brokenAnchors: Problem[];
  /** Those of them that fail the run ('throw'), links first. */
  failing: Problem[];
  /** Those of them that are warnings ('warn'), worded as warnings ("Broken link → ..."). */
  warnings: Problem[];
  /** How many links were checked. */
  links: number;
}

/** What the site's links may lead to: its routes, static files and the files the build emits. */
export function siteLinkTargets(params: { site: SiteModel; rendered: RenderedRoute[]; emittedFiles: Set<string> }): LinkTargets {
  const { site } = params;
  return linkTargets({ rendered: params.rendered, config: site.config, staticFiles: site.staticFiles, extraFiles: params.emittedFiles, extraRoutes: site.extraLinkTargets });
}

export function linkReport(params: { site: SiteModel; rendered: RenderedRoute[]; targets: LinkTargets; configFile: string; dev?: boolean }): LinkReport {
  const sources: LinkSource[] = [...params.rendered.map((r) => ({ route: r.page.route, sourceFile: r.sourceFile, links: r.links })), ...chromeLinkSources(params.site, params.configFile)];
  return sorted(
    params.site.config,
    checkLinks(params.targets, sources),
    params.rendered.reduce((n, r) => n + r.links.length, 0),
    params.dev,
  );
}

/**
 * The links the site's React code drew with <Link> (@docusaurus/Link) as the pages were written, as
 * Docusaurus checks them: against the same targets as the markdown's, reported at the page's file
 * and, when the file writes the path as it is, at its line.
 */
export function drawnLinkReport(params: { site: SiteModel; pages: PageToWrite[]; targets: LinkTargets; dev?: boolean }): LinkReport {
  const localeBases = params.site.locales.map((l) => l.info.baseUrl).sort((a, b) => b.length - a.length);
  const sourceTexts = new Map<string, string | undefined>();
  const sources: LinkSource[] = params.pages
    .filter((p) => p.drawnLinks?.length)
    .map((p) => ({
      route: p.page.route,
      sourceFile: p.sourceFile,
      links: p.drawnLinks!.map((url) => ({ url, ...(p.sourceFile ? whereWritten(p.sourceFile, writtenPath(url, localeBases), sourceTexts) : {}) })),
    }));
  const links = sources.reduce((n, s) => n + s.links.length, 0);
  const found = checkLinks(params.targets, sources);
  // A path a page draws twice is found at the one place its file writes it: one problem.
  return sorted(params.site.config, { brokenLinks: once(found.brokenLinks), brokenAnchors: once(found.brokenAnchors) }, links, params.dev);
}

/** Each problem once: the same message at the same place is one thing to fix. */
function once(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}:${p.line}:${p.column} ${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One report of several (the markdown's and chrome's links, then those React pages drew): failing links first, as in each. */
export function mergeLinkReports(reports: LinkReport[]): LinkReport {
  const all = <K extends 'brokenLinks' | 'brokenAnchors' | 'warnings'>(key: K) => reports.flatMap((r) => r[key]);
  const brokenLinks = all('brokenLinks');
  const failing = reports.flatMap((r) => r.failing);
  return {
    brokenLinks,
    brokenAnchors: all('brokenAnchors'),
    failing: [...failing.filter((p) => brokenLinks.includes(p)), ...failing.filter((p) => !brokenLinks.includes(p))],
    warnings: all('warnings'),
    links: reports.reduce((n, r) => n + r.links, 0),
  };
}

/** The problems sorted by the config's onBrokenLinks and onBrokenAnchors. */
function sorted(config: SiteModel['config'], found: LinkCheckResult, links: number, dev?: boolean): LinkReport {
  // While writing (dev), a link to a page not written yet is a warning; build and check-links fail on it.
  const lenient = (b: Behaviour): Behaviour => (dev && b === 'throw' ? 'warn' : b);
  const report: LinkReport = { brokenLinks: [], brokenAnchors: [], failing: [], warnings: [], links };
  const sort = (problems: Problem[], behaviour: Behaviour, what: string, into: Problem[]) => {
    if (behaviour === 'ignore') return;
    into.push(...problems);
    if (behaviour === 'throw') report.failing.push(...problems);
    else report.warnings.push(...problems.map((p) => ({ ...p, message: `${what} ${p.message}` })));
  };
  sort(found.brokenLinks, lenient(config.onBrokenLinks), 'Broken link', report.brokenLinks);
  sort(found.brokenAnchors, lenient(config.onBrokenAnchors), 'Broken anchor', report.brokenAnchors);
  return report;
}

/** The path a drawn link's code wrote: the url without its locale's base url ("/zh-Hans/docs/x" → "/docs/x"). */
function writtenPath(url: string, localeBases: string[]): string {
  const base = localeBases.find((b) => b !== '/' && url.startsWith(b));
  return base ? url.slice(base.length - 1) : url;
}

/** Where a file first writes `text` in quotes, as line and column (nothing when it does not: a computed path). */
function whereWritten(file: string, text: string, texts: Map<string, string | undefined>): { line?: number; column?: number } {
  if (!texts.has(file)) {
    try {
      texts.set(file, fs.readFileSync(file, 'utf8'));
    } catch {
      texts.set(file, undefined);
    }
  }
  const source = texts.get(file);
  const found = source === undefined ? [] : ['"', "'", '`'].map((q) => source.indexOf(q + text)).filter((i) => i >= 0);
  if (!found.length) return {};
  const before = source!.slice(0, Math.min(...found) + 1).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** The config option(s) that decide about these problems: onBrokenLinks for links, onBrokenAnchors for anchors. */
export function optionsFor(report: Pick<LinkReport, 'brokenLinks' | 'brokenAnchors'>, problems: Problem[]): string {
  const links = problems.some((p) => report.brokenLinks.includes(p));
  const anchors = problems.some((p) => report.brokenAnchors.includes(p));
  return links && anchors ? 'onBrokenLinks and onBrokenAnchors' : anchors ? 'onBrokenAnchors' : 'onBrokenLinks';
}

/** The error a run stops with when some broken link or anchor fails it. */
export function brokenLinksError(report: LinkReport): SitegenError {
  const links = report.failing.filter((p) => report.brokenLinks.includes(p)).length;
  const anchors = report.failing.length - links;
  const title = anchors === 0 ? 'Broken links' : links === 0 ? 'Broken anchors' : 'Broken links and anchors';
  return new SitegenError(`${title}: ${report.failing.length} found (set ${optionsFor(report, report.failing)}: 'warn' to build anyway)`, report.failing);
}

/** The navbar and footer links of each locale, reported against the config file. */
function chromeLinkSources(site: SiteModel, configFile: string): LinkSource[] {
  return site.locales.map((l) => {
    const file = `${configFile} (${l.info.locale} navbar/footer)`;
    const links: LinkSource['links'] = [];
    const walk = (items: ResolvedNavbarItem[]) => {
      for (const i of items) {
        if (i.kind === 'link') links.push({ url: i.href, file });
        else if (i.kind === 'dropdown') {
          if (i.href) links.push({ url: i.href, file });
          if (i.role !== 'locale') walk(i.items);
        }
      }
    };
    // The brand (logo and title) links every page to the locale's home page, or to logo.href, as Docusaurus's does.
    const brandHint = l.chrome.homeHref === l.info.baseUrl ? NO_HOME_HINT : 'themeConfig.navbar.logo.href is not a page of the site';
    links.push({ url: l.chrome.homeHref, file: `${configFile} (${l.info.locale} navbar logo/title)`, hint: brandHint });
    walk(l.chrome.navbarItems);
    const footer = l.chrome.footer;
    if (footer?.logo) links.push(footer.logo.href ? { url: footer.logo.href, file } : { url: l.chrome.homeHref, file, hint: brandHint });
    for (const col of footer?.columns ?? []) for (const item of col.items) if (!item.html) links.push({ url: item.href, file });
    return { route: l.info.baseUrl, sourceFile: configFile, links };
  });
}

const NO_HOME_HINT =
  "the navbar's logo and title link to the home page, and the site has none: add src/pages/index.md (or a doc with slug: / in docs at routeBasePath: '/'), or set themeConfig.navbar.logo.href";
