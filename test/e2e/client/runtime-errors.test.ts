import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, openTab, mark, marked, hydrated, runtimeConfig } from '../../fixtures/runtime-site/harness.js';
import { startSharedSite, type SharedSite } from '../../helpers/sharedBuild.js';
import { serveDir } from '../../helpers/browser.js';
import { Tabs } from '../../helpers/tabs.js';

// Failures in real Chromium: a page that crashes while rendering, a React page whose code does not
// load, browser storage that throws, and a build served under a base url it was not made for.

let site: SharedSite;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts). The loading-failure
 *  check, which fails chosen files on the server, and the storage check, which adds an init script, open
 *  pages of their own (a cached file would not reach the server; an init script stays with its page). */
let tabs: Tabs;

beforeAll(async () => {
  site = await startSharedSite(runtimeConfig);
  tabs = new Tabs(site.browser, { stubOutside: true });
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await site?.close();
});

const modulePreloads = async (route: string) => {
  const html = await (await fetch(site.server.url + route)).text();
  return [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
};

describe('error boundary', () => {
  it('shows "This page crashed." with the error chain and the title "Page Error"; Try again renders the page again', async () => {
    const { page, errors, release } = await openTab(tabs, site, '/crash');
    expect(await page.title()).toBe('Crash test | Runtime Fixture');
    await page.getByRole('button', { name: 'Show the gauge' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('This page crashed.');
    expect(await page.title()).toBe('Page Error');
    // The rest of the site stays usable around the crash.
    expect(await page.locator('.navbar').isVisible()).toBe(true);
    expect(await page.locator('footer').isVisible()).toBe(true);
    expect(await page.locator('.error-chain .error-message').allTextContents()).toEqual(['Rendering the gauge failed', 'sensor value missing']);
    expect(errors.some((e) => e.includes('Rendering the gauge failed'))).toBe(true);

    // Try again renders again: still broken while the cause lasts, the page once it is gone.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('This page crashed.');
    await page.evaluate(() => ((window as unknown as { __sensorValue?: number }).__sensorValue = 42));
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Crash test');
    expect(await page.locator('.gauge').textContent()).toBe('Sensor value: 42');
    expect(await page.title()).toBe('Crash test | Runtime Fixture');

    // A crash belongs to its page: navigating away shows the next page (a reload clears the sensor value).
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Show the gauge' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('This page crashed.');
    await page.locator('.navbar').getByRole('link', { name: 'Docs' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Introduction');
    expect(await page.title()).toBe('Introduction | Runtime Fixture');
    await release();
  });

  it("keeps the navbar and footer around the crash screen when a React page's own component fails", async () => {
    const { page, release } = await openTab(tabs, site, '/crash');
    await page.getByRole('button', { name: 'Break the page' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('This page crashed.');
    expect(await page.locator('.error-chain .error-message').allTextContents()).toEqual(['The whole page failed']);
    expect(await page.title()).toBe('Page Error');
    expect(await page.locator('.navbar').isVisible()).toBe(true);
    expect(await page.locator('footer').getByRole('link', { name: 'Widget' }).isVisible()).toBe(true);
    // The frame works: its links lead on, and the next page shows normally.
    await page.locator('.navbar').getByRole('link', { name: 'Docs' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Introduction');
    await release();
  });
});

describe('loading failure', () => {
  it("shows the error with Retry when a React page's code fails to load, and Retry loads it", async () => {
    const widget = await modulePreloads('/widget');
    const shared = new Set(await modulePreloads('/crash'));
    const own = widget.filter((p) => !shared.has(p));
    expect(own.length).toBeGreaterThan(0);
    site.server.intercept = (p) => (own.includes(p) ? 503 : undefined);
    try {
      // Client navigation to it fails to load its code: the browser loads the page in full...
      const { page, errors } = await openPage(site, '/docs/intro');
      await mark(page);
      await page.locator('footer').getByRole('link', { name: 'Widget' }).click();
      await page.waitForURL('**/widget');
      // ...where the code fails again: no reload loop, but the error and a Retry button.
      const failure = page.locator('.loading-failure');
      await failure.waitFor({ timeout: 10_000 });
      expect(await marked(page)).toBe(false);
      expect(await failure.locator('.error-message').first().textContent()).toMatch(/widget|import|fetch/i);
      expect(await page.locator('.navbar').isVisible()).toBe(true);
      expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);

      site.server.intercept = undefined;
      await failure.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => page.locator('.widget-ready').count()).toBe(1);
      expect(await page.locator('.loading-failure').count()).toBe(0);
      await page.close();
    } finally {
      site.server.intercept = undefined;
    }
  });
});

describe('browser storage', () => {
  it('only logs a warning when storage is unavailable; the page still works', async () => {
    const { page, errors, warnings } = await openPage(site, '/docs/guide', {
      init: () => {
        Object.defineProperty(window, 'localStorage', {
          configurable: true,
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      },
    });
    const groups = page.locator('.tabs-container');
    await groups.first().getByRole('tab', { name: 'macOS' }).click();
    await expect.poll(() => groups.nth(1).getByRole('tab', { name: 'macOS' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Reference' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Reference');
    await hydrated(page);
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => w.includes('Browser storage is not available'))).toHaveLength(1);
    await page.close();
  });
});

describe('wrong base url', () => {
  it('shows a styled banner on the home page, with the base url to try, when the build is served under another path', async () => {
    // The fixture is built for baseUrl '/'; here the same files are served under /mirror/.
    const mirror = await serveDir(site.outDir, { baseUrl: '/mirror/', localePrefixes: ['/mirror/zh-Hans/'] });
    try {
      for (const route of ['/mirror/', '/mirror/zh-Hans/']) {
        // Not hydrated: the site's code does not load under that path.
        const { page, release } = await tabs.open(mirror.url + route, {}, { hydrated: false });
        const banner = page.getByRole('alert');
        await banner.waitFor();
        expect(await banner.innerText(), route).toBe(
          "This site did not load properly.\n\nA very common reason is a wrong base url: the site was built for baseUrl: '/' but is served under another path.\n\n" +
            "We suggest trying baseUrl: '/mirror/' (the path this page is served at): build the site again with it, or serve the site at /.",
        );
        // Styled by itself (the site's stylesheet did not load either): a red frame at the top of the page.
        const style = await banner.evaluate((el) => {
          const cs = getComputedStyle(el);
          return { border: cs.borderTopColor, width: cs.borderTopWidth, background: cs.backgroundColor, top: el.getBoundingClientRect().top, first: el === document.body.firstElementChild };
        });
        expect(style).toEqual({ border: 'rgb(198, 40, 40)', width: '2px', background: 'rgb(255, 244, 242)', top: 16, first: true });
        await release();
      }
      // The site's own code did not load there; under the base url it was built for, no banner.
      const { page, errors, release } = await openTab(tabs, site, '/');
      // The banner's script decides at DOMContentLoaded; the document is complete once its listeners ran.
      await page.waitForFunction(() => document.readyState === 'complete');
      expect(await page.locator('#__sitegen-base-url-banner').count()).toBe(0);
      expect(errors).toEqual([]);
      await release();
    } finally {
      await mirror.close();
    }
  });
});
