import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { corpusConfig, requireShared } from '../../helpers/paths.js';
import { startSharedSite, type SharedSite } from '../../helpers/sharedBuild.js';
import { watchConsole, localOnly, type TestServer } from '../../helpers/browser.js';
import { Tabs, type Tab } from '../../helpers/tabs.js';
import { serveAxe } from '../../helpers/a11y.js';
import { sharedVisit } from '../../helpers/visit.js';
import { afterFrame } from '../../fixtures/runtime-site/harness.js';

// The search page (`{baseUrl}search/?q=`) on the corpus build, the "Unexpected version url" cases,
// and escaping: no query or `_highlight` value ever runs as markup.

let site: SharedSite;
let browser: Browser;
let server: TestServer;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts). */
let tabs: Tabs;
/** axe-core served by url, compiled once and then taken from Chromium's code cache (test/helpers/a11y.ts). */
let axe: { url: string; close(): Promise<void> };
/** Playwright's default window (a new page's). */
const WINDOW = { width: 1280, height: 720 };

beforeAll(async () => {
  requireShared();
  site = await startSharedSite(corpusConfig);
  ({ browser, server } = site);
  tabs = new Tabs(browser);
  axe = await serveAxe();
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await site?.close();
  await axe?.close();
});

/** The page at `route`, hydrated, in a tab of the pool (`release` hands it on to the next test). */
const open = (route: string): Promise<Tab> => tabs.open(server.url + route, WINDOW);

/** As open, in a new context of its own, after `setup` (a check that changes its page for good: a route handler). */
async function openOwn(route: string, setup?: (page: Page) => Promise<void>): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const { errors } = watchConsole(page);
  await localOnly(page);
  await setup?.(page);
  // Load, then hydration: each test then waits for the results or messages it reads (not for a quiet
  // network, which costs half a second more a page).
  await page.goto(server.url + route);
  await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
  return { page, errors };
}

/** The search page for "deviceshifu", one load for two tests (test/helpers/visit.ts): the hits as it
 *  shows them, read only; then the query edited, as the second test did on a load of its own. */
const deviceshifu = sharedVisit(
  async () => {
    const tab = await open('/search/?q=deviceshifu');
    await tab.page.waitForSelector('.search-page-hit');
    return tab;
  },
  {
    hits: async ({ page, errors }) => ({
      input: await page.inputValue('.search-page-input'),
      hits: await page.$$eval('.search-page-hit', (els) =>
        els.map((e) => ({ snippet: e.querySelector('.search-page-snippet')?.textContent ?? '', crumbs: e.querySelector('.search-page-breadcrumbs')?.textContent ?? '' })),
      ),
      summary: await page.textContent('.search-page-summary'),
      errors: [...errors],
    }),
    edited: async ({ page }) => {
      await page.fill('.search-page-input', 'wasmedge');
      await expect.poll(() => page.textContent('.search-page-summary')).toMatch(/for "wasmedge"$/);
      expect(new URL(page.url()).searchParams.get('q')).toBe('wasmedge');
      expect(await page.getAttribute('.search-page-hit-title >> nth=0', 'href')).toMatch(/^\/technical-blogs\/2022\/09\/15\/wasmedge\?/);
      await page.fill('.search-page-input', 'qwxzvplk');
      await expect.poll(() => page.textContent('.search-page-summary')).toBe('No documents were found for "qwxzvplk"');
    },
  },
);

const XSS = '<img src=x onerror="window.__xss=1">';
/** axe-core's violations inside `selector`, as "rule: elements" lines. axe is added to a page once: a
 *  second check of the same page runs the same axe again (adding it again parsed it again, about a
 *  fifth of a second of Chromium's CPU). */
async function violations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: axe.url });
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run(ctx: object, opts: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run({ include: [include] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}
const injected = (page: Page) =>
  page.evaluate(() => ({ flag: (window as unknown as { __xss?: number }).__xss, imgs: document.querySelectorAll('#__sitegen main img[src="x"], .search-dropdown img').length }));

describe('search page', () => {
  it('lists every hit with breadcrumbs and snippets of the configured length (searchResultContextMaxLength, 50 by default)', async () => {
    const { input, hits, summary, errors } = await deviceshifu('hits');
    expect(input).toBe('deviceshifu');
    expect(hits.length).toBeGreaterThan(8);
    expect(hits.some((h) => h.crumbs.includes('Developer Documentation'))).toBe(true);
    expect(Math.max(...hits.map((h) => h.snippet.length))).toBeGreaterThan(40);
    expect(hits.filter((h) => h.snippet.length > 50)).toEqual([]);
    expect(summary).toMatch(/^\d+ documents found for "deviceshifu"$/);
    expect(errors).toEqual([]);
  });

  it('updates the results and the url as the query is edited', async () => {
    await deviceshifu('edited');
  });

  it('keeps results under `ctx`, and under a `version` url of the site', async () => {
    const { page, release } = await open('/search/?q=shifu&ctx=news');
    await page.waitForSelector('.search-page-hit');
    const hrefs = await page.$$eval('.search-page-hit-title', (els) => els.map((e) => e.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.every((h) => h.startsWith('/news/'))).toBe(true);
    await page.goto(`${server.url}/search/?q=shifu&version=/docs/references/`);
    await page.waitForSelector('.search-page-hit');
    const docs = await page.$$eval('.search-page-hit-title', (els) => els.map((e) => e.getAttribute('href')!));
    expect(docs.every((h) => h.startsWith('/docs/references/'))).toBe(true);
    await release();
  });

  it('says "Unexpected version url" for a version on another origin', async () => {
    const { page, release } = await open('/search/?q=shifu&version=https://elsewhere.invalid/docs/');
    await page.waitForSelector('.search-message');
    expect(await page.textContent('.search-message')).toBe('Unexpected version url');
    expect(await page.$('.search-page-hit')).toBeNull();
    await release();
  });

  it('says "Unexpected version url" in the bar of a page whose index is on another origin', async () => {
    const { page } = await openOwn('/docs/', async (p) => {
      await p.route('**/docs/', async (route) => {
        const res = await route.fetch();
        const html = (await res.text()).replace(/"indexUrl":"\/assets\//, '"indexUrl":"https://elsewhere.invalid/assets/');
        await route.fulfill({ response: res, body: html });
      });
    });
    await page.focus('.search-input');
    await page.keyboard.type('shifu');
    await page.waitForSelector('.search-dropdown .search-message');
    expect(await page.textContent('.search-dropdown .search-message')).toBe('Unexpected version url');
    await page.close();
  });

  it('shows Chinese labels and results on the zh-Hans search page', async () => {
    const { page, errors, release } = await open(`/zh-Hans/search/?q=${encodeURIComponent('数据采集')}`);
    await page.waitForSelector('.search-page-hit');
    expect(await page.textContent('h1')).toBe('搜索文档');
    expect(await page.textContent('.search-page-summary')).toMatch(/^共找到 \d+ 篇关于“数据采集”的文档$/);
    expect(await page.getAttribute('.search-page-hit-title >> nth=0', 'href')).toMatch(/^\/zh-Hans\/docs\/references\/basic-features\/device-data-collection\?/);
    expect(errors).toEqual([]);
    await release();
  });
});

describe('accessibility', () => {
  it('has no axe violation in the open dropdown, with results and with none, nor on the search page', async () => {
    const { page, release } = await open('/docs/');
    await page.focus('.search-input');
    await page.keyboard.type('telemetry');
    await page.waitForSelector('.search-result');
    await page.keyboard.press('ArrowDown');
    expect(await violations(page, '.navbar-search')).toEqual([]);
    await page.fill('.search-input', 'qwxzvplk');
    await page.waitForSelector('.search-no-results');
    expect(await violations(page, '.navbar-search')).toEqual([]);
    await page.goto(`${server.url}/search/?q=telemetry`);
    await page.waitForSelector('.search-page-hit');
    expect(await violations(page, '.search-page')).toEqual([]);
    await release();
  });
});

describe('escaping', () => {
  it('never runs a query as markup, in the bar or on the search page', async () => {
    const { page, errors, release } = await open(`/search/?q=${encodeURIComponent(XSS)}`);
    await page.waitForSelector('.search-page-summary');
    expect(await page.textContent('.search-page-summary')).toContain(XSS);
    await page.focus('.search-input');
    await page.keyboard.type(`shifu ${XSS}`);
    // The dropdown shows the whole query's results (the listbox is busy until the results shown are the
    // query's own): markup the query made is in the page now. An image it made runs its error handler in
    // a task queued as its load fails, which sets `complete`: a frame and a task after that, it has run.
    const seeAll = `/search/?q=${new URLSearchParams({ q: `shifu ${XSS}` }).toString().slice(2)}`;
    await page.waitForFunction(
      (href) => document.querySelector('.search-see-all')?.getAttribute('href') === href && document.querySelector('.search-dropdown [role="listbox"]')?.getAttribute('aria-busy') === 'false',
      seeAll,
    );
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('#__sitegen main img, .search-dropdown img')].every((img) => img.complete));
    await afterFrame(page);
    expect(await injected(page)).toEqual({ flag: undefined, imgs: 0 });
    expect(await page.getAttribute('.search-see-all', 'href')).toBe(seeAll);
    expect(errors).toEqual([]);
    await release();
  });

  it('never runs a `_highlight` value as markup, and still marks the real terms', async () => {
    const { page, errors, release } = await open(`/docs/references/api/edgedevice?_highlight=${encodeURIComponent(XSS)}&_highlight=edgedevic&_highlight=${encodeURIComponent('</mark><b>x</b>')}`);
    await page.waitForSelector('mark[data-search-highlight]');
    expect(await injected(page)).toEqual({ flag: undefined, imgs: 0 });
    expect(await page.$$eval('mark[data-search-highlight]', (ms) => ms.every((m) => m.children.length === 0 && /^edgedevice/i.test(m.textContent!)))).toBe(true);
    expect(errors).toEqual([]);
    await release();
  });
});
