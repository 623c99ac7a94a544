import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../helpers/paths.js';
import { startSharedSite, type SharedSite } from '../../helpers/sharedBuild.js';
import { Tabs } from '../../helpers/tabs.js';
import { sharedVisit } from '../../helpers/visit.js';

// A Docusaurus site that moves over looks like itself (issue 39): test/fixtures/infima-site sets Infima's
// variables in its custom.css, draws its home page with Infima's classes and reads the theme's DOM by
// Docusaurus's class names in a client module. The expected values are Infima's (infima 0.2.0-alpha.45,
// dist/css/default/default.css) given the fixture's variables: what Docusaurus shows for the same site.

const config = path.join(repoRoot, 'test/fixtures/infima-site/site.config.ts');
let site: SharedSite;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts). */
let tabs: Tabs;

beforeAll(async () => {
  site = await startSharedSite(config);
  tabs = new Tabs(site.browser);
}, 180_000);

afterAll(async () => {
  await tabs?.close();
  await site?.close();
});

async function open(route: string, width = 1280): Promise<{ page: Page; errors: string[]; release(): Promise<void> }> {
  const { page, errors, release } = await tabs.open(site.server.url + route, { width, height: 800 }, { waitUntil: 'load' });
  return { page, errors, release };
}

const style = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((e, p) => getComputedStyle(e).getPropertyValue(p), property);

/** The three col--4 columns' boxes. */
const columns = async (page: Page) =>
  page.locator('#features > .col').evaluateAll((cols) => cols.map((c) => c.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), left: Math.round(r.left), width: Math.round(r.width) })));

/** The home page at 1280 px, one load for the four checks of it (test/helpers/visit.ts): the first three
 *  only read it; the dark-mode check, last, sets data-theme on it. */
const home = sharedVisit(() => open('/'), {
  components: async ({ page, errors }) => {
    // --ifm-color-primary (#2e8555) fills the primary hero and the primary button; their text is white.
    expect(await style(page, '#hero', 'background-color')).toBe('rgb(46, 133, 85)');
    expect(await style(page, '#hero', 'color')).toBe('rgb(255, 255, 255)');
    expect(await style(page, '#primary', 'background-color')).toBe('rgb(46, 133, 85)');
    expect(await style(page, '#primary', 'color')).toBe('rgb(255, 255, 255)');
    // A secondary button is filled with --ifm-color-secondary, not drawn as an outline.
    expect(await style(page, '#cta', 'background-color')).toBe('rgb(235, 237, 240)');
    // --ifm-font-family-base and --ifm-navbar-height (5rem).
    expect(await style(page, 'body', 'font-family')).toBe('Georgia, serif');
    expect(await page.locator('.navbar').evaluate((e) => e.getBoundingClientRect().height)).toBe(80);
    // Cards, badges and alerts as Infima draws them.
    expect(await style(page, '.card', 'border-radius')).toBe('12.8px');
    expect(await style(page, '.badge--success', 'background-color')).toBe('rgb(0, 164, 0)');
    expect(await style(page, '#note', 'background-color')).toBe('rgb(255, 248, 230)');
    expect(await style(page, '#note', 'border-left-width')).toBe('5px');
    expect(errors).toEqual([]);
  },
  columns: async ({ page }) => {
    const row = await page.locator('#features').evaluate((e) => e.getBoundingClientRect().width);
    const cols = await columns(page);
    expect(cols).toHaveLength(3);
    expect(new Set(cols.map((c) => c.top)).size).toBe(1);
    expect(cols[0].left).toBeLessThan(cols[1].left);
    expect(cols[1].left).toBeLessThan(cols[2].left);
    for (const c of cols) expect(Math.abs(c.width - row / 3)).toBeLessThanOrEqual(1);
  },
  readTheme: async ({ page, errors }) => {
    await expect.poll(() => page.evaluate(() => (window as unknown as { __readTheme?: unknown }).__readTheme)).toEqual({ path: '/', navbarInnerChildren: 2, activeMenuLink: null });
    expect(errors).toEqual([]);
  },
  dark: async ({ page }) => {
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    expect(await style(page, '#hero', 'background-color')).toBe('rgb(37, 194, 160)');
    expect(await style(page, 'html', 'background-color')).toBe('rgb(27, 27, 29)');
    expect(await style(page, 'body', 'color')).toBe('rgb(227, 227, 227)');
  },
});

describe("a Docusaurus site's custom.css, Infima classes and theme class names", () => {
  it("draws the home page's Infima components with the site's variables", async () => {
    await home('components');
  });

  it('puts the three col--4 columns side by side at 1280 px and stacks them at 390 px', async () => {
    await home('columns');
    const narrow = await open('/', 390);
    const stacked = await columns(narrow.page);
    expect(stacked[0].top).toBeLessThan(stacked[1].top);
    expect(stacked[1].top).toBeLessThan(stacked[2].top);
    await narrow.release();
  });

  it("lets the site's scripts find .navbar__inner and .menu__link--active, and sets Docusaurus's html classes", async () => {
    await home('readTheme');
    const doc = await open('/docs/intro/');
    await expect.poll(() => doc.page.evaluate(() => (window as unknown as { __readTheme?: unknown }).__readTheme)).toEqual({ path: '/docs/intro/', navbarInnerChildren: 2, activeMenuLink: 'Intro' });
    expect((await doc.page.evaluate(() => document.documentElement.className)).split(' ')).toEqual(
      expect.arrayContaining(['plugin-docs', 'plugin-id-default', 'docs-version-current', 'docs-doc-page', 'docs-doc-id-intro']),
    );
    expect(await style(doc.page, '.menu__link--active', 'color')).toBe('rgb(46, 133, 85)');
    // A client navigation to another doc moves the active link and the html classes with it.
    await doc.page.locator('.menu__link', { hasText: 'Second' }).click();
    await expect.poll(() => doc.page.evaluate(() => (window as unknown as { __readTheme?: { activeMenuLink: string } }).__readTheme?.activeMenuLink)).toBe('Second');
    expect(await doc.page.evaluate(() => document.documentElement.classList.contains('docs-doc-id-second'))).toBe(true);
    expect(doc.errors).toEqual([]);
    await doc.release();
  });

  it("takes Infima's dark variables and the site's dark primary with data-theme='dark'", async () => {
    await home('dark');
  });
});
