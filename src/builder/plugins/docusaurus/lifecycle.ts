import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { SitegenError, type Problem, type PluginDeclaration, type SiteConfig } from '../api.js';
import type { LocaleInfo } from '../../../shared/types.js';
import { entryLine, loadPlugin, type LoadedPlugin } from './load.js';
import { componentFile, moduleProps, routeKey, routePath, type AddedRoute } from './routes.js';
import { htmlTagsToHtml } from './htmlTags.js';
import { webpackConfigResult } from './webpack.js';
import type { AllContent, DocusaurusPlugin, LoadContext, PluginActions, PostCssOptions, RouteConfig } from './types.js';
import { withNodeEnv } from './nodeEnv.js';

// The Docusaurus plugin lifecycle, in Docusaurus's order and with its argument shapes
// (core/lib/server/plugins/plugins.js), once per locale as Docusaurus builds each locale on its own:
//   plugin(context, options) → loadContent() (all at once) → contentLoaded({ content, actions }) →
//   allContentLoaded({ allContent, actions }) → the routes, global data and injectHtmlTags({ content })
// of the locale. What the bundles need (getClientModules, getThemePath, configurePostCss,
// configureWebpack's resolve.alias) is the same for every locale: read from the first. postBuild runs
// per locale once the output is complete (postBuild.ts); getPathsToWatch is what `dev` watches.

export interface LocaleRun {
  locale: LocaleInfo;
  context: LoadContext;
  plugins: { loaded: LoadedPlugin; content: unknown }[];
  routes: AddedRoute[];
  /** plugin name → plugin id → what it set with setGlobalData. */
  globalData: Record<string, Record<string, unknown>>;
  /** injectHtmlTags of every plugin, as HTML. */
  tags: { head: string; preBody: string; postBody: string };
}

export interface DocusaurusHost {
  locales: LocaleRun[];
  /** getClientModules: scripts and stylesheets, absolute. */
  clientModules: string[];
  /** getThemePath / getTypeScriptThemePath: folders of @theme components, below the site's src/theme, in plugin order. */
  themeDirs: string[];
  /** configureWebpack's resolve.alias. */
  alias: Record<string, string>;
  /** configurePostCss's plugins, run over every stylesheet (undefined: none). */
  postcss?: { plugins: unknown[]; postcss: unknown };
  /** getPathsToWatch, absolute. */
  watchPaths: string[];
  /** Where createData writes (the first locale's): `@generated` in the bundles, as in Docusaurus. */
  generatedFilesDir: string;
  warnings: Problem[];
  /** The route components, for the bundles (each a page chunk). */
  components: { key: string; file: string }[];
}

export function pluginError(params: { plugin: { name: string }; loaded: LoadedPlugin; method: string; error: unknown; configFile: string; line?: number }): SitegenError {
  const e = params.error as Error;
  return new SitegenError(`The Docusaurus plugin "${params.plugin.name}" failed`, [
    {
      message: `${params.method}: ${e?.message ?? String(e)}`,
      file: params.loaded.file ?? params.configFile,
      ...(params.loaded.file ? {} : { line: params.line }),
      hint: `The error is the plugin's own (${params.loaded.declaration.list}[${params.loaded.declaration.index}] of the config): fix its code or its options.`,
    },
  ]);
}

export async function runDocusaurusPlugins(params: {
  config: SiteConfig;
  siteDir: string;
  configFile: string;
  declarations: PluginDeclaration[];
  /** The locales built, the default one first when it is built. */
  locales: LocaleInfo[];
  outDir: string;
  generatedFilesDir: string;
  dev: boolean;
}): Promise<DocusaurusHost | undefined> {
  if (!params.declarations.length) return undefined;
  const { config, siteDir, configFile } = params;
  const line = entryLine(configFile);
  const siteConfig = docusaurusSiteConfig(config);
  const runs: LocaleRun[] = [];
  for (const locale of params.locales) {
    const context = loadContext({ ...params, siteConfig, locale });
    const loadedPlugins: LoadedPlugin[] = [];
    // As `docusaurus build` and `docusaurus start` set it (nodeEnv.ts: one build at a time in the process).
    await withNodeEnv(params.dev ? 'development' : 'production', async () => {
      for (const declaration of params.declarations) {
        const loaded = await loadPlugin({ declaration, siteDir, context, configFile, configLine: line });
        if (loaded) loadedPlugins.push(loaded);
      }
    });
    const call = async <T>(loaded: LoadedPlugin, method: string, fn: (p: DocusaurusPlugin) => T): Promise<Awaited<T>> => {
      try {
        return await fn(loaded.plugin);
      } catch (error) {
        throw pluginError({ plugin: loaded.plugin, loaded, method, error, configFile, line: line(loaded.declaration) });
      }
    };
    const contents = await Promise.all(loadedPlugins.map((l) => call(l, 'loadContent', (p) => p.loadContent?.())));
    const routes: AddedRoute[] = [];
    const globalData: LocaleRun['globalData'] = {};
    const actionsOf = (loaded: LoadedPlugin): PluginActions => {
      const { name } = loaded.plugin;
      const id = loaded.options.id;
      const dataDir = path.join(context.generatedFilesDir, name, id);
      return {
        addRoute: (route: RouteConfig) => routes.push(...addedRoutes({ route, loaded, siteDir, trailingSlash: config.trailingSlash, baseUrl: locale.baseUrl })),
        createData: async (file: string, data: string | object) => {
          const target = path.join(dataDir, file);
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.writeFileSync(target, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
          return target;
        },
        setGlobalData: (data: unknown) => {
          (globalData[name] ??= {})[id] = data;
        },
      };
    };
    await Promise.all(loadedPlugins.map((l, i) => call(l, 'contentLoaded', (p) => p.contentLoaded?.({ content: contents[i], actions: actionsOf(l) }))));
    const allContent: AllContent = {};
    loadedPlugins.forEach((l, i) => ((allContent[l.plugin.name] ??= {})[l.options.id] = contents[i]));
    await Promise.all(loadedPlugins.map((l) => call(l, 'allContentLoaded', (p) => p.allContentLoaded?.({ allContent, actions: actionsOf(l) }))));
    const tags = { head: '', preBody: '', postBody: '' };
    for (const [i, l] of loadedPlugins.entries()) {
      const injected = await call(l, 'injectHtmlTags', (p) => {
        const t = p.injectHtmlTags?.({ content: contents[i] });
        return t && { head: htmlTagsToHtml(t.headTags, p.name), preBody: htmlTagsToHtml(t.preBodyTags, p.name), postBody: htmlTagsToHtml(t.postBodyTags, p.name) };
      });
      if (injected) for (const k of ['head', 'preBody', 'postBody'] as const) tags[k] += injected[k];
    }
    runs.push({ locale, context, plugins: loadedPlugins.map((loaded, i) => ({ loaded, content: contents[i] })), routes, globalData, tags });
  }
  const host = await bundleNeeds({ run: runs[0], siteDir, configFile, line });
  // Route components: resolved now that the plugins' theme folders are known.
  const components = new Map<string, string>();
  for (const run of runs)
    for (const r of run.routes) {
      const file = componentFile(r.file, { siteDir, themeDirs: host.themeDirs });
      if (!file)
        throw new SitegenError(`The Docusaurus plugin "${r.pluginName}" added a route sitegen cannot draw`, [
          {
            message: `addRoute("${r.path}"): no React file "${r.file}"`,
            file: configFile,
            hint: 'A route component is the absolute path of a React file (path.resolve(__dirname, "./MyPage.js")), "@site/src/...", or "@theme/X" of the site or a plugin theme.',
          },
        ]);
      r.file = file;
      r.key = routeKey(file, siteDir);
      components.set(r.key, file);
    }
  return { ...host, locales: runs, components: [...components].map(([key, file]) => ({ key, file })) };
}

function addedRoutes(params: { route: RouteConfig; loaded: LoadedPlugin; siteDir: string; trailingSlash: boolean | undefined; baseUrl: string }): AddedRoute[] {
  const { route, loaded } = params;
  const describe = `the plugin "${loaded.plugin.name}", addRoute("${route.path}")`;
  if (typeof route.path !== 'string' || typeof route.component !== 'string') throw new Error(`${describe}: a route needs a \`path\` and a \`component\` (strings)`);
  if (route.routes?.length) throw new Error(`${describe}: nested \`routes\` are not supported by sitegen; add each page as a route of its own`);
  return [
    {
      path: routePath(route.path, params.trailingSlash, params.baseUrl),
      file: route.component,
      key: '',
      props: { ...moduleProps(route.modules, describe), ...(route.props ?? {}) },
      pluginName: loaded.plugin.name,
      pluginId: loaded.options.id,
    },
  ];
}

/** What the bundles take from the plugins (the first locale's instances: the same for every locale). */
async function bundleNeeds(params: {
  run: LocaleRun;
  siteDir: string;
  configFile: string;
  line: (d: PluginDeclaration) => number | undefined;
}): Promise<Omit<DocusaurusHost, 'locales' | 'components'>> {
  const clientModules: string[] = [];
  const themeDirs: string[] = [];
  const watchPaths: string[] = [];
  const alias: Record<string, string> = {};
  const warnings: Problem[] = [];
  const postcssOptions: PostCssOptions = { ident: 'postcss', plugins: [] };
  let postcssTouched = false;
  for (const { loaded, content } of params.run.plugins) {
    const p = loaded.plugin;
    const from = loaded.file ? path.dirname(loaded.file) : params.siteDir;
    const guard = <T>(method: string, fn: () => T): T => {
      try {
        return fn();
      } catch (error) {
        throw pluginError({ plugin: p, loaded, method, error, configFile: params.configFile, line: params.line(loaded.declaration) });
      }
    };
    const req = createRequire(path.join(from, 'noop.js'));
    for (const m of guard('getClientModules', () => p.getClientModules?.() ?? [])) {
      clientModules.push(guard('getClientModules', () => (path.isAbsolute(m) ? req.resolve(m) : req.resolve(path.resolve(from, m)))));
    }
    const theme = guard('getThemePath', () => p.getThemePath?.() ?? p.getTypeScriptThemePath?.());
    if (theme) themeDirs.push(path.resolve(from, theme));
    for (const w of guard('getPathsToWatch', () => p.getPathsToWatch?.() ?? [])) watchPaths.push(path.resolve(params.siteDir, w));
    if (p.configurePostCss) {
      const result = guard('configurePostCss', () => p.configurePostCss!(postcssOptions));
      if (result && result !== postcssOptions) Object.assign(postcssOptions, result);
      postcssTouched = true;
    }
    if (p.configureWebpack) {
      const result = guard('configureWebpack', () => p.configureWebpack!(webpackStub(params.run.context.generatedFilesDir), false, webpackUtils(), content));
      const read = webpackConfigResult(result ?? undefined, p.name);
      if (read.refused) {
        throw new SitegenError(`The Docusaurus plugin "${p.name}" needs webpack`, [
          {
            message: `${loaded.declaration.list}[${loaded.declaration.index}]: ${read.refused}`,
            file: params.configFile,
            line: params.line(loaded.declaration),
            hint: 'sitegen bundles with esbuild and runs no webpack loaders: remove the plugin, or do without what it adds.',
          },
        ]);
      }
      Object.assign(alias, read.alias);
      if (read.ignored)
        warnings.push({ message: read.ignored, file: params.configFile, line: params.line(loaded.declaration), hint: 'Only resolve.alias of configureWebpack has a meaning without webpack.' });
    }
  }
  const postcssPlugins = postcssOptions.plugins.filter(Boolean);
  const postcss = postcssTouched && postcssPlugins.length ? { plugins: postcssPlugins, postcss: loadPostcss(params.siteDir) } : undefined;
  return { clientModules, themeDirs, alias, postcss, watchPaths, warnings, generatedFilesDir: params.run.context.generatedFilesDir };
}

/** postcss, the library Docusaurus runs configurePostCss's plugins with: the site's copy, else sitegen's. */
function loadPostcss(siteDir: string): unknown {
  for (const from of [path.join(siteDir, 'package.json'), fileURLToPath(import.meta.url)]) {
    try {
      return createRequire(from)('postcss');
    } catch {
      // not there
    }
  }
  throw new SitegenError('configurePostCss needs postcss', [
    { message: 'a plugin adds PostCSS plugins, and the package "postcss" is not installed in the site', file: path.join(siteDir, 'package.json'), hint: 'npm install --save-dev postcss' },
  ]);
}

// The configuration a plugin's configureWebpack is given: Docusaurus's aliases it may build on (`@generated`, where createData writes).
const webpackStub = (generatedFilesDir: string) => ({ mode: 'production', resolve: { alias: { '@generated': generatedFilesDir } }, module: { rules: [] }, plugins: [] });
const webpackUtils = () => ({ getStyleLoaders: () => [], getJSLoader: () => ({}), currentBundler: { name: 'webpack' } });

function loadContext(params: {
  config: SiteConfig;
  siteDir: string;
  configFile: string;
  outDir: string;
  generatedFilesDir: string;
  siteConfig: Record<string, unknown>;
  locale: LocaleInfo;
}): LoadContext {
  const { config, locale } = params;
  const localizationDir = path.resolve(params.siteDir, config.i18nDir, locale.locale);
  const isDefault = locale.locale === config.i18n.defaultLocale;
  return {
    siteDir: params.siteDir,
    siteVersion: readSiteVersion(params.siteDir),
    generatedFilesDir: path.join(params.generatedFilesDir, locale.locale),
    siteConfig: params.siteConfig,
    siteConfigPath: params.configFile,
    outDir: isDefault ? params.outDir : path.join(params.outDir, locale.baseUrl.slice(config.baseUrl.length).replace(/\/$/, '')),
    baseUrl: locale.baseUrl,
    i18n: { defaultLocale: config.i18n.defaultLocale, locales: config.i18n.locales, path: config.i18nDir, currentLocale: locale.locale, localeConfigs: config.i18n.localeConfigs },
    localizationDir,
    codeTranslations: readCodeTranslations(path.join(localizationDir, 'code.json')),
    siteStorage: { type: 'localStorage', namespace: '' },
    currentBundler: { name: 'webpack', instance: undefined },
  };
}

/** The config as Docusaurus's plugins read `context.siteConfig`: sitegen's, with Docusaurus's defaults of the keys sitegen has not. */
export function docusaurusSiteConfig(config: SiteConfig): Record<string, unknown> {
  const future = (config.future ?? {}) as Record<string, unknown>;
  const { pluginThemeConfig, ...own } = config;
  return {
    ...own,
    themeConfig: { ...config.themeConfig, ...pluginThemeConfig },
    presets: [],
    future: { experimental_router: 'browser', experimental_storage: { type: 'localStorage', namespace: false }, ...future },
    onDuplicateRoutes: config.onDuplicateRoutes,
    staticDirectories: config.staticDirectories,
  };
}

function readSiteVersion(siteDir: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(siteDir, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

function readCodeTranslations(file: string): Record<string, string> {
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { message: string }>;
    return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, v.message]));
  } catch {
    return {};
  }
}
