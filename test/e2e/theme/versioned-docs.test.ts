import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, openTab, hydrated } from '../../fixtures/runtime-site/harness.js';
import { startSharedSite, type SharedSite } from '../../helpers/sharedBuild.js';
import { repoRoot } from '../../helpers/paths.js';
import { Tabs } from '../../helpers/tabs.js';

// Versioned docs in real Chromium (test/fixtures/versioned-site: Next at /docs/next, 2.0 at /docs,
// 1.0 at /docs/1.0): the version dropdown links the page's copy in each version and keeps query and
// hash, the version chosen is remembered across reloads and leads the navbar off the docs, the banner
// links the latest version, and local storage that throws costs one warning, never the page; with
// versionPersistence 'none' the choice lasts the visit only.

let site: SharedSite;
/** The same site with themeConfig.docs.versionPersistence: 'none'. */
let visitOnly: SharedSite;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts), for both sites,
 *  a test's init script given to its visit; the test whose init script makes local storage throw opens a
 *  page of its own (openPage): a tab whose storage cannot be cleared is not handed on. */
let tabs: Tabs;
const KEY = 'docs-preferred-version-default';

beforeAll(async () => {
  site = await startSharedSite(path.join(repoRoot, 'test/fixtures/versioned-site/site.config.ts'));
  visitOnly = await startSharedSite(path.join(repoRoot, 'test/fixtures/versioned-site/visit-only.config.ts'), { browser: site.browser });
  tabs = new Tabs(site.browser, { stubOutside: true });
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await visitOnly?.close();
  await site?.close();
});

const versionMenu = (page: Page) => page.locator('.navbar__items--right .dropdown').first();
const versionLink = (page: Page, name: string) => versionMenu(page).locator('.dropdown__menu').getByRole('link', { name, exact: true, includeHidden: true });
const navLink = (page: Page, name: string) => page.locator('.navbar__items').first().getByRole('link', { name, exact: true });
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);

/** Opens the version dropdown (labelled `label`) and follows its `name` item. */
async function chooseVersion(page: Page, label: string, name: string): Promise<void> {
  await versionMenu(page).getByRole('button', { name: label, exact: true }).click();
  await versionLink(page, name).click();
}

describe('version dropdown', () => {
  it("links each version's copy of the page, keeping query and hash, and remembers the version chosen", async () => {
    const { page, errors, release } = await openTab(tabs, site, '/docs/next/install?units=metric#power');
    await expect.poll(() => versionLink(page, '2.0').getAttribute('href')).toBe('/docs/install?units=metric#power');
    expect(await versionLink(page, '1.0').getAttribute('href')).toBe('/docs/1.0/install?units=metric#power');
    expect(await versionLink(page, 'Next').getAttribute('href')).toBe('/docs/next/install?units=metric#power');
    // dropdownItemsAfter keeps its own link.
    expect(await versionMenu(page).getByRole('link', { name: 'All releases', includeHidden: true }).getAttribute('href')).toBe('https://tidewater.example/releases');
    await chooseVersion(page, 'Next', '1.0');
    await page.waitForURL('**/docs/1.0/install?units=metric#power');
    await expect.poll(() => page.locator('.theme-doc-version-badge').textContent()).toBe('Version: 1.0');
    // The page is 1.0's, sidebar and navbar included.
    await expect.poll(() => page.locator('.doc-sidebar-nav .menu__link').allTextContents()).toContain('Hardware');
    expect(await navLink(page, 'Install').getAttribute('href')).toBe('/docs/1.0/install');
    expect(await stored(page)).toBe('1.0');
    expect(errors).toEqual([]);
    await release();
  });

  it("links a version's main doc where the page has no copy there", async () => {
    const { page, errors, release } = await openTab(tabs, site, '/docs/next/calibrate?x=1');
    await expect.poll(() => versionLink(page, '2.0').getAttribute('href')).toBe('/docs/?x=1');
    expect(await versionLink(page, '1.0').getAttribute('href')).toBe('/docs/1.0/intro?x=1');
    expect(errors).toEqual([]);
    await release();
  });
});

describe('preferred version', () => {
  it('survives a reload and leads the navbar items off the docs; on a doc page the page’s version leads', async () => {
    const { page, errors, release } = await openTab(tabs, site, '/docs/install');
    await chooseVersion(page, '2.0', 'Next');
    await page.waitForURL('**/docs/next/install');
    expect(await stored(page)).toBe('current');
    await page.goto(site.server.url + '/blog');
    await hydrated(page);
    for (let round = 0; round < 2; round++) {
      await expect.poll(() => navLink(page, 'Install').getAttribute('href')).toBe('/docs/next/install');
      expect(await navLink(page, 'Manual').getAttribute('href')).toBe('/docs/next/');
      expect(await navLink(page, 'Next').getAttribute('href')).toBe('/docs/next/');
      expect(await versionMenu(page).locator('.navbar__link').textContent()).toBe('Next');
      await page.reload();
      await hydrated(page);
    }
    // A doc page shows its own version, whatever the preference.
    await page.goto(site.server.url + '/docs/1.0/intro');
    await hydrated(page);
    expect(await navLink(page, 'Install').getAttribute('href')).toBe('/docs/1.0/install');
    expect(await versionMenu(page).locator('.navbar__link').textContent()).toBe('1.0');
    expect(await stored(page)).toBe('current');
    // The HTML has the last version; the preference applies after hydration without a mismatch.
    expect(errors).toEqual([]);
    await release();
  });
});

describe("themeConfig.docs.versionPersistence: 'none'", () => {
  it('keeps the version chosen while the reader stays on the site, and stores nothing', async () => {
    const { page, errors, release } = await openTab(tabs, visitOnly, '/docs/install');
    await chooseVersion(page, '2.0', 'Next');
    await page.waitForURL('**/docs/next/install');
    // Off the docs by the navbar (a client-side navigation): the choice still leads the navbar.
    await navLink(page, 'Blog').click();
    await page.waitForURL('**/blog');
    await expect.poll(() => navLink(page, 'Install').getAttribute('href')).toBe('/docs/next/install');
    expect(await stored(page)).toBeNull();
    // A new visit starts from the latest version.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => navLink(page, 'Install').getAttribute('href')).toBe('/docs/install');
    expect(errors).toEqual([]);
    await release();
  });
});

describe('version banner', () => {
  it('links the same doc in the latest version and makes it the preferred one', async () => {
    const { page, errors, release } = await openTab(tabs, site, '/docs/1.0/install', undefined, { init: () => localStorage.setItem('docs-preferred-version-default', '1.0') });
    const banner = page.locator('.theme-doc-version-banner');
    expect(await banner.locator('p').first().textContent()).toBe('This is documentation for Tidewater 1.0, which is no longer actively maintained.');
    const latest = banner.getByRole('link', { name: 'latest version' });
    expect(await latest.getAttribute('href')).toBe('/docs/install');
    await latest.click();
    await page.waitForURL('**/docs/install');
    await expect.poll(() => page.locator('.theme-doc-version-badge').textContent()).toBe('Version: 2.0');
    expect(await banner.count()).toBe(0);
    expect(await stored(page)).toBe('2.0');
    expect(await page.locator('.main-wrapper').getAttribute('class')).toContain('docs-version-2.0');
    expect(errors).toEqual([]);
    await release();
  });

  it("links the latest version's main doc from a doc it does not have", async () => {
    const { page, release } = await openTab(tabs, site, '/docs/1.0/wiring');
    expect(await page.locator('.theme-doc-version-banner').getByRole('link', { name: 'latest version' }).getAttribute('href')).toBe('/docs/');
    await release();
  });
});

describe('local storage that throws', () => {
  it('costs one warning; the dropdown still works and the choice holds for the visit', async () => {
    const { page, errors, warnings } = await openPage(site, '/docs/install', {
      init: () =>
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        }),
    });
    await chooseVersion(page, '2.0', '1.0');
    await page.waitForURL('**/docs/1.0/install');
    await expect.poll(() => page.locator('.theme-doc-version-badge').textContent()).toBe('Version: 1.0');
    // Off the docs (client navigation), the navbar follows the version chosen on this visit.
    await navLink(page, 'Blog').click();
    await page.waitForURL('**/blog');
    await expect.poll(() => navLink(page, 'Install').getAttribute('href')).toBe('/docs/1.0/install');
    expect(warnings.filter((w) => /storage/i.test(w))).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a full storage (setItem throws) is a warning too', async () => {
    const { page, errors, warnings, release } = await openTab(tabs, site, '/docs/install', undefined, {
      init: () => {
        Storage.prototype.setItem = () => {
          throw new DOMException('Quota exceeded', 'QuotaExceededError');
        };
      },
    });
    await chooseVersion(page, '2.0', 'Next');
    await page.waitForURL('**/docs/next/install');
    await expect.poll(() => page.locator('.theme-doc-version-badge').textContent()).toBe('Version: Next');
    expect(warnings.filter((w) => /storage/i.test(w))).toHaveLength(1);
    expect(errors).toEqual([]);
    await release();
  });
});

describe('mobile menu', () => {
  it('labels the version dropdown "Versions"', async () => {
    const { page, release } = await openTab(tabs, site, '/blog', { width: 600, height: 800 });
    await page.locator('.navbar__toggle').click();
    await expect.poll(() => page.locator('.navbar-sidebar .menu__link--sublist-caret').allTextContents()).toContain('Versions');
    await release();
  });
});
