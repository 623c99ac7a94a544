// JavaScript budgets of the client runtime, measured in real Chromium (DESIGN.md §7, issue 4):
//   1. first load of a docs page: every script of the site the browser fetches, gzip -9, at most
//      75 KB (those the HTML names, and those the runtime imports: analytics after the load event);
//      third-party scripts (gtag's own) are not the site's and are left out;
//   2. client navigation to another docs page: what it fetches (gzip -9: the page's data file, a new
//      sidebar, code chunks) is no more than that page's own HTML would be. Pages prefetched from the
//      new page's links as they come into view are reported beside it, not counted: they are the
//      next navigations' cost, paid ahead.
// Usage: npx tsx bench/js-weight.ts [site.config.ts ...]   (default: the Shifu site and the corpus)
// Prints a table; exits with 1 when a budget is broken.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from '../src/builder/build.js';
import { launchBrowser, serveDir, type TestServer } from '../test/helpers/browser.js';
import { repoRoot, corpusConfig } from '../test/helpers/paths.js';
import { routeToDataFile } from '../src/shared/url.js';

const FIRST_LOAD_BUDGET = 75 * 1024;
/** Sidebar links followed from the first page, each compared with its target's HTML. */
const NAVIGATIONS = 5;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface Measure {
  site: string;
  page: string;
  scripts: { url: string; gzip: number; named: boolean }[];
  navigations: { to: string; fetched: number; html: number; prefetched: number }[];
}

/** The file served at a url path. */
function servedFile(outDir: string, urlPath: string): string {
  let rel = decodeURIComponent(urlPath.split('?')[0]).replace(/^\//, '');
  if (rel === '' || rel.endsWith('/')) rel += 'index.html';
  let file = path.join(outDir, rel);
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(outDir, rel, 'index.html');
  return file;
}

/** gzip -9 size of a served file, by its url path. */
function gzipSize(outDir: string, urlPath: string): number {
  return zlib.gzipSync(fs.readFileSync(servedFile(outDir, urlPath)), { level: 9 }).length;
}

async function measure(configFile: string): Promise<Measure> {
  const outDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-jsweight-')), 'build');
  let server: TestServer | undefined;
  const browser = await launchBrowser();
  try {
    const result = await build({ configFile, outDir });
    const docs = result.rendered.filter((r) => r.page.content.kind === 'doc' && r.page.locale === result.locales[0]);
    if (!docs.length) throw new Error(`${configFile} has no docs page to measure`);
    const first = docs[0].route.path;
    server = await serveDir(outDir);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.route('**/*', (r) => (r.request().url().startsWith(server!.url) ? r.continue() : r.abort()));
    const scriptUrls: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script' && req.url().startsWith(server!.url)) scriptUrls.push(new URL(req.url()).pathname);
    });
    await page.goto(server.url + first, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    const html = fs.readFileSync(servedFile(outDir, first), 'utf8');
    const named = new Set([...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]));
    const scripts = [...new Set(scriptUrls)].map((url) => ({ url, gzip: gzipSize(outDir, url), named: named.has(url) }));

    const navigations: Measure['navigations'] = [];
    const links = await page.locator('.doc-sidebar a.menu-link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    const targets = [...new Set(links)].filter((p) => p !== new URL(page.url()).pathname).slice(0, NAVIGATIONS);
    const settle = async () => {
      await page.waitForLoadState('networkidle');
      // Viewport prefetches wait for an idle moment (at most 2 s): let them finish before measuring the next navigation.
      await page.waitForTimeout(2500);
    };
    for (const target of targets) {
      await settle();
      const from = server.requests.length;
      const dataFile = '/' + routeToDataFile(target);
      const link = page.locator(`.doc-sidebar a.menu-link[href="${target}"]`).first();
      await link.hover();
      await link.click();
      await page.waitForURL((u) => u.pathname === target);
      await settle();
      const requested = server.requests.slice(from).map((u) => u.split('?')[0]);
      const own = requested.filter((u) => u === dataFile || u.startsWith('/assets/data/') || u.endsWith('.js'));
      const others = requested.filter((u) => u.endsWith('__page.json') && u !== dataFile);
      // The target's data counts even when an earlier viewport prefetch fetched it.
      const fetched = gzipSize(outDir, dataFile) + own.filter((u) => u !== dataFile).reduce((sum, u) => sum + gzipSize(outDir, u), 0);
      navigations.push({ to: target, fetched, html: gzipSize(outDir, target), prefetched: others.reduce((sum, u) => sum + gzipSize(outDir, u), 0) });
    }
    return { site: path.relative(repoRoot, configFile), page: first, scripts, navigations };
  } finally {
    await browser.close();
    await server?.close();
    fs.rmSync(path.dirname(outDir), { recursive: true, force: true });
  }
}

const configs = process.argv.length > 2 ? process.argv.slice(2).map((p) => path.resolve(p)) : [path.join(repoRoot, 'site.config.ts'), corpusConfig];
let failed = false;
for (const config of configs) {
  const m = await measure(config);
  const total = m.scripts.reduce((s, x) => s + x.gzip, 0);
  const ok = total <= FIRST_LOAD_BUDGET;
  failed ||= !ok;
  console.log(`\n${m.site}: first load of ${m.page}`);
  console.log('| script | gzip -9 |\n| --- | ---: |');
  for (const s of m.scripts) console.log(`| ${s.url}${s.named ? '' : ' (imported by the runtime)'} | ${kb(s.gzip)} |`);
  console.log(`| **all scripts** (budget ${kb(FIRST_LOAD_BUDGET)}) | **${kb(total)}** ${ok ? 'ok' : 'OVER BUDGET'} |`);
  console.log('\n| navigation to | fetched (gzip -9) | its HTML (gzip -9) | | then prefetched from its links |\n| --- | ---: | ---: | --- | ---: |');
  for (const n of m.navigations) {
    const fine = n.fetched <= n.html;
    failed ||= !fine;
    console.log(`| ${n.to} | ${kb(n.fetched)} | ${kb(n.html)} | ${fine ? 'ok' : 'OVER BUDGET'} | ${kb(n.prefetched)} |`);
  }
}
process.exit(failed ? 1 : 0);
