import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type Site } from '../../fixtures/runtime-site/harness.js';
import { repoRoot } from '../../helpers/paths.js';
import { Tabs } from '../../helpers/tabs.js';

// Two docs instances in real Chromium (test/fixtures/multi-docs-site): pages that ask the docs hooks
// for their instance hydrate as rendered, and client navigation from one instance to the other
// swaps the sidebar for the other instance's.

let site: Site;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts). */
let tabs: Tabs;

beforeAll(async () => {
  site = await startSite({ configFile: path.join(repoRoot, 'test/fixtures/multi-docs-site/site.config.ts') });
  tabs = new Tabs(site.browser);
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await site?.close();
});

const sidebarLabels = (page: import('playwright-core').Page) => page.locator('.doc-sidebar-nav .menu__link').allTextContents();

describe('two docs instances in the browser', () => {
  it('hydrates the pages that use the docs hooks with no console error', async () => {
    const routes = ['/where', '/community/about', '/zh-Hans/community/about'];
    const { page, errors, release } = await tabs.open(site.server.url + routes[0], {}, { waitUntil: 'networkidle' });
    for (const route of routes.slice(1)) {
      await page.goto(site.server.url + route, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    }
    expect(await page.locator('.guide').textContent()).toBe('guide at /zh-Hans/guide');
    expect(errors).toEqual([]);
    await release();
  });

  it("shows each instance's sidebar after client navigation between them", async () => {
    const { page, errors, release } = await tabs.open(site.server.url + '/guide/setup', {}, { waitUntil: 'networkidle' });
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    expect(await sidebarLabels(page)).toContain('Setting up the beacon');
    await page.locator('.navbar a', { hasText: 'Community' }).first().click();
    await page.waitForURL('**/community/start');
    await expect.poll(() => sidebarLabels(page)).toEqual(['Welcome, neighbours', 'Code of conduct', 'Events', 'Monthly meetups']);
    await page.locator('.doc-sidebar-nav .menu__link', { hasText: 'Monthly meetups' }).click();
    await page.waitForURL('**/community/events/meetups');
    await page.locator('.navbar a', { hasText: 'Guide' }).first().click();
    await page.waitForURL('**/guide/start');
    await expect.poll(async () => (await sidebarLabels(page)).slice(0, 2)).toEqual(['Getting started with Lantern', 'Setting up the beacon']);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(errors).toEqual([]);
    await release();
  });
});
