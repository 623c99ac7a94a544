import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, openTab, hydrated, dataRequests, runtimeConfig } from '../../fixtures/runtime-site/harness.js';
import { startSharedSite, type SharedSite } from '../../helpers/sharedBuild.js';
import { Tabs } from '../../helpers/tabs.js';

// Behaviour inside a page's body in real Chromium: synced tab groups, the copy button, the TOC
// following the reader, and the "Direct link to" heading anchors.

let site: SharedSite;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts), without HTTP cache:
 *  the heading-anchor check counts what the server is asked for. The copy check, which grants the
 *  clipboard to its context, opens a page of its own. */
let tabs: Tabs;

beforeAll(async () => {
  site = await startSharedSite(runtimeConfig);
  tabs = new Tabs(site.browser, { stubOutside: true, coldCache: true });
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await site?.close();
});

const selectedTabs = (page: Page) => page.locator('.tabs-container').evaluateAll((groups) => groups.map((g) => g.querySelector('[role="tabpanel"]:not([hidden])')?.getAttribute('data-value')));

describe('tabs', () => {
  it('keeps groups with the same groupId in sync, remembers the choice, and supports the arrow keys', async () => {
    const { page, errors, release } = await openTab(tabs, site, '/docs/guide');
    expect(await selectedTabs(page)).toEqual(['linux', 'linux']);
    await page.locator('.tabs-container').first().getByRole('tab', { name: 'macOS' }).click();
    await expect.poll(() => selectedTabs(page)).toEqual(['mac', 'mac']);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os'))).toBe('mac');

    // Remembered across a full load and a client navigation.
    await page.reload();
    await hydrated(page);
    expect(await selectedTabs(page)).toEqual(['mac', 'mac']);
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Reference' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Reference');
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'User guide' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('User guide');
    expect(await selectedTabs(page)).toEqual(['mac', 'mac']);

    await page.locator('.tabs-container').nth(1).getByRole('tab', { name: 'macOS' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => selectedTabs(page)).toEqual(['linux', 'linux']);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Linux');
    expect(errors).toEqual([]);
    await release();
  });
});

describe('code blocks', () => {
  it('copy their code with the copy button', async () => {
    const { page, errors } = await openPage(site, '/docs/intro', { context: { permissions: ['clipboard-read', 'clipboard-write'] } });
    const block = page.locator('.code-block').first();
    await block.hover();
    const button = block.getByRole('button', { name: 'Copy code to clipboard' });
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('curl -fsSL https://example.invalid/install.sh | sh\nstation --version');
    await expect.poll(() => button.textContent(), { timeout: 3000 }).toBe('Copy');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('table of contents', () => {
  it('highlights the heading in view as the reader scrolls', async () => {
    const { page, errors, release } = await openTab(tabs, site, '/docs/guide');
    const active = () => page.locator('.table-of-contents__link--active').textContent();
    expect(await active()).toBe('Unpacking');
    await page.locator('#sensors').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
    await expect.poll(active).toBe('Sensors');
    await page.locator('#network-checklist').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
    await expect.poll(active).toBe('Network checklist');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(active).toBe('Unpacking');
    expect(errors).toEqual([]);
    await release();
  });
});

describe('heading anchors', () => {
  it('carry "Direct link to {heading}" and lead to the heading without loading anything', async () => {
    const { page, errors, release } = await openTab(tabs, site, '/docs/guide');
    const anchor = page.getByRole('link', { name: 'Direct link to Calibration', exact: true });
    expect(await anchor.getAttribute('href')).toBe('#calibration');
    expect(await page.getByRole('link', { name: 'Direct link to Calibration checklist' }).getAttribute('href')).toBe('#calibration-checklist');
    const from = site.server.requests.length;
    await page.locator('#calibration').hover();
    await anchor.click();
    await page.waitForURL('**/docs/guide#calibration');
    await expect.poll(() => page.locator('#calibration').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(120);
    expect(dataRequests(site, from)).toEqual([]);
    expect(errors).toEqual([]);
    await release();
  });
});
