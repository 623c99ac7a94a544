import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSite, type Site } from '../../fixtures/runtime-site/harness.js';
import { copySidebarsSite } from '../../helpers/sidebarsSite.js';
import { Tabs, type Tab } from '../../helpers/tabs.js';
import { sharedVisit } from '../../helpers/visit.js';

// The sidebars-file fixture in real Chromium: a generated index page and a sidebar with an html item
// hydrate without a mismatch, and client navigation between two sidebars swaps the sidebar and the
// active navbar item; with themeConfig.docs.sidebar.autoCollapseCategories, opening a category
// closes the categories beside it, and only those.

let site: Site;
/** The same fixture with autoCollapseCategories: true. */
let autoCollapse: Site;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts), on either site. */
let tabs: Tabs;

beforeAll(async () => {
  site = await startSite({ configFile: copySidebarsSite().configFile });
  const copy = copySidebarsSite();
  const text = fs.readFileSync(copy.configFile, 'utf8');
  fs.writeFileSync(copy.configFile, text.replace('themeConfig: {', 'themeConfig: {\n    docs: { sidebar: { autoCollapseCategories: true } },'));
  autoCollapse = await startSite({ configFile: copy.configFile, browser: site.browser });
  tabs = new Tabs(site.browser);
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await autoCollapse?.close();
  await site?.close();
});

async function open(on: Site, route: string): Promise<{ page: Page; errors: string[]; release(): Promise<void> }> {
  // Load, then hydration: what the tests read is drawn by then (a quiet network costs half a second more).
  const { page, errors, release } = await tabs.open(on.server.url + route);
  return { page, errors, release };
}

/** Whether each named category of the desktop sidebar is open (its caret button's aria-expanded). */
function expanded(page: Page, labels: string[]): Promise<boolean[]> {
  return Promise.all(
    labels.map(
      async (label) =>
        (await page
          .locator('.theme-doc-sidebar-container')
          .getByRole('button', { name: `Toggle the collapsible sidebar category '${label}'` })
          .getAttribute('aria-expanded')) === 'true',
    ),
  );
}
const caret = (page: Page, label: string) => page.locator('.theme-doc-sidebar-container').getByRole('button', { name: `Toggle the collapsible sidebar category '${label}'` });

/** Client navigation from one sidebar to the other (the navbar's item), and from a card to its doc, on
 *  a tab at /docs/setup/unpack. */
async function movesBetweenSidebars({ page, errors }: Tab): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  const active = () => page.locator('.navbar .navbar__link--active').allTextContents();
  expect(await active()).toEqual(['Guide']);
  await page.locator('.navbar .navbar__link', { hasText: 'Reference' }).click();
  await page.waitForURL('**/docs/reference/api');
  await expect.poll(active).toEqual(['Reference']);
  await expect.poll(() => page.locator('.theme-doc-sidebar-container .menu__link').first().textContent()).toBe('Reference');
  await page.goto(site.server.url + '/docs/sensors-overview');
  await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 8));
  await page.locator('.doc-card', { hasText: 'Rain gauge' }).click();
  await page.waitForURL('**/docs/sensors/rain');
  await expect.poll(() => page.locator('.markdown h1').first().textContent()).toBe('Rain gauge');
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(8);
  expect(errors).toEqual([]);
}

/** /docs/setup/unpack, one load for two tests (test/helpers/visit.ts): what its load logged and asked of
 *  other hosts, read once the network is quiet; then the client navigation that starts there. */
const unpack = sharedVisit(() => tabs.open(site.server.url + '/docs/setup/unpack', {}, { waitUntil: 'networkidle' }), {
  loaded: async ({ errors, blocked }) => ({ errors: [...errors], blocked: [...blocked] }),
  moves: movesBetweenSidebars,
});

describe('sidebars file pages in the browser', () => {
  for (const route of ['/docs/sensors-overview', '/docs/setup/unpack']) {
    it(`hydrates ${route} with no console error or hydration warning`, async () => {
      if (route === '/docs/setup/unpack') {
        const { errors, blocked } = await unpack('loaded');
        expect(errors).toEqual([]);
        expect(blocked).toEqual([]);
        return;
      }
      const { errors, blocked, release } = await tabs.open(site.server.url + route, {}, { waitUntil: 'networkidle' });
      expect(errors).toEqual([]);
      expect(blocked).toEqual([]);
      await release();
    });
  }

  it('moves from one sidebar to the other on the client, and from a card to its doc', async () => {
    await unpack('moves');
  });
});

describe('themeConfig.docs.sidebar.autoCollapseCategories', () => {
  const top = ['Setting up', 'Sensors'];

  it('is off by default: opening a category leaves the others open', async () => {
    const { page, errors, release } = await open(site, '/docs/welcome');
    expect(await expanded(page, top)).toEqual([true, false]);
    await caret(page, 'Sensors').click();
    await expect.poll(() => expanded(page, top)).toEqual([true, true]);
    // The sidebar stays mounted from a doc to a generated index (one docs layout, as Docusaurus's DocRoot): what the reader closed stays closed.
    await caret(page, 'Setting up').click();
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Sensors', exact: true }).click();
    await page.waitForURL('**/docs/sensors-overview');
    await expect.poll(() => page.locator('.markdown h1, .doc-title').first().textContent()).toBe('All the sensors');
    expect(await expanded(page, top)).toEqual([false, true]);
    expect(errors).toEqual([]);
    await release();
  });

  it('closes the categories beside the one opened by its caret or its label, and the label of a category on its own page toggles it', async () => {
    const { page, errors, release } = await open(autoCollapse, '/docs/welcome');
    // As Docusaurus: what the sidebar declares open stays open until another category opens.
    expect(await expanded(page, top)).toEqual([true, false]);
    await caret(page, 'Sensors').click();
    await expect.poll(() => expanded(page, top)).toEqual([false, true]);
    await caret(page, 'Setting up').click();
    await expect.poll(() => expanded(page, top)).toEqual([true, false]);
    // The label of a category with a page leads to it and opens the category.
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Sensors', exact: true }).click();
    await page.waitForURL('**/docs/sensors-overview');
    await expect.poll(() => expanded(page, top)).toEqual([false, true]);
    // On the category's own page, the label closes it without leaving the page.
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Sensors', exact: true }).click();
    await expect.poll(() => expanded(page, top)).toEqual([false, false]);
    expect(new URL(page.url()).pathname).toBe('/docs/sensors-overview');
    expect(errors).toEqual([]);
    await release();
  });

  it('opens the category of a page reached by a link in the text, closing the others, and leaves nested lists apart', async () => {
    const { page, errors, release } = await open(autoCollapse, '/docs/setup/unpack');
    expect(await expanded(page, top)).toEqual([true, false]);
    await page.evaluate(() => {
      const a = Object.assign(document.createElement('a'), { href: '/docs/sensors/rain', textContent: 'rain' });
      document.querySelector('article')!.append(a);
      a.click();
    });
    await page.waitForURL('**/docs/sensors/rain');
    await expect.poll(() => expanded(page, top)).toEqual([false, true]);

    // The reference sidebar: opening "Words" inside "Reference" keeps "Reference" open; opening "Archive" beside it closes it.
    await page.goto(autoCollapse.server.url + '/docs/reference/api');
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    const reference = ['Reference', 'Words', 'Archive'];
    expect(await caret(page, 'Words').count()).toBe(1);
    expect(await expanded(page, reference)).toEqual([true, false, false]);
    await caret(page, 'Words').click();
    await expect.poll(() => expanded(page, reference)).toEqual([true, true, false]);
    await caret(page, 'Archive').click();
    await expect.poll(() => expanded(page, ['Reference', 'Archive'])).toEqual([false, true]);
    expect(errors).toEqual([]);
    await release();
  });
});
