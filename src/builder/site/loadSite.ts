import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import type { LocaleInfo } from '../../shared/types.js';
import { localeInfos } from './locales.js';
import { readLocaleStrings } from './i18nFiles.js';
import { scanStatic, type StaticFiles } from './staticFiles.js';
import { scanDocs, readCategories, loadLocaleDocs, localizedDocsPath, readTranslationFile, type DocsVersion } from '../content/docs.js';
import { generateSidebar } from '../routes/sidebar.js';
import { resolveChrome } from '../routes/chrome.js';
import type { LocaleModel, PlannedRoute } from '../routes/manifest.js';
import { checkRoutesStayInside, frontMatterOrigin } from '../routes/routeSafety.js';
import { parseMarkdown, type ParsedMarkdown, type ParsedMeta } from '../markdown/parse.js';
import type { ParseResult } from '../parallel/protocol.js';
import { ProblemCollector, SitegenError } from '../errors.js';
import { extensions, type SiteExtensionContext } from './extensions.js';
import { extractTranslations } from '../i18n/extract.js';
import { pageCodeFiles } from '../i18n/writeTranslations.js';
import { readText } from '../content/readText.js';
import type { PageRouteData } from '../pages/plan.js';
import type { BlogRouteData } from '../blog/plan.js';

export interface SiteModel {
  config: SiteConfig;
  siteDir: string;
  locales: LocaleModel[];
  staticFiles: StaticFiles;
  problems: ProblemCollector;
  /** Every markdown file parsed, once: absolute path → what was read of it (the tree stays with its parser). */
  parsed: Map<string, ParsedMeta>;
  /** Urls that exist without being pages (feeds, sitemap), for the link check. */
  extraLinkTargets: string[];
}

export interface ParseCache {
  get(file: string, source: string): ParsedMarkdown | undefined;
  set(file: string, source: string, parsed: ParsedMarkdown): void;
}

/** Scans, loads and plans the site: everything but rendering. */
export function loadSite(params: { config: SiteConfig; siteDir: string; onlyLocale?: string; production: boolean; parseCache?: ParseCache; preParsed?: Map<string, ParseResult> }): SiteModel {
  const { config, siteDir } = params;
  const problems = new ProblemCollector();
  const infos = localeInfos(config);
  if (params.onlyLocale && !infos.some((l) => l.locale === params.onlyLocale)) {
    throw new SitegenError(`Unknown locale "${params.onlyLocale}"`, [{ message: `the config's locales are: ${infos.map((l) => l.locale).join(', ')}`, hint: 'Pass one of them to --locale.' }]);
  }
  const staticFiles = scanStatic({ siteDir, dirs: config.staticDirectories });
  const parsed = new Map<string, ParsedMeta>();
  const empty = (file: string): ParsedMeta => ({ file, frontMatter: {}, lineOffset: 0, stats: { words: 0, cjk: 0 } });
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
        result = params.parseCache?.get(file, source);
        if (!result) {
          result = parseMarkdown({ file, source, limits: config.markdown });
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

  const docsScan = config.docs ? scanDocs({ siteDir, docs: config.docs }) : undefined;
  const categories = docsScan ? readCategories(docsScan.root, docsScan.categoryFiles) : undefined;

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
    const routes: PlannedRoute[] = [];
    const sourceToPermalink = new Map<string, string>();
    const contentRoots: LocaleModel['contentRoots'] = [];
    let docsModel: LocaleModel['docs'];
    if (config.docs && docsScan && categories) {
      const docsConfig = config.docs;
      const localizedRoot = localizedDocsPath({ siteDir, i18nDir: config.i18nDir, locale: info.locale, pluginId: docsConfig.id, versionName: 'current' });
      const translations = readTranslationFile(`${localizedRoot}.json`);
      const versionConfig = docsConfig.versions.current ?? {};
      const version: DocsVersion = {
        name: 'current',
        label: translations['version.label'] ?? versionConfig.label ?? 'Next',
        path: `/${docsConfig.routeBasePath.replace(/^\/|\/$/g, '')}`,
        isLast: docsConfig.lastVersion === 'current',
        banner: versionConfig.banner && versionConfig.banner !== 'none' ? versionConfig.banner : undefined,
        contentPath: docsScan.root,
      };
      const docs = loadLocaleDocs({
        locale: info.locale,
        isDefaultLocale: isDefault,
        version,
        localeBase: info.baseUrl,
        files: docsScan.files,
        categories,
        localizedRoot,
        originalRoot: docsScan.root,
        translations,
        parse,
        problems,
        production: params.production,
        trailingSlash: config.trailingSlash,
      });
      const sidebar = generateSidebar({ docs, sidebarId: docsConfig.sidebarId, collapsible: docsConfig.sidebarCollapsible, collapsed: docsConfig.sidebarCollapsed, problems });
      docsModel = { docs, sidebar, sidebarId: docsConfig.sidebarId };
      contentRoots.push({ original: docsScan.root, localized: localizedRoot });
      for (const doc of docs.docs) {
        routes.push({ kind: 'doc', path: doc.permalink, locale: info.locale, doc, unlisted: doc.unlisted, origin: frontMatterOrigin(doc.file, doc.frontMatter, ['slug', 'id']) });
        sourceToPermalink.set(doc.sourceFile, doc.permalink);
        sourceToPermalink.set(doc.file, doc.permalink);
      }
    }
    const model: LocaleModel = {
      info,
      isDefault,
      docs: docsModel,
      chrome: undefined as never,
      strings: localeStrings.strings,
      pageStrings,
      routes,
      sourceToPermalink,
      contentRoots,
    };
    const extCtx: SiteExtensionContext = { config, siteDir, locale: model, localeStrings, parse, problems, production: params.production, staticFiles, extraLinkTargets };
    for (const ext of extensions) ext.plan?.(extCtx);
    routes.push({ kind: 'notFound', path: `${info.baseUrl}404.html`, locale: info.locale, unlisted: true });
    model.chrome = resolveChrome({
      config,
      locale: info,
      locales: infos,
      docs: docsModel,
      navbarStrings: localeStrings.navbar,
      footerStrings: localeStrings.footer,
      strings: themeStrings,
      staticUrl: (p) => (/^[a-z]+:/i.test(p) ? p : config.baseUrl + p.replace(/^\//, '')),
    });
    locales.push(model);
  }
  checkDuplicateRoutes(locales, config, problems);
  checkRoutesStayInside({ locales, baseUrl: config.baseUrl, trailingSlash: config.trailingSlash, problems });
  // <Translate> and translate() rules hold in every page module, rendered or not.
  for (const p of extractTranslations(pageCodeFiles(siteDir, config)).problems) problems.error(p);
  return { config, siteDir, locales, staticFiles, problems, parsed, extraLinkTargets };
}

function checkDuplicateRoutes(locales: LocaleModel[], config: SiteConfig, problems: ProblemCollector): void {
  if (config.onDuplicateRoutes === 'ignore') return;
  const seen = new Map<string, PlannedRoute>();
  for (const l of locales) {
    for (const r of l.routes) {
      const key = decodeURI(r.path).replace(/\/$/, '');
      const previous = seen.get(key);
      if (previous) {
        const first = routeSource(previous);
        const second = routeSource(r);
        const p = {
          message: `Duplicate route "${r.path}": two pages are written to the same url, ${first} and ${second}; the last one wins`,
          hint: 'Change the slug (or the file name) of one of them, or move a page that replaces a generated one (a blog list) elsewhere.',
        };
        if (config.onDuplicateRoutes === 'throw') problems.error(p);
        else problems.warn(p);
      }
      seen.set(key, r);
    }
  }
}

/** What writes a route, for messages: its source file, or what the site generates it from. */
function routeSource(r: PlannedRoute): string {
  if (r.kind === 'doc') return r.doc.file;
  if (r.kind === 'notFound') return 'the 404 page';
  if (r.type === 'page') return (r.data as PageRouteData).source.file;
  if (r.type === 'blog') {
    const data = r.data as BlogRouteData;
    if (data.view === 'post') return data.post.file;
    const what = data.view === 'list' ? (data.tag ? `the "${data.tag.label}" tag page` : 'the post list') : data.view === 'archive' ? 'the archive' : 'the tags page';
    return `${what} of the blog "${data.blog.config.id}" (${data.blog.config.path}/)`;
  }
  return `the ${r.type} page`;
}

export type { LocaleInfo };

function withoutTree(p: ParsedMarkdown): ParsedMeta {
  const { tree: _tree, ...meta } = p;
  return meta;
}
