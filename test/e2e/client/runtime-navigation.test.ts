import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, openTab, mark, marked, dataRequests, hydrated, runtimeConfig, afterFrame, viewportPrefetchChance, logFetches, startedDataFetches } from '../../fixtures/runtime-site/harness.js';
import { Tabs } from '../../helpers/tabs.js';
import { startSharedSite, type SharedSite } from '../../helpers/sharedBuild.js';

// Client navigation in real Chromium: no full reloads, the 200 ms progress-bar rule, the full-load
// fallback, scroll and hash rules, back/forward scroll restoration, prefetch, and the locale switch.

let site: SharedSite;
/** Tabs the tests hand on to each other (test/helpers/tabs.ts), each visit a first one, without HTTP
 *  cache: the tests count what the pages fetch. A test with an init script gives it to its visit. */
let tabs: Tabs;

beforeAll(async () => {
  site = await startSharedSite(runtimeConfig);
  tabs = new Tabs(site.browser, { coldCache: true, stubOutside: true });
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await site?.close();
});

const y = (page: import('playwright-core').Page) => page.evaluate(() => Math.round(window.scrollY));

describe('client navigation', () => {
  it('shows the next page without a full reload, and back again', async () => {
    const tab = await openTab(tabs, site, '/docs/intro');
    const { page, errors } = tab;
    await mark(page);
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'User guide' }).click();
    await page.waitForURL('**/docs/guide');
    await expect.poll(() => page.locator('article h1').textContent()).toBe('User guide');
    expect(await page.title()).toBe('User guide | Runtime Fixture');
    expect(await marked(page)).toBe(true);
    await page.goBack();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Introduction');
    expect(await marked(page)).toBe(true);
    expect(errors).toEqual([]);
    await tab.release();
  });

  it('does not ship the markdown body twice on first load, and fetches it with the page data on navigation', async () => {
    const html = await (await fetch(site.server.url + '/docs/guide')).text();
    const payload = JSON.parse(/<script id="__SITEGEN_DATA__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]) as { page: Record<string, unknown> };
    expect(payload.page.bodyHtml).toBeUndefined();
    expect(html.split('Step 3 of the calibration chapter').length - 1).toBe(1);
    const data = (await (await fetch(site.server.url + '/docs/guide/__page.json')).json()) as { page: { bodyHtml: string } };
    expect(data.page.bodyHtml).toContain('Step 3 of the calibration chapter');
  });

  it('keeps the old page and shows the progress bar only after 200 ms of loading, with no spinner', async () => {
    // The test drives both delays: the page's data is held from the start (a prefetch cannot have
    // loaded it) until the test has looked at the bar, and the page's clock is a fake one, paused,
    // which the test moves on itself. The bar's 200 ms are then the page's own timers' milliseconds,
    // whatever the machine's load (measured in real time, they once came out as 1,005 ms on a loaded
    // machine). A page of its own: the fake clock is its context's, which the file's tabs must not share.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    site.server.intercept = async (p) => {
      if (p === '/docs/reference/__page.json') await held;
    };
    const requests = site.server.requests.length;
    const { page, errors } = await openPage(site, '/docs/intro');
    // Installed once the page is hydrated (its start-up runs on real time), then paused: from here on
    // the page's timers, performance.now() and Date move only when the test moves them.
    await page.clock.install();
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 60_000));
    // Record when the bar appears, relative to the click, on the page's (fake) clock.
    await page.evaluate(() => {
      const w = window as unknown as { __barAt?: number; __clickAt?: number };
      document.addEventListener('click', () => (w.__clickAt = performance.now()), true);
      // What the page shows when the bar appears, read at that moment.
      const seen = window as unknown as { __atBar?: { role: string | null; spinners: number; h1?: string | null; path: string } };
      new MutationObserver(() => {
        const bar = document.querySelector('.progress-bar');
        if (w.__barAt === undefined && bar) {
          w.__barAt = performance.now();
          seen.__atBar = {
            role: document.querySelectorAll('[role="progressbar"]').length === 1 ? 'progressbar' : null,
            spinners: document.querySelectorAll('.spinner, [class*="spinner"]').length,
            h1: document.querySelector('article h1')?.textContent,
            path: location.pathname,
          };
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const barAt = () => page.evaluate(() => (window as unknown as { __barAt?: number }).__barAt);
    try {
      await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Reference' }).click();
      // Time moves on in steps of 10 ms until the bar shows (at most 2 s of the page's time).
      for (let step = 0; step < 200 && (await barAt()) === undefined; step++) await page.clock.runFor(10);
      const delay = await page.evaluate(() => {
        const w = window as unknown as { __barAt: number; __clickAt: number };
        return w.__barAt - w.__clickAt;
      });
      // Not before 200 ms of the page's time; later only by the steps taken before the page set its timer.
      expect(delay).toBeGreaterThanOrEqual(200);
      expect(delay).toBeLessThan(400);
      // A bar and nothing else: no spinner, and the old page is still there at its address.
      const atBar = await page.evaluate(() => (window as unknown as { __atBar: unknown }).__atBar);
      expect(atBar).toEqual({ role: 'progressbar', spinners: 0, h1: 'Introduction', path: '/docs/intro' });
      release();
      await page.clock.resume();
      await expect.poll(() => page.locator('article h1').textContent(), { timeout: 10_000 }).toBe('Reference');
      await expect.poll(() => page.locator('.progress-bar').count(), { timeout: 10_000 }).toBe(0);
    } finally {
      release();
      site.server.intercept = undefined;
    }
    // A load under 200 ms (here: data prefetched on hover) shows no bar at all: once the page is in
    // place, a second more of the page's time sets off no bar either.
    await page.evaluate(() => ((window as unknown as { __barAt?: number }).__barAt = undefined));
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'User guide' }).hover();
    // (The fake clock's performance object lists no resources: the server's log says what was fetched.)
    await expect.poll(() => dataRequests(site, requests)).toContain('/docs/guide/__page.json');
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'User guide' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('User guide');
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1000));
    expect(await barAt()).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('falls back to a full page load of the target when its data cannot be fetched', async () => {
    site.server.intercept = (p) => (p === '/docs/reference/__page.json' ? 500 : undefined);
    const tab = await openTab(tabs, site, '/docs/intro');
    const { page } = tab;
    await mark(page);
    try {
      await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Reference' }).click();
      await page.waitForURL('**/docs/reference');
      await hydrated(page);
      expect(await page.locator('article h1').textContent()).toBe('Reference');
      expect(await marked(page)).toBe(false);
    } finally {
      site.server.intercept = undefined;
    }
    // An unknown route has no data either: the browser loads the not-found page.
    await mark(page);
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/docs/no-such-page';
      a.textContent = 'missing';
      a.id = 'missing-link';
      document.querySelector('article')!.append(a);
    });
    await page.click('#missing-link');
    await page.waitForURL('**/docs/no-such-page');
    await hydrated(page);
    expect(await marked(page)).toBe(false);
    expect(await page.locator('.not-found h1').count()).toBe(1);
    await tab.release();
  });
});

describe('scroll after navigation', () => {
  it('goes to the top on a new page, to the hash target when there is one, and stays on a query-only change', async () => {
    const tab = await openTab(tabs, site, '/docs/guide');
    const { page, errors } = tab;
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('article').getByRole('link', { name: 'introduction' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Introduction');
    expect(await y(page)).toBe(0);

    await page.locator('article').getByRole('link', { name: 'its storage section' }).click();
    await page.waitForURL('**/docs/guide#storage');
    await expect.poll(() => page.locator('#storage').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(120);
    expect(await page.locator('#storage').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(await y(page)).toBeGreaterThan(1000);

    const before = await y(page);
    const requests = site.server.requests.length;
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '?view=compact';
      a.id = 'query-link';
      a.textContent = 'compact';
      a.style.position = 'fixed';
      a.style.top = '200px';
      a.style.left = '400px';
      a.style.zIndex = '999';
      document.body.append(a);
    });
    // The router dispatches its location change once it has handled a same-page link (after its scroll):
    // waited for, with a frame after it, in place of a fixed time.
    await page.evaluate(() => {
      const w = window as unknown as { __changed?: Promise<void> };
      w.__changed = new Promise((r) => addEventListener('sitegen:locationchange', () => r(), { once: true }));
    });
    await page.click('#query-link');
    await page.waitForURL('**/docs/guide?view=compact');
    await page.evaluate(() => (window as unknown as { __changed: Promise<void> }).__changed);
    await afterFrame(page);
    expect(await y(page)).toBe(before);
    expect(dataRequests(site, requests)).toEqual([]);
    expect(errors).toEqual([]);
    await tab.release();
  });

  it('restores the scroll position on back and forward', async () => {
    const tab = await openTab(tabs, site, '/docs/guide');
    const { page, errors } = tab;
    await page.evaluate(() => window.scrollTo(0, 1800));
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Reference' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Reference');
    expect(await y(page)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.goBack();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('User guide');
    await expect.poll(() => y(page)).toBe(1800);
    await page.goForward();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Reference');
    await expect.poll(() => y(page)).toBe(900);
    expect(errors).toEqual([]);
    await tab.release();
  });
});

describe('prefetch', () => {
  it('loads a route on hover and on focus, so that the click needs no request', async () => {
    // The reference's first screen has no link of its own in view, so nothing is prefetched before the hover.
    const tab = await openTab(tabs, site, '/docs/reference', undefined, { init: logFetches() });
    const { page } = tab;
    let from = site.server.requests.length;
    await viewportPrefetchChance(page);
    expect(await startedDataFetches(page)).toEqual([]);
    expect(dataRequests(site, from)).toEqual([]);
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'User guide' }).hover();
    await expect.poll(() => dataRequests(site, from)).toEqual(['/docs/guide/__page.json']);
    from = site.server.requests.length;
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'User guide' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('User guide');
    expect(dataRequests(site, from)).toEqual([]);

    from = site.server.requests.length;
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Introduction' }).focus();
    await expect.poll(() => dataRequests(site, from)).toEqual(['/docs/intro/__page.json']);
    await tab.release();
  });

  it("loads the page's own links as they scroll into view", async () => {
    const tab = await openTab(tabs, site, '/docs/guide', undefined, { init: logFetches() });
    const { page } = tab;
    const from = site.server.requests.length;
    await viewportPrefetchChance(page);
    // At the top of the guide no link of its own is in view (the sidebar's links do not count).
    expect(await startedDataFetches(page)).toEqual([]);
    expect(dataRequests(site, from)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => dataRequests(site, from).sort(), { timeout: 10_000 }).toEqual(['/docs/intro/__page.json', '/docs/reference/__page.json']);
    await tab.release();
  });

  for (const [name, connection] of [
    ['a 2g connection', { effectiveType: 'slow-2g', saveData: false }],
    ['data saver', { effectiveType: '4g', saveData: true }],
  ] as const) {
    it(`prefetches nothing on ${name}, and still navigates on click`, async () => {
      const tab = await openTab(tabs, site, '/docs/guide', undefined, {
        init: logFetches(`Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => (${JSON.stringify(connection)}) });`),
      });
      const { page, errors } = tab;
      const from = site.server.requests.length;
      await mark(page);
      await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Reference' }).hover();
      await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Introduction' }).focus();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      // Hover and focus prefetch from their event handlers, done when playwright's actions return; the
      // viewport's links from idle callbacks, done after `viewportPrefetchChance`.
      await viewportPrefetchChance(page);
      expect(await startedDataFetches(page)).toEqual([]);
      expect(dataRequests(site, from)).toEqual([]);
      await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Reference' }).click();
      await expect.poll(() => page.locator('article h1').textContent()).toBe('Reference');
      expect(await marked(page)).toBe(true);
      expect(errors).toEqual([]);
      await tab.release();
    });
  }
});

describe('locale switch', () => {
  it('links to the same page in the other locale and keeps the query and hash', async () => {
    const tab = await openTab(tabs, site, '/docs/guide?from=test#power');
    const { page, errors } = tab;
    const zh = page.locator('.dropdown .dropdown__menu').getByRole('link', { name: '简体中文', includeHidden: true });
    await expect.poll(() => zh.getAttribute('href')).toBe('/zh-Hans/docs/guide?from=test#power');
    // After client navigation the links follow the page, and a hash set later is kept too.
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Reference' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Reference');
    await page.locator('.toc').getByRole('link', { name: 'export' }).click();
    await page.waitForURL('**/docs/reference#export');
    // The navbar hides on the way down (hideOnScroll); scrolling up a little brings it back.
    await page.mouse.wheel(0, -120);
    await expect.poll(() => page.locator('.navbar').getAttribute('class')).not.toContain('navbar-hidden');
    await page.getByRole('button', { name: 'English' }).click();
    await zh.click();
    await page.waitForURL('**/zh-Hans/docs/reference#export');
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
    const en = page.locator('.dropdown .dropdown__menu').getByRole('link', { name: 'English', includeHidden: true });
    await expect.poll(() => en.getAttribute('href')).toBe('/docs/reference#export');
    expect(errors).toEqual([]);
    await tab.release();
  });
});
