import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSite, openTab, runtimeConfig, analyticsChance, type Site } from '../../fixtures/runtime-site/harness.js';
import { startSharedSite, type SharedSite } from '../../helpers/sharedBuild.js';
import { Tabs } from '../../helpers/tabs.js';

// Analytics in real Chromium: vendor scripts load only when configured and only after the page is
// interactive; every path, query or hash change sends a page_path config and a page_view event; nothing
// at all in `sitegen dev` or for a visitor who sends Do Not Track or Global Privacy Control. Vendor
// hosts are answered by the test (harness.ts), never reached.

let site: SharedSite;
let plain: SharedSite;
let dev: Site;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts), outside hosts
 *  answered with an empty script and listed, without HTTP cache, the requests of each visit listed as the
 *  page starts them: the checks count the vendor scripts and the chunks each visit asks for. The Do Not
 *  Track and Global Privacy Control checks give their visit an init script. */
let tabs: Tabs;

beforeAll(async () => {
  site = await startSharedSite(runtimeConfig);
  plain = await startSharedSite(path.join(path.dirname(runtimeConfig), 'plain.config.ts'), { browser: site.browser });
  dev = await startSite({ dev: true, browser: site.browser });
  tabs = new Tabs(site.browser, { stubOutside: true, coldCache: true, logRequests: true });
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await dev?.close();
  await plain?.close();
  await site?.close();
});

/** The chunk that holds the analytics code, found by its vendor url (a build may leave it out). */
function analyticsChunk(s: { outDir: string }): string | undefined {
  const dir = path.join(s.outDir, 'assets/js');
  const file = fs.readdirSync(dir).find((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes('googletagmanager.com/gtag/js'));
  return file && `/assets/js/${file}`;
}

/** The requests among a visit's `requests` (as the page started them) for the analytics chunk of `s`. */
function chunkRequests(requests: string[], s: { outDir: string }): string[] {
  const chunk = analyticsChunk(s);
  return requests.filter((url) => chunk !== undefined && new URL(url).pathname === chunk);
}

const gtagCalls = (page: Page) => page.evaluate(() => ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((a) => Array.from(a)));
const pageViews = async (page: Page) => (await gtagCalls(page)).filter((c) => c[0] === 'event' && c[1] === 'page_view').map((c) => (c[2] as { page_path: string }).page_path);
const pathConfigs = async (page: Page) =>
  (await gtagCalls(page)).filter((c) => c[0] === 'config' && (c[2] as { page_path?: string }).page_path).map((c) => [c[1], (c[2] as { page_path: string }).page_path]);

describe('analytics', () => {
  it('loads gtag, hotjar and baidu after the page is interactive and sends a page view on every path, query or hash change', async () => {
    const from = site.server.requests.length;
    const { page, errors, external, release } = await openTab(tabs, site, '/docs/intro');
    await expect.poll(() => external.length).toBe(3);
    expect(external.sort()).toEqual(['https://hm.baidu.com/hm.js?fixturebaidu', 'https://static.hotjar.com/c/hotjar-4242.js?sv=6', 'https://www.googletagmanager.com/gtag/js?id=G-FIXTURE1']);
    // After the load event, in a chunk of its own. (The resource entry exists once the answer is in.)
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('googletagmanager')))).toBe(true);
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const gtag = performance.getEntriesByType('resource').find((r) => r.name.includes('googletagmanager'))!;
      return { load: nav.loadEventStart, gtag: gtag.startTime };
    });
    expect(timing.gtag).toBeGreaterThanOrEqual(timing.load);
    const chunk = analyticsChunk(site)!;
    expect(site.server.requests.slice(from)).toContain(chunk);
    const html = await (await fetch(site.server.url + '/docs/intro')).text();
    expect(html).not.toContain(chunk);

    const calls = await gtagCalls(page);
    expect(calls[0][0]).toBe('js');
    expect(calls[1]).toEqual(['config', 'G-FIXTURE1', { anonymize_ip: true, send_page_view: false }]);
    expect(await pathConfigs(page)).toEqual([['G-FIXTURE1', '/docs/intro']]);
    expect(await pageViews(page)).toEqual(['/docs/intro']);

    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'User guide' }).click();
    await expect.poll(() => pageViews(page)).toEqual(['/docs/intro', '/docs/guide']);
    await page.locator('.toc').getByRole('link', { name: 'Power', exact: true }).click();
    await expect.poll(() => pageViews(page)).toEqual(['/docs/intro', '/docs/guide', '/docs/guide#power']);
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '?unit=celsius';
      a.id = 'query-link';
      a.textContent = 'celsius';
      document.querySelector('article')!.prepend(a);
    });
    await page.locator('#query-link').click();
    await expect.poll(() => pageViews(page)).toEqual(['/docs/intro', '/docs/guide', '/docs/guide#power', '/docs/guide?unit=celsius']);
    await page.goBack();
    await expect.poll(() => pageViews(page)).toEqual(['/docs/intro', '/docs/guide', '/docs/guide#power', '/docs/guide?unit=celsius', '/docs/guide#power']);
    expect((await pathConfigs(page)).map((c) => c[1])).toEqual(await pageViews(page));

    // The other two services hear about the routes after the first (their scripts count the first one).
    const others = await page.evaluate(() => {
      const w = window as unknown as { _hmt: unknown[][]; hj: { q: unknown[][] }; _hjSettings: unknown };
      return { baidu: w._hmt, hotjar: w.hj.q, settings: w._hjSettings };
    });
    expect(others.baidu).toEqual([
      ['_trackPageview', '/docs/guide'],
      ['_trackPageview', '/docs/guide#power'],
      ['_trackPageview', '/docs/guide?unit=celsius'],
      ['_trackPageview', '/docs/guide#power'],
    ]);
    expect(others.hotjar.map((c) => c[1])).toEqual(['/docs/guide', '/docs/guide#power', '/docs/guide?unit=celsius', '/docs/guide#power']);
    expect(others.settings).toEqual({ hjid: '4242', hjsv: 6 });
    expect(errors).toEqual([]);
    await release();
  });

  it('loads nothing on a site without analytics: no vendor request, no analytics code', async () => {
    const { page, errors, external, requests, release } = await openTab(tabs, plain, '/docs/intro');
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'User guide' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('User guide');
    // The page would have started the chunk's request by now; the vendor scripts and dataLayer come after it.
    await analyticsChance(page);
    expect(chunkRequests(requests, plain)).toEqual([]);
    expect(external).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window || 'gtag' in window)).toBe(false);
    expect(errors).toEqual([]);
    await release();
  });

  for (const [signal, init] of [
    ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1', configurable: true })],
    ['Global Privacy Control', () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true })],
  ] as const) {
    it(`loads no tracker and sends no event when the visitor sends ${signal}`, async () => {
      const { page, errors, external, requests, release } = await openTab(tabs, site, '/docs/intro', undefined, { init });
      await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'User guide' }).click();
      await expect.poll(() => page.locator('article h1').textContent()).toBe('User guide');
      await page.locator('.toc').getByRole('link', { name: 'Power', exact: true }).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#power');
      await analyticsChance(page);
      expect(chunkRequests(requests, site)).toEqual([]);
      expect(external).toEqual([]);
      expect(await page.evaluate(() => 'dataLayer' in window || 'gtag' in window || '_hmt' in window || 'hj' in window)).toBe(false);
      expect(errors).toEqual([]);
      await release();
    });
  }

  it('sends nothing in `sitegen dev`, even when analytics are configured', async () => {
    const { page, errors, external, requests, release } = await openTab(tabs, dev, '/docs/intro');
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'User guide' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('User guide');
    await analyticsChance(page);
    expect(chunkRequests(requests, dev)).toEqual([]);
    expect(external).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window || 'gtag' in window || '_hmt' in window || 'hj' in window)).toBe(false);
    expect(errors).toEqual([]);
    await release();
  });
});
