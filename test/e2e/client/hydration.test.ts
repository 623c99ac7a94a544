import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusConfig, requireShared } from '../../helpers/paths.js';
import { startSharedSite, type SharedSite } from '../../helpers/sharedBuild.js';
import type { TestServer } from '../../helpers/browser.js';
import { Tabs } from '../../helpers/tabs.js';

// The corpus site in real Chromium: server HTML hydrates without a mismatch and the docs layout works.

let site: SharedSite;
let server: TestServer;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts). */
let tabs: Tabs;

beforeAll(async () => {
  requireShared();
  site = await startSharedSite(corpusConfig);
  ({ server } = site);
  tabs = new Tabs(site.browser);
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await site?.close();
});

// The hydration checks wait for a quiet network (a late request's error is theirs to see); the tests of
// what the reader does wait for hydration after the load, not for the half second of a quiet network.
describe('docs pages in the browser', () => {
  for (const route of ['/docs/', '/docs/tutorials/demo-install', '/zh-Hans/docs/references/api/edgedevice']) {
    it(`hydrates ${route} with no console error or hydration warning`, async () => {
      const { errors, blocked, release } = await tabs.open(server.url + route, {}, { waitUntil: 'networkidle' });
      expect(errors).toEqual([]);
      expect(blocked).toEqual([]);
      await release();
    });
  }

  it('navigates between docs on the client, without a full reload', async () => {
    const { page, errors, release } = await tabs.open(server.url + '/docs/introduction');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.click('.pagination-nav__link--next');
    await page.waitForURL('**/docs/tutorials/');
    await expect.poll(() => page.locator('.markdown h1').first().textContent()).toBe('Get Started');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(await page.title()).toContain('Get Started');
    await page.goBack();
    await page.waitForURL('**/docs/introduction');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(errors).toEqual([]);
    await release();
  });

  it('switches tabs and keeps a tab group in sync', async () => {
    const { page, release } = await tabs.open(server.url + '/docs/tutorials/demo-install');
    const group = page.locator('.tabs-container').first();
    await group.getByRole('tab', { name: 'macOS' }).click();
    await expect.poll(() => group.locator('[role="tabpanel"]:not([hidden])').getAttribute('data-value')).toBe('mac');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.operating-systems'))).toBe('mac');
    await release();
  });

  it('hides the docs sidebar and shows it again', async () => {
    const { page, release } = await tabs.open(server.url + '/docs/introduction');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => page.locator('.doc-sidebar-nav').count()).toBe(0);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(() => page.locator('.doc-sidebar-nav').count()).toBe(1);
    await release();
  });

  it('ships only the open part of the sidebar inline, and opens a closed category with its items', async () => {
    const { page, errors, release } = await tabs.open(server.url + '/docs/introduction');
    const inline = JSON.parse((await page.locator('#__SITEGEN_DATA__').textContent())!);
    expect(inline.sidebarPruned).toBe(true);
    expect(JSON.stringify(inline.sidebar)).not.toContain('/docs/references/api/edgedevice');
    await page.getByRole('button', { name: "Toggle the collapsible sidebar category 'Developer Documentation'" }).click();
    await expect.poll(() => page.locator('.doc-sidebar-nav a[href="/docs/references/words"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await release();
  });
});
