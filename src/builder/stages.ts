import type { SiteConfig } from './config/schema.js';
import { loadSite } from './site/loadSite.js';
import type { SiteModel, RenderedRoute, ContentPlugin } from './plugins/api.js';
import { markdownFiles } from './site/markdownFiles.js';
import { renderRoutes } from './render/renderSite.js';
import type { AssetRegistry } from './render/markdownContext.js';
import type { Executor } from './parallel/executor.js';
import type { BuildCache } from './cache.js';
import { sitePlugins } from './plugins/index.js';
import { drawAhead, drawDiagrams } from './diagrams/stage.js';
import { startBrowserEarly } from './diagrams/early.js';
import type { Diagrams } from './diagrams/types.js';
import { DiagramStore } from './diagrams/store.js';
import { bundleMdx, type MdxBundleResult } from './mdx/bundle.js';
import type { SiteCodeExtensions } from './bundle/siteCode.js';
import { markdownParseOptions } from './markdown/parseOptions.js';
import type { TextCounts } from './parallel/sharedTexts.js';

// The content stages `build` (and so `dev`) and `check-links` share, in order: parse (every markdown
// file the plugins name, on the executor's threads) → plan (the site model: routes, sidebars,
// chrome per locale) → diagrams (mermaid diagrams drawn, diagrams/) → render (page data, links, anchors). Each returns a new value; build then
// checks links (passes/linkReport.ts, shared too), bundles, runs the passes and writes.

export type StageTimer = <T>(stage: string, fn: () => T | Promise<T>) => Promise<T>;

export interface ContentStages {
  site: SiteModel;
  rendered: RenderedRoute[];
  assets: AssetRegistry;
  /** The site's diagrams as drawn (`markdown.mermaid`), for the dev server's quick re-renders. */
  diagrams?: Diagrams;
  /** The islands the pages hold (module#export, sorted): the browser bundle ships their code. */
  islands: string[];
  /** The bundle of the markdown files' code, when some hold code: its asset files and stylesheets. */
  mdx?: MdxBundleResult;
  /** The code of each markdown file that holds some (mdx/module.ts): an island that is a slot ships its file's. */
  markdownModules: Map<string, string>;
  /** Files parsed and rendered, and those that took an identical text's parse or render. */
  texts: TextCounts;
}

export async function contentStages(params: {
  config: SiteConfig;
  siteDir: string;
  locale?: string;
  production: boolean;
  executor: Executor;
  cache?: BuildCache;
  /** Every content plugin of the site (default: the built-in ones). */
  plugins?: ContentPlugin[];
  /** The markdown files to parse, when the caller listed them already (to size its thread pool). */
  files?: string[];
  /** Stop at the first stage with errors (build); check-links goes on and reports them all. */
  stopOnErrors: boolean;
  time?: StageTimer;
  /** Called as the parse ends (the build starts its search thread then). */
  onParsed?: () => void;
  /** What the site's Docusaurus plugins add to the bundles of its code (the markdown's too). */
  extensions?: SiteCodeExtensions;
}): Promise<ContentStages> {
  const { config, siteDir, executor } = params;
  const time: StageTimer = params.time ?? (async (_stage, fn) => fn());
  const plugins = params.plugins ?? sitePlugins();
  const files = params.files ?? markdownFiles({ config, siteDir, locales: params.locale ? [params.locale] : config.i18n.locales, plugins });
  const parseOptions = markdownParseOptions(config, siteDir);
  // The browser that draws diagrams starts while the content is parsed; the drawing begins as the
  // parse ends, beside the plan, and closes it (diagrams/early.ts, diagrams/stage.ts).
  const store = params.cache?.diagrams ?? new DiagramStore();
  const browser = startBrowserEarly({ config, files, store });
  const preParsed = await time('parse', () => executor.parse(files, parseOptions)).catch(async (e: unknown) => {
    await browser?.close();
    throw e;
  });
  params.onParsed?.();
  const ahead = config.markdown.mermaid ? drawAhead({ config, parsed: [...preParsed.values()].flatMap((r) => r.meta ?? []), store, browser }) : undefined;
  // The code of the markdown files (imports, components, expressions) is bundled while the site is planned.
  const modules = new Map<string, string>();
  for (const [file, r] of preParsed) if (r.meta?.mdx) modules.set(file, r.meta.mdx.code);
  const mdxBundling = modules.size
    ? bundleMdx({ modules, siteDir, baseUrl: config.baseUrl, staticDirectories: config.staticDirectories, contexts: params.cache?.esbuild, extensions: params.extensions })
    : undefined;
  mdxBundling?.catch(() => undefined);
  const site = await time('plan', () => loadSite({ config, siteDir, onlyLocale: params.locale, production: params.production, preParsed, parseOptions, plugins }));
  if (params.stopOnErrors) site.problems.throwIfErrors('The site has errors');
  const diagrams = config.markdown.mermaid ? await time('diagrams', () => drawDiagrams({ config, parsed: site.parsed.values(), store, problems: site.problems, ahead })) : undefined;
  const mdx = mdxBundling && (await time('mdx', () => mdxBundling));
  const { rendered, assets, islands } = await time('render', () => renderRoutes({ site, executor, cache: params.cache, diagrams, mdx }));
  if (params.stopOnErrors) site.problems.throwIfErrors('The site has errors');
  return { site, rendered, assets, diagrams, islands, mdx, markdownModules: modules, texts: executor.texts() };
}
