import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openTab, mark, marked, runtimeConfig, afterFrame } from '../../fixtures/runtime-site/harness.js';
import { Tabs } from '../../helpers/tabs.js';
import { startSharedSite, type SharedSite } from '../../helpers/sharedBuild.js';

// The page chrome in real Chromium: navbar dropdowns by pointer, keyboard and touch, hide-on-scroll,
// the mobile layout at 996 px and the desktop one at 997 px, the announcement bar and colour mode.

let site: SharedSite;
let plain: SharedSite;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts), on either site. A
 *  test with an init script gives it to its visit. */
let tabs: Tabs;

beforeAll(async () => {
  site = await startSharedSite(runtimeConfig);
  plain = await startSharedSite(path.join(path.dirname(runtimeConfig), 'plain.config.ts'), { browser: site.browser });
  tabs = new Tabs(site.browser, { stubOutside: true });
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await plain?.close();
  await site?.close();
});

const menuOf = (page: Page, label: string) => page.locator('.navbar__item.dropdown', { has: page.getByRole('button', { name: label }) }).locator('.dropdown__menu');
const navbarHidden = (page: Page) => page.locator('.navbar').evaluate((el) => el.classList.contains('navbar-hidden'));

describe('navbar dropdowns', () => {
  it('open on hover and close when the pointer leaves; a click keeps one open until a mousedown outside', async () => {
    const tab = await openTab(tabs, site, '/docs/intro');
    const { page, errors } = tab;
    const menu = menuOf(page, 'Guides');
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Guides' }).hover();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.mouse.move(600, 500);
    await expect.poll(() => menu.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Guides' }).click();
    // The pointer's move is seen by the document after the dropdown's mouseleave (one move's events, in
    // order): waited for, with a frame after it for React's render, in place of a fixed time.
    await page.evaluate(() => {
      const w = window as unknown as { __moved?: Promise<void> };
      w.__moved = new Promise((r) => document.addEventListener('mousemove', (e) => e.clientX === 600 && r(), { capture: true }));
    });
    await page.mouse.move(600, 500);
    await page.evaluate(() => (window as unknown as { __moved: Promise<void> }).__moved);
    await afterFrame(page);
    expect(await menu.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Guides' }).getAttribute('aria-expanded')).toBe('true');
    await page.mouse.down();
    await page.mouse.up();
    await expect.poll(() => menu.isVisible()).toBe(false);

    // Links in the open menu navigate.
    await page.getByRole('button', { name: 'Guides' }).click();
    await mark(page);
    await menu.getByRole('link', { name: 'Reference' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Reference');
    expect(await marked(page)).toBe(true);
    expect(errors).toEqual([]);
    await tab.release();
  });

  it('open with Enter, let Tab walk their links, and close when focus or a touch lands outside', async () => {
    const tab = await openTab(tabs, site, '/docs/intro');
    const { page, errors } = tab;
    const toggle = page.getByRole('button', { name: 'Guides' });
    const menu = menuOf(page, 'Guides');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('User guide');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reference');
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => menu.isVisible()).toBe(false);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Guides');

    await page.keyboard.press('Enter');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.locator('article').dispatchEvent('touchstart');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await tab.release();
  });
});

describe('hide on scroll', () => {
  it('hides the navbar on the way down, shows it on the way up, at the top and after a route change', async () => {
    const tab = await openTab(tabs, site, '/docs/guide');
    const { page, errors } = tab;
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 40);
    // The scroll events of a frame come before its animation callbacks: once a frame shows the page at
    // 40 px, the navbar has seen the scroll (and a task later, React has drawn what it decided).
    await expect.poll(() => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(window.scrollY), 0))))).toBe(40);
    // Not past the navbar's height yet.
    expect(await navbarHidden(page)).toBe(false);
    await page.mouse.wheel(0, 800);
    await expect.poll(() => navbarHidden(page)).toBe(true);
    await page.mouse.wheel(0, -200);
    await expect.poll(() => navbarHidden(page)).toBe(false);
    await page.mouse.wheel(0, 800);
    await expect.poll(() => navbarHidden(page)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => navbarHidden(page)).toBe(false);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => navbarHidden(page)).toBe(true);
    await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Reference' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Reference');
    expect(await navbarHidden(page)).toBe(false);
    expect(errors).toEqual([]);
    await tab.release();
  });
});

describe('mobile layout', () => {
  it('at 996 px: the toggle opens a sidebar with the docs menu, the main menu behind it, and a close button', async () => {
    const tab = await openTab(tabs, site, '/docs/intro', { width: 996, height: 800 });
    const { page, errors } = tab;
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    expect(await toggle.isVisible()).toBe(true);
    expect(await page.locator('.navbar__items > .navbar__link', { hasText: 'Docs' }).isVisible()).toBe(false);
    expect(await page.locator('.theme-doc-sidebar-container').isVisible()).toBe(false);

    await toggle.click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    // The full height of the window, over a backdrop that covers the page.
    expect((await sidebar.boundingBox())?.height).toBe(800);
    expect(await page.locator('.navbar-sidebar__backdrop').boundingBox()).toMatchObject({ x: 0, y: 0, width: 996, height: 800 });
    // The secondary menu (the docs sidebar) comes first on a docs page.
    expect(await sidebar.getByRole('link', { name: 'User guide' }).isVisible()).toBe(true);
    await sidebar.getByRole('button', { name: '← Back to main menu' }).click();
    const primary = sidebar.locator('.navbar-sidebar-primary');
    expect(await primary.getByRole('link', { name: 'Docs' }).isVisible()).toBe(true);
    expect(await primary.getByRole('link', { name: 'Crash test' }).isVisible()).toBe(true);
    // Dropdowns are collapsed unless they hold the page being read.
    expect(await primary.getByRole('button', { name: 'Guides' }).getAttribute('aria-expanded')).toBe('false');
    expect(await primary.getByRole('link', { name: 'User guide' }).count()).toBe(0);
    expect(await primary.getByRole('button', { name: 'Languages' }).getAttribute('aria-expanded')).toBe('false');
    await primary.getByRole('button', { name: 'Guides' }).click();
    await mark(page);
    await primary.getByRole('link', { name: 'User guide' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('User guide');
    expect(await marked(page)).toBe(true);
    // Following a link closes the sidebar.
    await expect.poll(() => sidebar.count()).toBe(0);

    await toggle.click();
    await sidebar.getByRole('button', { name: '← Back to main menu' }).click();
    expect(await primary.getByRole('button', { name: 'Guides' }).getAttribute('aria-expanded')).toBe('true');
    expect(await primary.getByRole('link', { name: 'User guide' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close navigation bar' }).click();
    await expect.poll(() => sidebar.count()).toBe(0);

    // Opened again on a docs page, it shows the docs sidebar first, not the main menu left open last time.
    await toggle.click();
    await expect.poll(() => sidebar.locator('.navbar-sidebar-secondary').getByRole('link', { name: 'User guide' }).isVisible()).toBe(true);
    expect(await sidebar.locator('.navbar-sidebar-primary').count()).toBe(0);

    // Escape closes it too, and so does growing to the desktop layout.
    await page.keyboard.press('Escape');
    await expect.poll(() => sidebar.count()).toBe(0);
    await toggle.click();
    await page.setViewportSize({ width: 997, height: 800 });
    await expect.poll(() => sidebar.count()).toBe(0);
    expect(errors).toEqual([]);
    await tab.release();
  });

  it('at 997 px: the desktop navbar and docs sidebar, no toggle', async () => {
    const tab = await openTab(tabs, site, '/docs/intro', { width: 997, height: 800 });
    const { page, errors } = tab;
    expect(await page.getByRole('button', { name: 'Toggle navigation bar' }).isVisible()).toBe(false);
    expect(await page.locator('.navbar__items > .navbar__link', { hasText: 'Docs' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Guides' }).isVisible()).toBe(true);
    expect(await page.locator('.theme-doc-sidebar-container').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await tab.release();
  });
});

describe('docs sidebar', () => {
  it('toggles a category without a page on a click of its label, though the label links to its first page', async () => {
    const tab = await openTab(tabs, site, '/docs/intro');
    const { page, errors } = tab;
    const more = page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'More', exact: true });
    expect(await more.getAttribute('href')).not.toBe('#');
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/docs/intro');
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await tab.release();
  });

  it('opens a collapsed category when a link elsewhere leads into it', async () => {
    const tab = await openTab(tabs, site, '/docs/intro');
    const { page, errors } = tab;
    const sidebar = page.locator('.theme-doc-sidebar-container');
    expect(await sidebar.getByRole('link', { name: 'More', exact: true }).getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.getByRole('link', { name: 'Questions' }).count()).toBe(0);
    await page.locator('article').getByRole('link', { name: 'questions' }).click();
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Questions');
    // The sidebar opens the category in an effect after the route's render: wait for that state.
    await expect.poll(() => sidebar.getByRole('link', { name: 'More', exact: true }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => sidebar.getByRole('link', { name: 'Questions' }).getAttribute('aria-current')).toBe('page');
    expect(errors).toEqual([]);
    await tab.release();
  });
});

describe('announcement bar', () => {
  it('closes, stays closed, and comes back for a new announcement id', async () => {
    const tab = await openTab(tabs, site, '/docs/intro');
    const { page, errors } = tab;
    const bar = page.locator('.announcement-bar');
    expect(await bar.textContent()).toContain('Version 2 is out');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => bar.count()).toBe(0);
    expect(await page.evaluate(() => [localStorage.getItem('docusaurus.announcement.id'), localStorage.getItem('docusaurus.announcement.dismiss')])).toEqual(['release-2', 'true']);
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    expect(await bar.count()).toBe(0);
    // A dismissal of an older announcement does not hide this one.
    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'release-1'));
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    expect(await bar.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await tab.release();
  });
});

describe('colour mode', () => {
  const codeBackground = (page: Page) =>
    page
      .locator('.code-block')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  const darkStored = () => localStorage.setItem('theme', 'dark');

  it('is fixed light when the switch is disabled, whatever the storage says, and code blocks stay dark', async () => {
    const { page, errors, release } = await openTab(tabs, plain, '/docs/intro', undefined, { init: darkStored });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await page.locator('.color-mode-toggle').count()).toBe(0);
    // Infima's light text colour (--ifm-color-content #1c1e21); the dark mode's is #e3e3e3.
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(28, 30, 33)');
    expect(await codeBackground(page)).toBe('rgb(27, 33, 48)');
    expect(errors).toEqual([]);
    await release();
  });

  it('honours the stored choice only when the switch is enabled, and the switch changes it', async () => {
    const { page, errors, release } = await openTab(tabs, site, '/docs/intro', undefined, { init: darkStored });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await codeBackground(page)).toBe('rgb(27, 33, 48)');
    await page.locator('.navbar .color-mode-toggle').click();
    expect(await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')])).toEqual(['light', 'light']);
    expect(await codeBackground(page)).toBe('rgb(27, 33, 48)');
    expect(errors).toEqual([]);
    await release();
  });
});
