import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { build, type BuildResult } from '../../../src/builder/build.js';
import { launchBrowser, localOnly, serveDir, type TestServer } from '../../helpers/browser.js';
import { repoRoot } from '../../helpers/paths.js';
import { sitegenBin } from '../../helpers/site.js';
import { Tabs, type Tab } from '../../helpers/tabs.js';

// The first five minutes of a Docusaurus user: the site `npx create-docusaurus my-site classic` makes
// (taken from the create-docusaurus package, a devDependency: its templates/shared and templates/classic,
// copied as create-docusaurus copies them), given a config by `sitegen init --from-docusaurus`, builds
// with the routes Docusaurus 3.10.2 built for it (test/fixtures/classic-docusaurus-3.10.2-routes.txt,
// recorded from a real `docusaurus build` of the template), and its pages run in Chromium without a
// console error. The site lives below the repository's node_modules so that its config's
// `import ... from 'prism-react-renderer'` resolves, as in a site with its own node_modules.

const templates = path.join(repoRoot, 'node_modules/create-docusaurus/templates');
const work = path.join(repoRoot, 'node_modules/.cache/sitegen-test-classic');
let siteDir: string;
let outDir: string;
let initOutput: string;
let result: BuildResult;
let browser: Browser;
let server: TestServer;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts), in the light colour
 *  scheme. The dark-scheme check opens a context of its own. */
let tabs: Tabs;

beforeAll(async () => {
  fs.mkdirSync(work, { recursive: true });
  siteDir = fs.mkdtempSync(path.join(work, 'site-'));
  fs.cpSync(path.join(templates, 'shared'), siteDir, { recursive: true });
  fs.cpSync(path.join(templates, 'classic'), siteDir, { recursive: true });
  fs.renameSync(path.join(siteDir, 'gitignore'), path.join(siteDir, '.gitignore'));
  initOutput = execFileSync(process.execPath, [sitegenBin, 'init', '--from-docusaurus', siteDir], { encoding: 'utf8' });
  outDir = path.join(siteDir, 'build');
  result = await build({ configFile: path.join(siteDir, 'site.config.ts'), outDir });
  [browser, server] = await Promise.all([launchBrowser(), serveDir(outDir)]);
  tabs = new Tabs(browser, { colorScheme: 'light' });
}, 180_000);

afterAll(async () => {
  await tabs?.close();
  await browser?.close();
  await server?.close();
  if (siteDir) fs.rmSync(siteDir, { recursive: true, force: true });
});

/** What the authors test reads of its two pages: read in the every-route test's visit of each, after
 *  its check (both only read the page: a load each less), or on a load of their own when that test has
 *  not visited them. */
const authorReads: Record<string, (page: Page) => Promise<unknown>> = {
  '/blog/authors/': (page) => page.locator('.blog-author-name a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
  '/blog/authors/all-sebastien-lorber-articles/': async (page) => ({
    social: await page.locator('.blog-author-social').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
    titles: await page.locator('.blog-post-title').allTextContents(),
  }),
};
const authorReadings = new Map<string, Promise<unknown>>();

/** The authors test's reading of `route`: the every-route test's, or one of its own in `page`. */
async function authorReading(route: string, page: () => Promise<Page>): Promise<unknown> {
  const read = authorReadings.get(route);
  if (read) return read;
  const own = await page();
  if (new URL(own.url()).pathname !== route) await own.goto(server.url + route, { waitUntil: 'load' });
  return authorReads[route](own);
}

const routesOf = (r: BuildResult) => r.rendered.map((p) => (p.page.route.endsWith('.html') ? p.page.route : p.page.route.replace(/\/?$/, '/'))).sort();

describe("create-docusaurus's classic site, through sitegen init --from-docusaurus", () => {
  it('says what it could not carry over, and why', () => {
    expect(initOutput).toContain('Wrote ');
    expect(initOutput).toMatch(/\(search\): the site has no search plugin/);
    expect(initOutput).toMatch(/future: flags of Docusaurus's own bundler/);
    expect(initOutput).toMatch(/organizationName: used by `docusaurus deploy` only/);
  });

  it('builds every route Docusaurus 3.10.2 built for it, and no other, without warnings', () => {
    const expected = fs.readFileSync(path.join(repoRoot, 'test/fixtures/classic-docusaurus-3.10.2-routes.txt'), 'utf8').split('\n').filter(Boolean).sort();
    expect(routesOf(result)).toEqual(expected);
    expect(result.warnings).toEqual([]);
  });

  it("colours code with the config's prism themes (github, dracula in dark mode), and follows the system's colour scheme", async () => {
    const html = fs.readFileSync(path.join(outDir, 'docs/intro/index.html'), 'utf8');
    expect(html).toContain('<style>.code-block{color:#393A34;background:#f6f8fa}');
    expect(html).toContain("html[data-theme='dark'] .code-block{color:#F8F8F2;background:#282A36}");
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await localOnly(page);
    await page.goto(server.url + '/docs/intro/', { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(
      await page
        .locator('.code-block')
        .first()
        .evaluate((e) => getComputedStyle(e).backgroundColor),
    ).toBe('rgb(40, 42, 54)');
    await context.close();
  });

  it("links each post's source as Docusaurus's edit link does", () => {
    const html = fs.readFileSync(path.join(outDir, 'blog/welcome/index.html'), 'utf8');
    expect(html).toContain('href="https://github.com/facebook/docusaurus/tree/main/packages/create-docusaurus/templates/shared/blog/2021-08-26-welcome/index.mdx"');
  });

  it('writes the feeds as feedOptions asks: rss and atom with their stylesheets, no JSON feed', () => {
    for (const f of ['rss.xml', 'rss.xsl', 'atom.xml', 'atom.xsl']) expect(fs.existsSync(path.join(outDir, 'blog', f)), f).toBe(true);
    expect(fs.existsSync(path.join(outDir, 'blog/feed.json'))).toBe(false);
    expect(fs.readFileSync(path.join(outDir, 'blog/rss.xml'), 'utf8')).toContain('<?xml-stylesheet type="text/xsl" href="rss.xsl"?>');
  });

  it('renders the home page, the MDX page, every doc and post, the tag and author pages in Chromium without a console error', async () => {
    const routes = routesOf(result).filter((r) => r !== '/404.html');
    const { page, blocked, errors, release } = await tabs.open(server.url + routes[0], {}, { hydrated: false, waitUntil: 'load' });
    for (const route of routes) {
      if (route !== routes[0]) await page.goto(server.url + route, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'), undefined, { timeout: 15_000 });
      expect(await page.locator('h1').count(), `an h1 on ${route}`).toBeGreaterThan(0);
      const read = authorReads[route]?.(page);
      if (read) {
        authorReadings.set(route, read);
        await read.catch(() => undefined);
      }
    }
    // The template's author pictures are on github.com, which the test does not reach: those requests
    // fail (one console line each, which names no url), and nothing else may.
    expect([...new Set(blocked)].sort()).toEqual(['https://github.com/slorber.png', 'https://github.com/yangshun.png']);
    expect(errors.filter((e) => e !== 'error: Failed to load resource: net::ERR_FAILED')).toEqual([]);
    await release();
    // A full load of each of the template's 27 routes: at load 22 (a CI run beside four builds, 06:05 UTC)
    // they took over the default minute.
  }, 240_000);

  it("looks as Docusaurus draws it (issue 39): the hero in the site's --ifm-color-primary, a filled button, three feature columns on one row at 1280 px and stacked at 390 px, Infima's dark colours", async () => {
    const { page, release } = await tabs.open(server.url + '/', { width: 1280, height: 800 }, { waitUntil: 'load' });
    const css = (selector: string, property: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((e, p) => getComputedStyle(e).getPropertyValue(p), property);
    // The template's custom.css: --ifm-color-primary #2e8555 (light), #25c2a0 (dark).
    expect(await css('.hero--primary', 'background-color')).toBe('rgb(46, 133, 85)');
    expect(await css('.hero--primary', 'color')).toBe('rgb(255, 255, 255)');
    // "Docusaurus Tutorial - 5min ⏱️": button--secondary is filled with --ifm-color-secondary.
    expect(await css('.hero .button', 'background-color')).toBe('rgb(235, 237, 240)');
    const columns = () => page.locator('.col.col--4').evaluateAll((cols) => cols.map((c) => Math.round(c.getBoundingClientRect().top)));
    const wide = await columns();
    expect(wide).toHaveLength(3);
    expect(new Set(wide).size).toBe(1);
    await page.setViewportSize({ width: 390, height: 800 });
    await expect.poll(async () => new Set(await columns()).size).toBe(3);
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    expect(await css('.hero--primary', 'background-color')).toBe('rgb(37, 194, 160)');
    expect(await css('html', 'background-color')).toBe('rgb(27, 27, 29)');
    expect(await css('body', 'color')).toBe('rgb(227, 227, 227)');
    await release();
  });

  it('shows the authors of authors.yml with their pages and social links', async () => {
    let tab: Tab | undefined;
    const page = async () => (tab ??= await tabs.open(server.url + '/blog/authors/', {}, { hydrated: false, waitUntil: 'load' })).page;
    expect(await authorReading('/blog/authors/', page)).toEqual(['/blog/authors/yangshun', '/blog/authors/all-sebastien-lorber-articles']);
    expect(await authorReading('/blog/authors/all-sebastien-lorber-articles/', page)).toEqual({
      social: ['https://x.com/sebastienlorber', 'https://www.linkedin.com/in/sebastienlorber/', 'https://github.com/slorber', 'https://thisweekinreact.com'],
      titles: ['Welcome', 'MDX Blog Post', 'First Blog Post'],
    });
    await tab?.release();
  });
});
