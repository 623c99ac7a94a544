import type { SiteConfig } from '../config/schema.js';
import { loadSite } from '../site/loadSite.js';
import type { ContentPlugin, SiteModel } from '../plugins/api.js';
import { renderRoutes } from '../render/renderSite.js';
import type { Executor } from '../parallel/executor.js';
import type { ParseResult } from '../parallel/protocol.js';
import type { BuildCache } from '../cache.js';
import { sitePlugins } from '../plugins/index.js';
import { drawAhead, drawDiagrams, pendingDiagrams, type Ahead } from '../diagrams/stage.js';
import { startBrowserEarly } from '../diagrams/early.js';
import type { Diagrams } from '../diagrams/types.js';
import { DiagramStore } from '../diagrams/store.js';
import { bundleMdx, type MdxBundleResult } from '../mdx/bundle.js';
import type { SiteCodeExtensions } from '../bundle/siteCode.js';
import { markdownParseOptions } from '../markdown/parseOptions.js';
import type { MarkdownParseOptions } from '../markdown/parse.js';
import { ProblemCollector } from '../errors.js';
import { readTexts } from '../content/readText.js';
import { readTextKeys } from '../content/textStamps.js';
import type { ContentStages, Problems, StageTimer } from './types.js';
import { failOnErrors, joinProblems, noProblems, problemsOf } from './problems.js';
import { scanStage, type Scanned } from './scan.js';
import { extractTranslationsAhead } from '../i18n/extract.js';
import { pageCodeFiles } from '../content/pageFiles.js';

// The content stages `build` (and so `dev`) and `check-links` share, in order: parse (every markdown
// file the plugins name, on the executor's threads) → plan (the site model: routes, sidebars,
// chrome per locale) → mdx (the markdown's code bundled, started at the parse) → render (page data,
// links, anchors), beside which the diagrams are drawn (diagrams/: the browser starts during the
// parse and drawing begins as it ends, beside the plan); the pages that show one are rendered once
// they are, after the others (render/renderSite.tsx renderRoutes). Each returns new values and
// its own problems; build stops after plan and after render when there are errors, check-links goes
// on and reports them all.

export type { ContentStages, StageTimer };

interface Parsed {
  preParsed: Map<string, ParseResult>;
  parseOptions: MarkdownParseOptions;
  /** The code of each markdown file that holds some. */
  modules: Map<string, string>;
  /** Its bundle, made by esbuild while the site is planned. */
  mdxBundling?: Promise<MdxBundleResult>;
}

/** parse: every markdown file (`texts`: as read once for the build), on the executor's threads; the markdown's code starts bundling. */
export async function parseStage(params: {
  config: SiteConfig;
  siteDir: string;
  files: string[];
  texts?: ReadonlyMap<string, string>;
  /** The content hash (cacheKey) of each file, when the caller made them (with a cache): also of files left out of `texts` (content/textStamps.ts). */
  textKeys?: ReadonlyMap<string, string>;
  executor: Executor;
  cache?: BuildCache;
  extensions?: SiteCodeExtensions;
}): Promise<Parsed> {
  const { config, siteDir } = params;
  const parseOptions = markdownParseOptions(config, siteDir);
  const preParsed = await params.executor.parse(params.files, parseOptions, params.texts, params.textKeys);
  const modules = new Map<string, string>();
  for (const [file, r] of preParsed) if (r.meta?.mdx) modules.set(file, r.meta.mdx.code);
  const mdxBundling = modules.size
    ? bundleMdx({ modules, siteDir, baseUrl: config.baseUrl, staticDirectories: config.staticDirectories, contexts: params.cache?.esbuild, extensions: params.extensions })
    : undefined;
  mdxBundling?.catch(() => undefined);
  return { preParsed, parseOptions, modules, mdxBundling };
}

/**
 * diagrams: every distinct mermaid diagram drawn once (diagrams/stage.ts), with the problems drawing
 * found; what `ahead` began drawing as the parse ended is waited for, not drawn again. Runs beside the
 * render, which waits for it only to render the pages that show a diagram.
 */
export async function diagramsStage(params: { config: SiteConfig; site: SiteModel; store: DiagramStore; ahead?: Promise<Ahead> }): Promise<{ diagrams: Diagrams; problems: Problems }> {
  const problems = new ProblemCollector();
  const diagrams = await drawDiagrams({ config: params.config, parsed: params.site.parsed.values(), store: params.store, problems, ahead: params.ahead });
  return { diagrams, problems: problemsOf(problems) };
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
  /** The scan stage's result, when the caller scanned already (to size its thread pool, to start the bundles). */
  scanned?: Pick<Scanned, 'files' | 'contents'>;
  /** Stop at the first stage with errors (build); check-links goes on and reports them all. */
  stopOnErrors: boolean;
  time?: StageTimer;
  /** Called as the parse ends, with the code of the markdown files that hold some (the build starts its search thread then, and knows whether the browser bundle waits for the render). */
  onParsed?: (markdownModules: ReadonlyMap<string, string>) => void;
  /** Called once the diagrams are drawn (none: `markdown.mermaid` is off). */
  onDiagrams?: (diagrams: Diagrams | undefined) => void;
  /** What the site's Docusaurus plugins add to the bundles of its code (the markdown's too). */
  extensions?: SiteCodeExtensions;
}): Promise<ContentStages> {
  const { config, siteDir, executor } = params;
  const time: StageTimer = params.time ?? (async (_stage, fn) => fn());
  const plugins = params.plugins ?? sitePlugins();
  const { files, contents } = params.scanned ?? scanStage({ config, siteDir, locale: params.locale, plugins });
  // Each markdown file is read once, for the parse and the diagrams' guess (with a cache, only those
  // changed since the build that stored their keys: the diagrams of the others were drawn by it). The
  // browser that draws diagrams starts while the content is parsed and draws the guessed ones as soon
  // as it is up; what the guess missed is drawn as the parse ends, beside the plan (diagrams/early.ts,
  // diagrams/stage.ts).
  const store = params.cache?.diagrams ?? new DiagramStore();
  let browser: ReturnType<typeof startBrowserEarly>;
  // With a cache, each text's content hash, made once: the stored parses and the render stage's renders are keyed by it (the render stage without reading the files again).
  let textKeys: Map<string, string> | undefined;
  // The UI strings of the site's React pages are read while the content is parsed (esbuild works
  // beside it); the plan reports their problems. A failure is left to the plan's reading, as before.
  const translations = extractTranslationsAhead(pageCodeFiles(siteDir, config)).catch(() => undefined);
  const { preParsed, parseOptions, modules, mdxBundling } = await time('parse', () => {
    // With a cache, a file whose stamp is as when an earlier build hashed it is not read (textStamps.ts).
    const read = params.cache ? readTextKeys(files, params.cache.texts) : { texts: readTexts(files), keys: undefined };
    const texts = read.texts;
    textKeys = read.keys;
    browser = startBrowserEarly({ config, texts: texts.values(), store });
    return parseStage({ config, siteDir, files, texts, textKeys, executor, cache: params.cache, extensions: params.extensions });
  }).catch(async (e: unknown) => {
    await browser?.close();
    throw e;
  });
  params.onParsed?.(modules);
  // What onParsed started (the search thread, passes.ts) starts before the plan: a thread's start is a
  // chain of promise steps, which the plan, synchronous, held until it ended, one core idle meanwhile.
  // The versioned benchmark site's threads sampled every 10 ms (state R), 11:40 UTC: the plan's
  // 0.1-0.2 s had this thread alone runnable; now the search thread loads jieba's dictionary beside it.
  await new Promise<void>((resolve) => setImmediate(resolve));
  const ahead = config.markdown.mermaid ? drawAhead({ config, parsed: [...preParsed.values()].flatMap((r) => r.meta ?? []), store, browser }) : undefined;
  const translated = await translations;
  const planned = await time('plan', () =>
    loadSite({ config, siteDir, onlyLocale: params.locale, production: params.production, preParsed, parseOptions, plugins, contents, translations: translated }),
  );
  const { site } = planned;
  if (params.stopOnErrors) failOnErrors('The site has errors', planned.problems);
  // The diagrams are drawn beside the render: the pages that show none are rendered meanwhile, the
  // others once they are drawn (renderRoutes: its `diagrams` part is the wait left, and those pages).
  const drawing = config.markdown.mermaid
    ? diagramsStage({ config, site, store, ahead }).then((drawn) => {
        params.onDiagrams?.(drawn.diagrams);
        return drawn;
      })
    : undefined;
  const diagrams = drawing && { pending: pendingDiagrams(config), drawn: drawing.then((d) => d.diagrams) };
  // Waited for by the render; a build that fails before it waits (its markdown code's bundle) leaves no rejection unhandled.
  diagrams?.drawn.catch(() => undefined);
  if (!drawing) params.onDiagrams?.(undefined);
  const mdx = mdxBundling && (await time('mdx', () => mdxBundling));
  const { rendered, assets, islands, problems: renderProblems } = await renderRoutes({ site, executor, cache: params.cache, diagrams, mdx, textKeys, time });
  const drawn = await drawing;
  const after = joinProblems(drawn?.problems ?? noProblems, renderProblems);
  if (params.stopOnErrors) failOnErrors('The site has errors', after);
  const problems = params.stopOnErrors ? { errors: [], warnings: [...planned.problems.warnings, ...after.warnings] } : joinProblems(planned.problems, after);
  return { site, rendered, assets, diagrams: drawn?.diagrams, islands, mdx, markdownModules: modules, problems, texts: executor.texts() };
}
