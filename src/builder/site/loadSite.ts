import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import type { LocaleInfo } from '../../shared/types.js';
import type { SiteChrome } from '../../shared/navbar.js';
import { normalizePathname, staticUrl, stripTrailingSlash, withBase } from '../../shared/url.js';
import { localeInfos } from './locales.js';
import { readLocaleStrings } from './i18nFiles.js';
import { scanStatic, type StaticFiles } from './staticFiles.js';
import { resolveChrome } from '../routes/chrome.js';
import { NOT_FOUND, type LocaleModel, type PlannedRoute } from '../routes/manifest.js';
import { checkRoutesStayInside } from '../routes/routeSafety.js';
import { markdownParseOptions } from '../markdown/parseOptions.js';
import { parseMarkdown, stillParsedAs, withoutTree, type MarkdownParseOptions, type ParsedMarkdown, type ParsedMeta } from '../markdown/parse.js';
import type { ContentPlugin, LocalePlan, PlanContext, SiteModel, ParseCache } from '../plugins/api.js';
import type { ParseResult } from '../parallel/protocol.js';
import { ProblemCollector, SitegenError, type Problem } from '../errors.js';
import type { Problems } from '../pipeline/types.js';
import { sitePlugins } from '../plugins/index.js';
import { extractTranslations } from '../i18n/extract.js';
import { pageCodeFiles } from '../content/pageFiles.js';
import { readText } from '../content/readText.js';
import { pluginContents } from './markdownFiles.js';

export type { SiteModel, ParseCache };

/** Scans, loads and plans the site: everything but rendering. Returns the site model and the problems planning found. */
export function loadSite(params: {
  config: SiteConfig;
  siteDir: string;
  onlyLocale?: string;
  production: boolean;
  parseCache?: ParseCache;
  preParsed?: Map<string, ParseResult>;
  /** What the parse stage read the files with (default: the site's, parseOptions.ts): files it did not parse are read the same way. */
  parseOptions?: MarkdownParseOptions;
  plugins?: ContentPlugin[];
  /** What each plugin loaded (`load`), when the caller loaded it already (pipeline/scan.ts). */
  contents?: unknown[];
  /** The UI strings of the page modules, when the caller read them already (extractTranslationsAhead). */
  translations?: { problems: Problem[] };
}): { site: SiteModel; problems: Problems } {
  const { config, siteDir } = params;
  const parseOptions = params.parseOptions ?? markdownParseOptions(config, siteDir);
  const problems = new ProblemCollector();
  const infos = localeInfos(config);
  if (params.onlyLocale && !infos.some((l) => l.locale === params.onlyLocale)) {
    throw new SitegenError(`Unknown locale "${params.onlyLocale}"`, [{ message: `the config's locales are: ${infos.map((l) => l.locale).join(', ')}`, hint: 'Pass one of them to --locale.' }]);
  }
  const builtPrefixes = infos.filter((l) => l.baseUrl !== config.baseUrl && (!params.onlyLocale || l.locale === params.onlyLocale)).map((l) => l.baseUrl.slice(config.baseUrl.length));
  const staticFiles = scanStatic({ siteDir, dirs: config.staticDirectories, localePrefixes: builtPrefixes });
  const parsed = new Map<string, ParsedMeta>();
  const empty = (file: string): ParsedMeta => ({ file, format: 'mdx', frontMatter: {}, lineOffset: 0, stats: { words: 0, cjk: 0 } });
  const parse = (file: string): ParsedMeta => {
    const hit = parsed.get(file);
    if (hit) return hit;
    let meta: ParsedMeta;
    const pre = params.preParsed?.get(file);
    if (pre) {
      for (const p of pre.problems) problems.error(p);
      meta = pre.meta ?? empty(file);
    } else {
      let result: ParsedMarkdown | undefined;
      try {
        const source = readText(file);
        result = params.parseCache?.get(file, source, parseOptions);
        if (!result || !stillParsedAs(result, parseOptions)) {
          result = parseMarkdown({ file, source, options: parseOptions });
          params.parseCache?.set(file, source, result);
        }
      } catch (e) {
        if (!(e instanceof SitegenError)) throw e;
        for (const p of e.problems) problems.error(p);
      }
      meta = result ? withoutTree(result) : empty(file);
    }
    parsed.set(file, meta);
    return meta;
  };

  const plugins = params.plugins ?? sitePlugins();
  const contents = params.contents ?? pluginContents({ config, siteDir, plugins });

  const locales: LocaleModel[] = [];
  const extraLinkTargets: string[] = [];
  for (const info of infos) {
    if (params.onlyLocale && info.locale !== params.onlyLocale) continue;
    const isDefault = info.locale === config.i18n.defaultLocale;
    const localeStrings = readLocaleStrings({ siteDir, i18nDir: config.i18nDir, locale: info.locale });
    // Every page carries its chrome: only the theme's strings; the React pages' travel with them (pageStrings).
    const themeStrings: Record<string, string> = {};
    const pageStrings: Record<string, string> = {};
    for (const [id, message] of Object.entries(localeStrings.strings)) (id.startsWith('theme.') ? themeStrings : pageStrings)[id] = message;
    const ctx: PlanContext = { config, siteDir, locale: { info, isDefault }, localeStrings, parse, problems, production: params.production, staticFiles };
    const plans: LocalePlan[] = plugins.map((plugin, i) => plugin.plan?.(ctx, contents[i]) ?? { routes: [] });
    const pluginData = Object.fromEntries(plans.flatMap((p, i) => (p.localeData === undefined ? [] : [[plugins[i].name, p.localeData]])));
    const searchContexts = plans.flatMap((p) => p.searchContexts ?? []);
    const navbarItemTypes = Object.fromEntries(
      plugins.flatMap((plugin, i) => Object.entries(plugin.navbarItemTypes ?? {}).map(([type, resolve]) => [type, { resolve, localeData: plans[i].localeData }])),
    );
    extraLinkTargets.push(...plans.flatMap((p) => p.linkTargets ?? []));
    const home = normalizePathname(info.baseUrl);
    const homePage = plans.some((p) => p.routes.some((r) => normalizePathname(r.path) === home));
    locales.push({
      info,
      isDefault,
      pluginData,
      searchContexts,
      chrome: resolveChrome({
        config,
        locale: info,
        locales: infos,
        navbarItemTypes,
        searchContexts,
        pluginChrome: Object.assign({}, ...plans.map((p) => p.chrome ?? {})) as Partial<SiteChrome>,
        navbarStrings: localeStrings.navbar,
        footerStrings: localeStrings.footer,
        strings: themeStrings,
        staticUrl: (p) => staticUrl(config.baseUrl, p),
        homePage,
      }),
      strings: localeStrings.strings,
      pageStrings,
      routes: [...plans.flatMap((p) => p.routes), { type: NOT_FOUND, path: withBase(info.baseUrl, '404.html'), locale: info.locale, unlisted: true, data: {} }],
      sourceToPermalink: new Map(plans.flatMap((p) => p.permalinks ?? [])),
      contentRoots: plans.flatMap((p) => p.contentRoots ?? []),
    });
  }
  checkDuplicateRoutes(locales, config, problems, plugins);
  checkRoutesStayInside({ locales, baseUrl: config.baseUrl, trailingSlash: config.trailingSlash, problems });
  // <Translate> and translate() rules hold in every page module, rendered or not.
  for (const p of (params.translations ?? extractTranslations(pageCodeFiles(siteDir, config))).problems) problems.error(p);
  return { site: { config, siteDir, locales, staticFiles, parsed, extraLinkTargets, plugins }, problems: { errors: problems.errors, warnings: problems.warnings } };
}

function checkDuplicateRoutes(locales: LocaleModel[], config: SiteConfig, problems: ProblemCollector, plugins: ContentPlugin[]): void {
  if (config.onDuplicateRoutes === 'ignore') return;
  const seen = new Map<string, PlannedRoute>();
  const byLowerCase = new Map<string, PlannedRoute>();
  for (const l of locales) {
    for (const r of l.routes) {
      const key = routeKey(r.path);
      const previous = seen.get(key);
      if (previous) {
        const first = routeSource(previous, plugins);
        const second = routeSource(r, plugins);
        const p = {
          message: `Duplicate route "${r.path}": two pages are written to the same url, ${first} and ${second}; the last one wins`,
          hint: 'Change the slug (or the file name) of one of them, or move a page that replaces a generated one (a blog list) elsewhere.',
        };
        if (config.onDuplicateRoutes === 'throw') problems.error(p);
        else problems.warn(p);
      }
      seen.set(key, r);
      // Files whose names differ only by case are one file on macOS and Windows: the last one written wins there.
      const other = byLowerCase.get(key.toLowerCase());
      if (other && routeKey(other.path) !== key) {
        problems.warn({
          message: `Routes "${other.path}" and "${r.path}" differ only by case: ${routeSource(other, plugins)} and ${routeSource(r, plugins)} are written to one file on macOS and Windows, where the last one wins`,
          hint: 'Rename one of them (or give it a slug) so that the two urls differ by more than case.',
        });
      }
      byLowerCase.set(key.toLowerCase(), r);
    }
  }
}

/** A route as the file it is written to names it: decoded (`%2F` too, as routeToFile does), dot segments resolved, without a trailing slash or index.html. */
function routeKey(route: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(route);
  } catch {
    return normalizePathname(route);
  }
  return stripTrailingSlash(path.posix.normalize(decoded).replace(/\/index\.html$/, '/')) || '/';
}

/** What writes a route, for messages: its source file, or what the site generates it from. */
function routeSource(r: PlannedRoute, plugins: ContentPlugin[]): string {
  if (r.type === NOT_FOUND) return 'the 404 page';
  return plugins.find((p) => p.routeTypes.includes(r.type))?.describeRoute?.(r) ?? `the ${r.type} page`;
}

export type { LocaleInfo };
