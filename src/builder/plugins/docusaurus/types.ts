// The shapes of Docusaurus's plugin API (@docusaurus/types: Plugin, LoadContext, RouteConfig,
// HtmlTags), as far as sitegen calls them. Plugins are plain JavaScript: every method is optional.

export type HtmlTagObject = { tagName: string; attributes?: Record<string, string | boolean | undefined>; innerHTML?: string };
export type HtmlTags = string | HtmlTagObject | (string | HtmlTagObject)[];

export interface RouteConfig {
  path: string;
  component: string;
  exact?: boolean;
  /** Prop name → a module path (createData's, a JSON file) or a nested object of them: the page gets each module's value. */
  modules?: Record<string, unknown>;
  /** Props the page gets as they are (Docusaurus 3). */
  props?: Record<string, unknown>;
  routes?: RouteConfig[];
  [key: string]: unknown;
}

export interface PluginActions {
  addRoute(route: RouteConfig): void;
  createData(name: string, data: string | object): Promise<string>;
  setGlobalData(data: unknown): void;
}

export interface PostCssOptions {
  plugins: unknown[];
  [key: string]: unknown;
}

export interface DocusaurusPlugin {
  name: string;
  loadContent?(): unknown;
  contentLoaded?(args: { content: unknown; actions: PluginActions }): unknown;
  allContentLoaded?(args: { allContent: AllContent; actions: PluginActions }): unknown;
  postBuild?(props: Record<string, unknown>): unknown;
  injectHtmlTags?(args: { content: unknown }): { headTags?: HtmlTags; preBodyTags?: HtmlTags; postBodyTags?: HtmlTags } | undefined;
  getClientModules?(): string[];
  getThemePath?(): string;
  getTypeScriptThemePath?(): string;
  getPathsToWatch?(): string[];
  configurePostCss?(options: PostCssOptions): PostCssOptions | undefined;
  configureWebpack?(config: object, isServer: boolean, utils: object, content: unknown): Record<string, unknown> | undefined | void;
  [key: string]: unknown;
}

/** plugin name → plugin id → its content (allContentLoaded's `allContent`). */
export type AllContent = Record<string, Record<string, unknown>>;

export interface LoadContext {
  siteDir: string;
  siteVersion?: string;
  generatedFilesDir: string;
  siteConfig: Record<string, unknown>;
  siteConfigPath: string;
  outDir: string;
  baseUrl: string;
  i18n: { defaultLocale: string; locales: string[]; path: string; currentLocale: string; localeConfigs: Record<string, unknown> };
  localizationDir: string;
  codeTranslations: Record<string, string>;
  siteStorage: { type: 'localStorage' | 'sessionStorage'; namespace: string };
  currentBundler: { name: 'webpack'; instance: undefined };
}
