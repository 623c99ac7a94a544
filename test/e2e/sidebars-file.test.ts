import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type Site } from '../fixtures/runtime-site/harness.js';
import { watchConsole, localOnly } from '../helpers/browser.js';
import { copySidebarsSite } from '../helpers/sidebarsSite.js';

// The sidebars-file fixture in real Chromium: a generated index page and a sidebar with an html item
// hydrate without a mismatch, and client navigation between two sidebars swaps the sidebar and the
// active navbar item.

let site: Site;

beforeAll(async () => {
  site = await startSite({ configFile: copySidebarsSite().configFile });
}, 120_000);

afterAll(async () => {
  await site?.close();
});

describe('sidebars file pages in the browser', () => {
  for (const route of ['/docs/sensors-overview', '/docs/setup/unpack']) {
    it(`hydrates ${route} with no console error or hydration warning`, async () => {
      const page = await site.browser.newPage();
      const console = watchConsole(page);
      const blocked = await localOnly(page);
      await page.goto(site.server.url + route, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
      expect(console.errors).toEqual([]);
      expect(blocked).toEqual([]);
      await page.close();
    });
  }

  it('moves from one sidebar to the other on the client, and from a card to its doc', async () => {
    const page = await site.browser.newPage();
    const console = watchConsole(page);
    await localOnly(page);
    await page.goto(site.server.url + '/docs/setup/unpack', { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    const active = () => page.locator('.navbar .navbar-link.active').allTextContents();
    expect(await active()).toEqual(['Guide']);
    await page.locator('.navbar .navbar-link', { hasText: 'Reference' }).click();
    await page.waitForURL('**/docs/reference/api');
    await expect.poll(active).toEqual(['Reference']);
    await expect.poll(() => page.locator('.doc-sidebar .menu-link').first().textContent()).toBe('Reference');
    await page.goto(site.server.url + '/docs/sensors-overview', { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 8));
    await page.locator('.doc-card', { hasText: 'Rain gauge' }).click();
    await page.waitForURL('**/docs/sensors/rain');
    await expect.poll(() => page.locator('.markdown h1').first().textContent()).toBe('Rain gauge');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(8);
    expect(console.errors).toEqual([]);
    await page.close();
  });
});
