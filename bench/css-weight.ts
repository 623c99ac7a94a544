// The CSS a docs page's first load fetches (every stylesheet its HTML links: the theme's, cut to what
// the site shows by src/builder/css/, with customCss; and a React page's own, none on a docs page),
// bytes and gzip -9, for the Shifu site, the reference corpus and the site `create-docusaurus` makes
// (classic template 3.10.2, a devDependency, given its config by `sitegen init --from-docusaurus` as
// test/e2e/builder/docusaurus-classic.test.ts does), next to what Docusaurus ships (DOCUSAURUS_CSS_GZIP).
// Issue 39's budget: a Shifu docs page at most 12 KB gzip. `npm run bench` prints it (row `css`);
// alone: npx tsx bench/css-weight.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from '../src/builder/build.js';
import { corpusConfig, corpusDir, repoRoot } from '../test/helpers/paths.js';
import { sitegenBin } from '../test/helpers/site.js';

/**
 * What a docs page of a Docusaurus 3.10 classic site loads: about 25 KB gzip of CSS (one stylesheet:
 * Infima whole, 10.3 KB gzip alone, and theme-classic's styles), the figure issue 39 records from
 * `docusaurus build` of the sites it tried.
 */
export const DOCUSAURUS_CSS_GZIP = 25 * 1024;
/** Issue 39: a docs page of the Shifu site ships at most 12 KB of CSS gzip on first load. */
export const SHIFU_CSS_BUDGET = 12 * 1024;

export interface CssWeight {
  site: string;
  page: string;
  stylesheets: number;
  bytes: number;
  gzip: number;
}

/**
 * Builds a site into a temporary folder and weighs the stylesheets one of its docs pages links (and,
 * with `home`, those of its home page too: a React page's own stylesheet comes with it).
 */
async function weigh(site: string, configFile: string, home?: string): Promise<CssWeight[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-css-weight-'));
  try {
    const result = await build({ configFile, outDir, forceOutDir: true });
    const doc = result.rendered.find((r) => r.page.content.kind === 'doc');
    if (!doc) throw new Error(`${site} has no docs page`);
    const base = result.site.config.baseUrl;
    const one = (name: string, route: string): CssWeight => {
      const html = fs.readFileSync(path.join(outDir, decodeURIComponent(route).slice(base.length).replace(/\/?$/, '/index.html')), 'utf8');
      const urls = [...new Set([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]))];
      const texts = urls.map((u) => fs.readFileSync(path.join(outDir, decodeURIComponent(u).slice(base.length))));
      return {
        site: name,
        page: route,
        stylesheets: urls.length,
        bytes: texts.reduce((n, t) => n + t.length, 0),
        gzip: texts.reduce((n, t) => n + zlib.gzipSync(t, { level: 9 }).length, 0),
      };
    };
    return [one(site, doc.page.route), ...(home ? [one(home, base)] : [])];
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** The classic template as `create-docusaurus my-site classic` writes it, with the config `sitegen init --from-docusaurus` gives it. */
function classicTemplate(): { configFile: string; dispose: () => void } {
  const templates = path.join(repoRoot, 'node_modules/create-docusaurus/templates');
  // Below the repository's node_modules, so that its config's imports (prism-react-renderer) resolve.
  const work = path.join(repoRoot, 'node_modules/.cache/sitegen-bench-classic');
  fs.mkdirSync(work, { recursive: true });
  const siteDir = fs.mkdtempSync(path.join(work, 'site-'));
  fs.cpSync(path.join(templates, 'shared'), siteDir, { recursive: true });
  fs.cpSync(path.join(templates, 'classic'), siteDir, { recursive: true });
  execFileSync(process.execPath, [sitegenBin, 'init', '--from-docusaurus', siteDir], { encoding: 'utf8' });
  return { configFile: path.join(siteDir, 'site.config.ts'), dispose: () => fs.rmSync(siteDir, { recursive: true, force: true }) };
}

export async function cssWeights(): Promise<CssWeight[]> {
  // The Shifu site's home page too: its marketing styles come with its own stylesheet, not the docs pages'.
  const weights = await weigh('Shifu site', path.join(repoRoot, 'site.config.ts'), 'Shifu site, home page');
  if (fs.existsSync(corpusDir)) weights.push(...(await weigh('corpus', corpusConfig)));
  const classic = classicTemplate();
  try {
    weights.push(...(await weigh('create-docusaurus classic', classic.configFile)));
  } finally {
    classic.dispose();
  }
  return weights;
}

export function printCssWeights(weights: CssWeight[]): boolean {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log('\nCSS of a docs page (and the Shifu home page), first load (every stylesheet it links; gzip -9):');
  console.log(`  ${'site'.padEnd(28)} ${'page'.padEnd(34)} ${'files'.padStart(5)} ${'bytes'.padStart(9)} ${'gzip'.padStart(9)}  vs Docusaurus (~${kb(DOCUSAURUS_CSS_GZIP)} gzip)`);
  let ok = true;
  for (const w of weights) {
    const budget = w.site === 'Shifu site' ? (w.gzip <= SHIFU_CSS_BUDGET ? `  budget <= ${kb(SHIFU_CSS_BUDGET)}: ok` : `  budget <= ${kb(SHIFU_CSS_BUDGET)}: OVER`) : '';
    if (w.site === 'Shifu site' && w.gzip > SHIFU_CSS_BUDGET) ok = false;
    console.log(
      `  ${w.site.padEnd(28)} ${w.page.slice(0, 34).padEnd(34)} ${String(w.stylesheets).padStart(5)} ${kb(w.bytes).padStart(9)} ${kb(w.gzip).padStart(9)}  ${((100 * w.gzip) / DOCUSAURUS_CSS_GZIP).toFixed(0).padStart(3)} %${budget}`,
    );
  }
  return ok;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!printCssWeights(await cssWeights())) process.exitCode = 1;
}
