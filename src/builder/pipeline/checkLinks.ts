import path from 'node:path';
import { loadConfig } from '../config/loadConfig.js';
import { inProcessExecutor } from '../parallel/executor.js';
import { cacheBound, openPersistentCache } from '../persistentCache.js';
import { drawnLinkReport, linkReport, mergeLinkReports, siteLinkTargets, type LinkReport } from '../passes/linkReport.js';
import type { ContentPlugin, PageToWrite, RenderedRoute, SiteModel } from '../plugins/api.js';
import { sitePlugins } from '../plugins/index.js';
import { bundleServer } from '../bundle/server.js';
import type { ServerRenderer } from '../bundle/serverRenderer.js';
import { SitegenError, type Problem } from '../errors.js';
import { contentStages } from './content.js';
import { scanStage } from './scan.js';
import { docusaurusPluginsOf } from '../docusaurusBuild.js';

// `check-links` composed of the pipeline's stages: scan → content stages (parse, plan, diagrams,
// render; build's own) → the link stage (passes/linkReport.ts, build's too). React pages are drawn with
// the server bundle `build` draws them with, for the links their <Link>s draw; nothing is written,
// and errors do not stop the run: every problem is reported.

export interface CheckLinksOptions {
  config: string;
  locale?: string;
  /** False with --no-cache: parse and render everything again. */
  cache?: boolean;
  /** Content plugins beyond the built-in ones, as BuildOptions.plugins. */
  plugins?: ContentPlugin[];
}

export interface CheckLinksReport {
  ok: boolean;
  pages: number;
  links: number;
  /** Broken links and anchors as `build` reports them: none for 'ignore', and those of 'warn' do not fail. */
  brokenLinks: Problem[];
  brokenAnchors: Problem[];
  /** Those of them that fail the run (onBrokenLinks/onBrokenAnchors 'throw'), as `build` fails on them. */
  failing: Problem[];
  /** Problems found while reading and rendering the sources (invalid front matter, markdown errors). */
  errors: Problem[];
  ms: number;
}

/** Every internal link and anchor of the site, checked from the sources. */
export async function checkSiteLinks(opts: CheckLinksOptions): Promise<CheckLinksReport> {
  const started = performance.now();
  const { config, siteDir, configFile } = await loadConfig({ configFile: opts.config });
  // Parses and markdown renders of unchanged files come from the cache of earlier runs.
  const persistent = openPersistentCache({ site: configFile, persist: opts.cache !== false, maxBytes: cacheBound(config.cacheMaxSize) });
  // Docusaurus plugins run as in `build` (their routes are pages to check; no postBuild: nothing is written).
  const docusaurus = await docusaurusPluginsOf({ config, siteDir, configFile, locale: opts.locale, outDir: path.resolve(siteDir, config.outDir), dev: true });
  const plugins = sitePlugins([...(opts.plugins ?? []), ...docusaurus.contentPlugins]);
  const scanned = scanStage({ config, siteDir, locale: opts.locale, plugins });
  // The React pages' bundle is made (by esbuild, in its own process) while the content is read.
  const components = [...scanned.pageSources.filter((p) => p.kind === 'component'), ...docusaurus.pages];
  const serverBundling = components.length
    ? bundleServer({ siteDir, baseUrl: config.baseUrl, staticDirectories: config.staticDirectories, pages: components, extensions: docusaurus.extensions })
    : undefined;
  serverBundling?.catch(() => undefined);
  const executor = inProcessExecutor({ parseCache: persistent.cache.parse });
  const content = await contentStages({
    config,
    siteDir,
    locale: opts.locale,
    production: true,
    executor,
    cache: persistent.cache,
    plugins,
    scanned,
    stopOnErrors: false,
    extensions: docusaurus.extensions,
  });
  const { rendered, assets, problems } = content;
  const site = docusaurus.extendSite(content.site, 'always');
  persistent.save();
  // The browser bundle's files are not made here: links to them (hashed names) are not checked.
  const targets = siteLinkTargets({ site, rendered, emittedFiles: new Set(assets.files.keys()) });
  const errors = [...problems.errors];
  const reports: LinkReport[] = [linkReport({ site, rendered, targets, configFile })];
  if (serverBundling) {
    try {
      const drawn = drawReactPages(site, rendered, await (await serverBundling).load());
      errors.push(...drawn.errors);
      reports.push(drawnLinkReport({ site, pages: drawn.pages, targets }));
    } catch (e) {
      if (!(e instanceof SitegenError)) throw e;
      errors.push(...(e.problems.length ? e.problems : [{ message: e.message }]));
    }
  }
  const links = mergeLinkReports(reports);
  return {
    ok: !links.failing.length && !errors.length,
    pages: rendered.length,
    links: links.links,
    brokenLinks: links.brokenLinks,
    brokenAnchors: links.brokenAnchors,
    failing: links.failing,
    errors,
    ms: performance.now() - started,
  };
}

/** The React pages drawn as the HTML stage draws them, with the links their <Link>s drew; a page that throws is an error. */
function drawReactPages(site: SiteModel, rendered: RenderedRoute[], renderer: ServerRenderer): { pages: PageToWrite[]; errors: Problem[] } {
  const chromes = new Map(site.locales.map((l) => [l.info.locale, l.chrome]));
  const errors: Problem[] = [];
  const pages = rendered
    .filter((r) => r.page.content.kind === 'componentPage')
    .map((r) => {
      const drawnLinks: string[] = [];
      try {
        renderer.render({ chrome: chromes.get(r.page.locale)!, page: r.page }, {}, drawnLinks);
      } catch (e) {
        errors.push({ message: `Rendering ${r.page.route} failed: ${(e as Error).message}`, file: r.sourceFile });
      }
      return { route: r.route, page: r.page, sourceFile: r.sourceFile, drawnLinks };
    });
  return { pages, errors };
}
