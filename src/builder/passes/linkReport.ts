import type { SiteModel } from '../site/model.js';
import type { RenderedRoute } from '../render/types.js';
import type { ResolvedNavbarItem } from '../../shared/navbar.js';
import { SitegenError, type Problem } from '../errors.js';
import { checkLinks, type LinkSource } from './checkLinks.js';

// The link stage that `build`, `dev` and `check-links` share: every internal link and anchor of the
// rendered pages, the navbar (its brand link too) and the footer checked, then sorted by the config's onBrokenLinks and
// onBrokenAnchors into what fails the run and what is only a warning ('ignore': neither).

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

export function linkReport(params: { site: SiteModel; rendered: RenderedRoute[]; emittedFiles: Set<string>; configFile: string; dev?: boolean }): LinkReport {
  const { site } = params;
  const { config } = site;
  const found = checkLinks({
    rendered: params.rendered,
    config,
    staticFiles: site.staticFiles,
    extraFiles: params.emittedFiles,
    extraRoutes: site.extraLinkTargets,
    extraSources: chromeLinkSources(site, params.configFile),
  });
  // While writing (dev), a link to a page not written yet is a warning; build and check-links fail on it.
  const lenient = (b: Behaviour): Behaviour => (params.dev && b === 'throw' ? 'warn' : b);
  const report: LinkReport = { brokenLinks: [], brokenAnchors: [], failing: [], warnings: [], links: params.rendered.reduce((n, r) => n + r.links.length, 0) };
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
