import path from 'node:path';
import { loadConfig } from '../builder/config/loadConfig.js';
import { loadSite } from '../builder/site/loadSite.js';
import { renderRoutes } from '../builder/render/renderSite.js';
import { checkLinks } from '../builder/passes/checkLinks.js';
import { markdownFiles } from '../builder/site/markdownFiles.js';
import { inProcessExecutor } from '../builder/parallel/executor.js';
import { chromeLinkSources } from '../builder/build.js';
import { openPersistentCache } from '../builder/dev/persistentCache.js';
import type { Problem } from '../builder/errors.js';

export interface CheckLinksOptions {
  config: string;
  locale?: string;
  json?: boolean;
  /** False with --no-cache: parse and render everything again. */
  cache?: boolean;
}

export interface CheckLinksReport {
  ok: boolean;
  pages: number;
  links: number;
  brokenLinks: Problem[];
  brokenAnchors: Problem[];
  /** Problems found while reading and rendering the sources (invalid front matter, markdown errors). */
  errors: Problem[];
  ms: number;
}

/**
 * Every internal link and anchor of the site, checked from the sources: the pages are planned and
 * rendered in memory exactly as `build` does, but nothing is bundled or written.
 */
export async function checkSiteLinks(opts: CheckLinksOptions): Promise<CheckLinksReport> {
  const started = performance.now();
  const { config, siteDir, configFile } = await loadConfig({ configFile: opts.config });
  // Parses and markdown renders of unchanged files come from the cache of earlier runs.
  const persistent = openPersistentCache({ site: configFile, persist: opts.cache !== false });
  const executor = inProcessExecutor({ parseCache: persistent.cache.parse });
  const files = markdownFiles({ config, siteDir, locales: opts.locale ? [opts.locale] : config.i18n.locales });
  const site = loadSite({ config, siteDir, onlyLocale: opts.locale, production: true, preParsed: await executor.parse(files, config.markdown) });
  const { rendered, assets } = await renderRoutes({ site, executor, cache: persistent.cache });
  persistent.save();
  const result = checkLinks({
    rendered,
    config,
    staticFiles: site.staticFiles,
    extraFiles: new Set(assets.files.keys()),
    extraRoutes: site.extraLinkTargets,
    extraSources: chromeLinkSources(site, configFile),
  });
  const brokenAnchors = config.onBrokenAnchors === 'ignore' ? [] : result.brokenAnchors;
  const errors = site.problems.errors.splice(0);
  return {
    ok: !result.brokenLinks.length && !brokenAnchors.length && !errors.length,
    pages: rendered.length,
    links: rendered.reduce((n, r) => n + r.links.length, 0),
    brokenLinks: result.brokenLinks,
    brokenAnchors,
    errors,
    ms: performance.now() - started,
  };
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
  for (const p of [...report.brokenLinks].sort(byPlace)) console.log(line(p));
  for (const p of [...report.brokenAnchors].sort(byPlace)) console.log(line(p));
  const seconds = (report.ms / 1000).toFixed(2);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  if (report.ok) {
    console.log(`\u2714 ${count(report.links, 'link')} in ${count(report.pages, 'page')}, none broken (${seconds} s)`);
  } else {
    const parts = [report.brokenLinks.length ? count(report.brokenLinks.length, 'broken link') : '', report.brokenAnchors.length ? count(report.brokenAnchors.length, 'broken anchor') : '', report.errors.length ? count(report.errors.length, 'error') : ''].filter(Boolean);
    console.log(`\u2716 ${parts.join(', ')} in ${count(report.pages, 'page')} (${seconds} s)`);
  }
}
