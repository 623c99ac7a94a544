import type { SiteConfig } from '../config/schema.js';
import type { LocaleInfo } from '../../shared/types.js';
import type { ParsedMeta } from '../markdown/parse.js';
import type { Problem, ProblemCollector } from '../errors.js';
import type { SiteChrome } from '../../shared/navbar.js';
import type { VersionContext } from '../passes/search/contexts.js';
import type { NavbarItemResolver } from '../routes/navbarHelpers.js';
import type { StaticFiles } from '../site/staticFiles.js';
import type { readLocaleStrings } from '../site/i18nFiles.js';
import type { PlannedRoute, LocaleModel } from '../routes/manifest.js';
import type { MarkdownJob } from '../parallel/protocol.js';
import type { PageData, SidebarItem } from '../../shared/types.js';
import type { MarkdownParseOptions, ParsedMarkdown } from '../markdown/parse.js';
import type { RenderedMarkdown } from '../markdown/context.js';
import type { OutputSink } from '../output/sink.js';

// The lifecycle every content plugin (docs, blog, pages, the search page) follows, in the spirit of
// Docusaurus's loadContent → contentLoaded → routes, kept small:
//   load           what does not depend on the locale (folders, category files), once, first
//   markdownFiles  what it will read (parsed in parallel before planning), from what load read
//   plan           per locale: its routes and what links resolve through (returned, never written into the locale)
//   markdownJobs   per route: the markdown renders it needs (all rendered in parallel first)
//   render         per route: page data, links, anchors, search input
//   passes         whole-site outputs after rendering (feeds)
//   translations   the files `write-translations` writes for it
//   watchPaths     the folders `dev` watches for it
// and the hooks through which it adds to the core what only it knows (the core merges them, per locale):
//   navbarItemTypes  navbar item types it resolves, with its own data of the locale (LocalePlan.localeData)
//   LocalePlan       localeData (LocaleModel.pluginData), searchContexts (indexes of their own), chrome
//   checkPage        a check of every rendered page
// A plugin is registered by one line in ./index.ts (or passed in BuildOptions.plugins).
// This module is the plugin API: a plugin imports the core only through it (and src/shared), its
// helpers included (test/unit/architecture.test.ts). The values the stages pass along (the site model,
// the render context, rendered routes, the pass context) are declared here too: they and the
// lifecycle refer to each other, and one module keeps that free of import cycles; the core imports
// them from here.

// The core's types a plugin plans and resolves with, from their modules: a plugin imports them from here.
export type { PlannedRoute, RouteBase, LocaleModel } from '../routes/manifest.js';
export type { RouteOrigin } from '../routes/routeOrigin.js';
export type { MarkdownJob } from '../parallel/protocol.js';
export type { VersionContext } from '../passes/search/contexts.js';
export type { SiteConfig } from '../config/schema.js';
export type { NavbarItemResolver, NavbarItemContext } from '../routes/navbarHelpers.js';
export type { PluginDeclaration, PluginModule } from '../config/pluginEntries.js';
export type { OutputSink };

// The core's helpers a plugin uses, from their modules (none of them imports this module back): problems,
// content files and their front matter, tags and data files, markdown as rendered, a page's head, route
// and url joins, navbar item helpers, content keys and sitegen's cache folder, a site's own modules.
export { cacheFolder, markUsed } from '../cacheFolder.js';
export { cacheKey, valueKey } from '../cacheKey.js';
export { describeIssue } from '../config/navbarItems.js';
export { thrownAt } from '../config/thrownAt.js';
export { dataFileKeyLine, readDataFile } from '../content/dataFile.js';
export { listFiles, markdownFileMatcher } from '../content/files.js';
export { blogFrontMatterSchema, docFrontMatterSchema, pageFrontMatterSchema, validateFrontMatter, type BlogFrontMatter, type DocFrontMatter } from '../content/frontMatter.js';
export { frontMatterLine } from '../content/frontMatterLine.js';
export { frontMatterKeyLineOf } from '../content/frontMatterLines.js';
export { gitLastUpdates, lastUpdateOf, lastUpdatesUnavailable, type GitLastUpdates } from '../content/lastUpdate.js';
export { lineMatching } from '../content/lineMatching.js';
export { scanPages, type PageSource } from '../content/pageFiles.js';
export { readYaml } from '../content/readFrontMatter.js';
export { readText } from '../content/readText.js';
export { normalizeTags, readTagsFile, reportInlineTags, tagsFileKey, type NormalizedTag, type ReportLevel, type TagsFile } from '../content/tags.js';
export { readTranslationFile } from '../content/translationFile.js';
export { SitegenError, type Problem, type ProblemCollector } from '../errors.js';
export { importModule } from '../importModule.js';
export { htmlHolds, leadOf, showPart, showSections, shownHtmlHolds, type RenderedMarkdown } from '../markdown/context.js';
export { parseMarkdown, type ParsedMeta } from '../markdown/parse.js';
export { PARSE_FEW } from '../parseFew.js';
export { componentPageData, headFor } from '../render/head.js';
export { joinRoute } from '../routes/joinRoute.js';
export { joinUrl, label, localiseHref, position } from '../routes/navbarHelpers.js';
export { frontMatterOrigin } from '../routes/routeSafety.js';

/** What every stage of a plugin may read about the site. */
export interface SiteContext {
  config: SiteConfig;
  siteDir: string;
}

/** Planning one locale: the locale, its strings, and the parsed markdown (parsed once, shared). */
export interface PlanContext extends SiteContext {
  locale: Pick<LocaleModel, 'info' | 'isDefault'>;
  localeStrings: ReturnType<typeof readLocaleStrings>;
  parse: (file: string) => ParsedMeta;
  problems: ProblemCollector;
  production: boolean;
  staticFiles: StaticFiles;
}

/** What a plugin planned for one locale: new values, merged into the locale model by the planner. */
export interface LocalePlan {
  routes: PlannedRoute[];
  /** Source file (original or translation) → url in this locale: markdown links to it resolve there. */
  permalinks?: [file: string, url: string][];
  /** Localised content root → original root, to resolve links written in a translation. */
  contentRoots?: LocaleModel['contentRoots'];
  /** Urls it writes that are not pages (feeds): links to them are not broken. */
  linkTargets?: string[];
  /** The plugin's own data of the locale (the docs: its instances with their versions and sidebars): `LocaleModel.pluginData[name]`, and what its navbar item types are resolved with. */
  localeData?: unknown;
  /** Contexts with a search index of their own (the docs versions but the last); a route names its own in `searchContext`. */
  searchContexts?: VersionContext[];
  /** What it adds to the locale's chrome (the docs instances the theme's docs hooks read). */
  chrome?: Partial<SiteChrome>;
}

/** A translation file of one locale: path and messages (existing translations are kept). */
export interface TranslationFile {
  file: string;
  messages: Record<string, { message: string; description?: string }>;
}

export interface ContentPlugin<Content = unknown> {
  name: string;
  /** The route types it plans and renders: the `type` of its `PlannedRoute`s. */
  routeTypes: readonly string[];
  /** Every markdown file it will read for these locales (translations included); `content` is what `load` returned. */
  markdownFiles?(ctx: SiteContext & { locales: string[] }, content: Content): string[];
  /** Reads what does not depend on the locale (folders, category files), once per build, before anything else. */
  load?(ctx: SiteContext): Content;
  plan?(ctx: PlanContext, content: Content): LocalePlan;
  markdownJobs?(route: PlannedRoute, ctx: Pick<RenderContext, 'site' | 'locale'>): MarkdownJob[];
  render(route: PlannedRoute, ctx: RenderContext): RenderedRoute;
  /** The navbar item types it resolves (config `type` → resolver), with its `localeData` of the locale. */
  navbarItemTypes?: Record<string, NavbarItemResolver>;
  /** Checks every rendered page of the site, whichever plugin rendered it (a <DocCardList /> outside the docs). */
  checkPage?(rendered: RenderedRoute): Problem | undefined;
  /** What writes a route, for messages (duplicate routes): its source file, or what it is generated from. */
  describeRoute?(route: PlannedRoute): string;
  passes?: SitePass[];
  translations?(ctx: SiteContext & { locale: string }): TranslationFile[];
  watchPaths?(ctx: SiteContext): string[];
  /**
   * What it publishes as Docusaurus's global data (@docusaurus/useGlobalData) in a locale, given its
   * `localeData` there: Docusaurus plugin name → plugin id → data. Asked only when the site's code reads it.
   */
  globalData?(localeData: unknown, locale: LocaleModel): Record<string, Record<string, unknown>>;
}

// ---- The site model: what planning (site/loadSite.ts) returns and every later stage reads.

export interface SiteModel {
  config: SiteConfig;
  siteDir: string;
  locales: LocaleModel[];
  staticFiles: StaticFiles;
  /** Every markdown file parsed, once: absolute path → what was read of it (the tree stays with its parser). */
  parsed: Map<string, ParsedMeta>;
  /** Urls that exist without being pages (feeds, sitemap), for the link check. */
  extraLinkTargets: string[];
  /** The content plugins that planned the routes, and render them. */
  plugins: ContentPlugin[];
  /** Docusaurus plugins' injectHtmlTags, as HTML, by locale (plugins/docusaurus/). */
  htmlTags?: Record<string, { head: string; preBody: string; postBody: string }>;
}

export interface ParseCache {
  /** `options`: what the caller parses with, should the cache need to parse the file again (a stored tree found corrupted when first read). */
  get(file: string, source: string, options?: MarkdownParseOptions): ParsedMarkdown | undefined;
  set(file: string, source: string, parsed: ParsedMarkdown): void;
}

// ---- Rendering: what rendering a route produces.

/** Input of the search index for one page. */
export interface SearchPageInput {
  url: string;
  title: string;
  description?: string;
  keywords?: string[];
  breadcrumbs: string[];
  sections: RenderedMarkdown['sections'];
  /** The search option that says whether the page is indexed (`search.indexDocs`, `search.indexBlog`); `search.indexPages` when absent. */
  indexedBy?: 'indexDocs' | 'indexBlog';
}

/** What rendering one route produced, before it becomes an HTML file. */
export interface RenderedRoute {
  route: PlannedRoute;
  page: PageData;
  /**
   * The sidebar the page shows, as the theme draws a docs sidebar (DocRoot): its data file is written once
   * per key and locale, and its items' markup is drawn once per thread (render/sidebarMarkup.ts).
   */
  sidebar?: { key: string; items: SidebarItem[] };
  /** The markdown source the page was made from (link reports point at it). */
  sourceFile?: string;
  /**
   * The links the page shows, where they are written: in `file`, else in `sourceFile`. A page's
   * markdown links are its render's own array (`file` left out, shared and not copied per page: a
   * copy of each link with its file was a fifth of what assembling the versioned bench site's routes
   * allocated, all of it kept until the HTML stage).
   */
  links: { url: string; line?: number; column?: number; file?: string }[];
  anchors: string[];
  search?: SearchPageInput;
}

/** A rendered route once the link check is done with it: what the HTML stage writes (and returns, as written). */
export type PageToWrite = Pick<RenderedRoute, 'route' | 'page' | 'sidebar' | 'sourceFile' | 'search'> & {
  /** The internal links the page's React code drew with <Link> (@docusaurus/Link), once it is written: the build checks them then. */
  drawnLinks?: string[];
};

export interface RenderContext {
  site: SiteModel;
  locale: LocaleModel;
  problems: ProblemCollector;
  /** The rendered markdown of a job (rendered beforehand, in parallel). */
  markdown(job: MarkdownJob): RenderedMarkdown;
}

export type RouteRenderer<R extends PlannedRoute = PlannedRoute> = (route: R, ctx: RenderContext) => RenderedRoute;

// ---- Passes: whole-site outputs after rendering.

export interface PassContext {
  site: SiteModel;
  rendered: RenderedRoute[];
  sink: OutputSink;
}

export type SitePass = (ctx: PassContext) => void;
