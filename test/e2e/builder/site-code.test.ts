import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sharedBuild } from '../../helpers/sharedBuild.js';
import { computedStyle, launchBrowser, serveDir, type TestServer } from '../../helpers/browser.js';
import { repoRoot } from '../../helpers/paths.js';
import { Tabs, type Tab } from '../../helpers/tabs.js';

// The React pages of test/fixtures/site-code in Chromium, under the base url /base/: they hydrate
// without a console error, their CSS modules, Sass and global styles apply, their images load, the
// client API answers as in the browser, and a client-side navigation brings the next page's own
// stylesheet before showing it. The site's src/theme/Root wraps every page and keeps its state across
// client-side navigations.

const fixture = path.join(repoRoot, 'test/fixtures/site-code/site.config.ts');
let browser: Browser;
let server: TestServer;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts): a new tab per
 *  test cost Chromium about 0.6 s of CPU more than a load in a tab of the pool. The tabs share one HTTP
 *  cache, as the pages of the context each test opened a page in did. */
let tabs: Tabs;

beforeAll(async () => {
  const { outDir } = await sharedBuild(fixture);
  server = await serveDir(outDir, { baseUrl: '/base/' });
  browser = await launchBrowser();
  tabs = new Tabs(browser);
}, 180_000);

afterAll(async () => {
  await tabs?.close();
  await browser?.close();
  await server?.close();
});

/** The page at `route` once hydrated, at playwright's default window (1280×720), in a tab of the pool. */
const open = (route: string): Promise<Tab> => tabs.open(server.url + route, { width: 1280, height: 720 });
const style = computedStyle;

describe('site code in the browser', () => {
  it('hydrates the home page without console errors, with its styles and images', async () => {
    const { page, errors, blocked, release } = await open('/base/');
    expect(await style(page, '#hero', 'color')).toBe('rgb(255, 0, 0)');
    expect(await style(page, '#title', 'font-weight')).toBe('700');
    expect(await style(page, '#banner', 'color')).toBe('rgb(0, 0, 255)');
    expect(await style(page, '#sass-box', 'padding-top')).toBe('12px');
    expect(await style(page, '#hero', 'background-image')).toMatch(/\/base\/assets\/images\/dot-[0-9a-f]{8}\.png/);
    for (const id of ['png', 'static-png', 'svg-url']) {
      await expect.poll(() => page.$eval(`#${id}`, (img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    expect(await page.$eval('svg.fixture-logo title', (t) => t.textContent)).toBe('The fixture logo');
    // The client API after hydration: in the browser now, the real location, BrowserOnly's children.
    await expect.poll(() => page.textContent('#is-browser')).toBe('browser');
    expect(await page.textContent('#browser-only')).toBe('/base/');
    expect(await page.textContent('#location')).toBe('/base/');
    await page.click('#counter');
    expect(await page.textContent('#counter')).toBe('Clicked 1');
    // The code block keeps the server's highlighting after hydration.
    expect(await page.$$eval('.code-block.language-js .token.keyword', (t) => t.length)).toBe(1);
    // Tabs switch by the runtime's event delegation.
    await page.click('[role="tab"][data-value="yarn"]');
    expect(await page.isVisible('[role="tabpanel"][data-value="yarn"]')).toBe(true);
    expect(errors).toEqual([]);
    expect(blocked).toEqual([]);
    await release();
  });

  it('loads the next page’s own stylesheet on a client-side navigation before showing it', async () => {
    const { page, errors, release } = await open('/base/plain');
    expect(await page.$$eval('link[rel="stylesheet"]', (links) => links.length)).toBe(1);
    await page.evaluate(() => ((window as unknown as { beforeNav: boolean }).beforeNav = true));
    await page.click('a[href="/base/"]');
    await page.waitForSelector('#hero');
    // Shown by the router (no document load), already styled.
    expect(await page.evaluate(() => (window as unknown as { beforeNav?: boolean }).beforeNav)).toBe(true);
    expect(await style(page, '#hero', 'color')).toBe('rgb(255, 0, 0)');
    // A code block shown by the router has the markup (not the colours) of a highlighted one.
    expect(await page.textContent('.code-block.language-js .code-line')).toBe('const answer = 42;\n');
    await page.click('#to-second');
    await page.waitForSelector('text=Second card');
    expect(await style(page, 'main div[class^="card_"]', 'border-left-color')).toBe('rgb(10, 20, 30)');
    // useHistory().push navigates as a link does: by the router, no document load.
    await page.goBack();
    await page.waitForSelector('#push-second');
    await page.click('#push-second');
    await page.waitForSelector('text=Second card');
    expect(new URL(page.url()).pathname).toBe('/base/second');
    expect(await page.evaluate(() => (window as unknown as { beforeNav?: boolean }).beforeNav)).toBe(true);
    expect(errors).toEqual([]);
    await release();
  });

  it("wraps every page in the site's src/theme/Root, which keeps its state from one page to the next", async () => {
    const { page, errors, release } = await open('/base/plain');
    await page.click('#root-clicks');
    expect(await page.textContent('#root-clicks')).toBe('Root clicks: 1');
    await page.evaluate(() => ((window as unknown as { beforeNav: boolean }).beforeNav = true));
    await page.click('a[href="/base/"]');
    await page.waitForSelector('#hero');
    expect(await page.evaluate(() => (window as unknown as { beforeNav?: boolean }).beforeNav)).toBe(true);
    expect(await page.textContent('#root-clicks')).toBe('Root clicks: 1');
    await page.click('#root-clicks');
    await page.click('.navbar a[href="/base/plain"]');
    await page.waitForFunction(() => location.pathname === '/base/plain' && !document.querySelector('#hero'));
    expect(await page.textContent('#root-clicks')).toBe('Root clicks: 2');
    expect(errors).toEqual([]);
    await release();
  });

  it("runs the site's client modules before the first page is drawn, their route lifecycles at each navigation, and applies their stylesheets", async () => {
    const { page, errors, release } = await open('/base/plain');
    const clientModule = () => page.evaluate(() => (window as unknown as { __clientModule: { beforeHydration: boolean; events: unknown[][] } }).__clientModule);
    expect((await clientModule()).beforeHydration).toBe(true);
    expect((await clientModule()).events).toEqual([
      ['update', '/base/plain', null],
      ['loaded', '/base/plain'],
      ['did', '/base/plain', null, false],
    ]);
    await page.click('a[href="/base/"]');
    await page.waitForSelector('#hero');
    await expect.poll(async () => (await clientModule()).events.length).toBe(6);
    // onRouteDidUpdate sees the new page's DOM.
    expect((await clientModule()).events.slice(3)).toEqual([
      ['update', '/base/', '/base/plain'],
      ['loaded', '/base/'],
      ['did', '/base/', '/base/plain', true],
    ]);
    expect(await style(page, '#hero', 'letter-spacing')).toBe('3px');
    expect(errors).toEqual([]);
    await release();
  });
});
