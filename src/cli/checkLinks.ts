import path from 'node:path';
import { loadConfig } from '../builder/config/loadConfig.js';
import { inProcessExecutor } from '../builder/parallel/executor.js';
import { openPersistentCache } from '../builder/persistentCache.js';
import { contentStages } from '../builder/stages.js';
import { drawnLinkReport, linkReport, mergeLinkReports, optionsFor, siteLinkTargets, type LinkReport } from '../builder/passes/linkReport.js';
import type { ContentPlugin, PageToWrite, RenderedRoute, SiteModel } from '../builder/plugins/api.js';
import { docusaurusPluginsOf } from '../builder/docusaurusBuild.js';
import { sitePlugins } from '../builder/plugins/index.js';
import { scanPages } from '../builder/plugins/pages/scan.js';
import { bundleServer } from '../builder/bundle/server.js';
import type { ServerRenderer } from '../builder/bundle/serverRenderer.js';
import { SitegenError, type Problem } from '../builder/errors.js';

export interface CheckLinksOptions {
  config: string;
  locale?: string;
  json?: boolean;
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

/**
 * Every internal link and anchor of the site, checked from the sources: the pages are parsed,
 * planned and rendered by the same stages as `build` (src/builder/stages.ts), and links are sorted
 * by the same link stage (passes/linkReport.ts). React pages are drawn with the server bundle `build`
 * draws them with, for the links their <Link>s draw; nothing is written.
 */
export async function checkSiteLinks(opts: CheckLinksOptions): Promise<CheckLinksReport> {
  const started = performance.now();
  const { config, siteDir, configFile } = await loadConfig({ configFile: opts.config });
  // Parses and markdown renders of unchanged files come from the cache of earlier runs.
  const persistent = openPersistentCache({ site: configFile, persist: opts.cache !== false });
  // The React pages' bundle is made (by esbuild, in its own process) while the content is read.
  // Docusaurus plugins run as in `build` (their routes are pages to check; no postBuild: nothing is written).
  const docusaurus = await docusaurusPluginsOf({ config, siteDir, configFile, locale: opts.locale, outDir: path.resolve(siteDir, config.outDir), dev: true });
  const components = [...scanPages({ siteDir, pages: config.pages }).filter((p) => p.kind === 'component'), ...docusaurus.pages];
  const serverBundling = components.length
    ? bundleServer({ siteDir, baseUrl: config.baseUrl, staticDirectories: config.staticDirectories, pages: components, extensions: docusaurus.extensions })
    : undefined;
  serverBundling?.catch(() => undefined);
  const executor = inProcessExecutor({ parseCache: persistent.cache.parse });
  const stages = await contentStages({
    config,
    siteDir,
    locale: opts.locale,
    production: true,
    executor,
    cache: persistent.cache,
    plugins: sitePlugins([...(opts.plugins ?? []), ...docusaurus.contentPlugins]),
    stopOnErrors: false,
    extensions: docusaurus.extensions,
  });
  const { rendered, assets } = stages;
  const site = docusaurus.extendSite(stages.site, 'always');
  persistent.save();
  // The browser bundle's files are not made here: links to them (hashed names) are not checked.
  const targets = siteLinkTargets({ site, rendered, emittedFiles: new Set(assets.files.keys()) });
  const errors = [...site.problems.errors];
  const reports: LinkReport[] = [linkReport({ site, rendered, targets, configFile })];
  if (serverBundling) {
    try {
      const drawn = drawReactPages(site, rendered, await serverBundling);
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

/** `sitegen check-links`: prints file:line:column → target (with the closest route), exit code 1 when anything is broken. */
export async function runCheckLinks(opts: CheckLinksOptions): Promise<void> {
  const report = await checkSiteLinks(opts);
  if (!report.ok) process.exitCode = 1;
  if (opts.json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  const line = (p: Problem) => {
    const file = p.file ? path.relative(process.cwd(), p.file) || p.file : '(site)';
    return `${file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''} ${p.message}${p.hint ? `\n    ${p.hint}` : ''}`;
  };
  const byPlace = (a: Problem, b: Problem) => (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
  for (const p of [...report.errors].sort(byPlace)) console.log(line(p));
  // Those the config only warns about ('warn') are listed too; they do not change the exit code.
  for (const p of [...report.brokenLinks].sort(byPlace)) console.log(line(p));
  for (const p of [...report.brokenAnchors].sort(byPlace)) console.log(line(p));
  const seconds = (report.ms / 1000).toFixed(2);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const warned = [...report.brokenLinks, ...report.brokenAnchors].filter((p) => !report.failing.includes(p));
  // Each summary names the option that decides about what it counts.
  if (report.ok && warned.length) {
    console.log(`\u2714 ${count(report.links, 'link')} in ${count(report.pages, 'page')}, ${count(warned.length, 'warning')} above (${optionsFor(report, warned)}: 'warn') (${seconds} s)`);
  } else if (report.ok) {
    console.log(`\u2714 ${count(report.links, 'link')} in ${count(report.pages, 'page')}, none broken (${seconds} s)`);
  } else {
    const parts = [
      report.brokenLinks.length ? count(report.brokenLinks.length, 'broken link') : '',
      report.brokenAnchors.length ? count(report.brokenAnchors.length, 'broken anchor') : '',
      report.errors.length ? count(report.errors.length, 'error') : '',
    ].filter(Boolean);
    const relax = report.failing.length ? `; set ${optionsFor(report, report.failing)}: 'warn' to pass anyway` : '';
    console.log(`\u2716 ${parts.join(', ')} in ${count(report.pages, 'page')} (${seconds} s${relax})`);
  }
}
