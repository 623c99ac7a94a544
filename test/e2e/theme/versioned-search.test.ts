import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { startSharedSite, type SharedSite } from '../../helpers/sharedBuild.js';
import { localOnly, watchConsole } from '../../helpers/browser.js';
import { repoRoot } from '../../helpers/paths.js';
import { SETTLED_BAR_LIST } from '../../helpers/search.js';
import { Tabs } from '../../helpers/tabs.js';

// Search per docs version in real Chromium (test/fixtures/versioned-site: Next at /docs/next/, 2.0
// last at /docs/, 1.0 at /docs/1.0/): the bar searches the version of the page being read, its
// "See all results" link carries that version (and one leads outside it), and the search page takes
// `version` (a version's path under the base url, `docs/1.0/`), else the reader's preferred version.

let site: SharedSite;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts), without HTTP cache:
 *  a check watches which search index the bar fetches. A check's init script is given to its visit; the
 *  one that makes local storage throw opens a page of its own (`open`): a tab whose storage cannot be
 *  cleared is not handed on. */
let tabs: Tabs;

beforeAll(async () => {
  site = await startSharedSite(path.join(repoRoot, 'test/fixtures/versioned-site/site.config.ts'));
  tabs = new Tabs(site.browser, { coldCache: true });
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await site?.close();
});

/** A tab of the pool at `route`, hydrated, with its console errors and its `release`; `init` runs at each
 *  load until the tab is released. */
async function openTab(route: string, init?: () => void): Promise<{ page: Page; errors: string[]; release(): Promise<void> }> {
  const { page, errors, release } = await tabs.open(site.server.url + route, {}, { init });
  return { page, errors, release };
}

async function open(route: string, setup?: (page: Page) => Promise<void>): Promise<{ page: Page; errors: string[] }> {
  const page = await site.browser.newPage();
  const { errors } = watchConsole(page);
  await localOnly(page);
  await setup?.(page);
  // Load, then hydration: each test then waits for the results it reads (not for a quiet network, which
  // costs half a second more a page).
  await page.goto(site.server.url + route);
  await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
  return { page, errors };
}

/**
 * Types a query into the bar and returns the result links once the search has answered: the list is
 * no longer busy (until then it may show the previous query's results).
 */
async function barResults(page: Page, query: string): Promise<string[]> {
  await page.focus('.search-input');
  await page.fill('.search-input', '');
  await page.waitForSelector('.search-dropdown', { state: 'detached' });
  await page.fill('.search-input', query);
  await page.waitForSelector(SETTLED_BAR_LIST);
  return page.$$eval('.search-dropdown a.search-result', (els) => els.map((e) => new URL(e.getAttribute('href')!, location.href).pathname));
}

const hitPaths = (page: Page) => page.$$eval('.search-page-hit-title', (els) => els.map((e) => new URL(e.getAttribute('href')!, location.href).pathname));

describe('search per docs version', () => {
  it("the search bar on an old version's page returns that version's pages", async () => {
    const { page, errors, release } = await openTab('/docs/1.0/intro');
    expect(await barResults(page, 'seven-segment')).toEqual(['/docs/1.0/wiring']);
    expect(await page.getAttribute('.search-see-all', 'href')).toBe('/search/?q=seven-segment&version=docs%2F1.0%2F');
    // "install" is in every version: only 1.0's page is found here.
    const install = await barResults(page, 'install strap');
    expect(install).toEqual(['/docs/1.0/install']);
    expect(errors).toEqual([]);
    await release();
  });

  it("finds nothing of 1.0 from Next, and the last version's pages from its own", async () => {
    const { page, release } = await openTab('/docs/next/');
    expect(await barResults(page, 'seven-segment')).toEqual([]);
    expect(await page.textContent('.search-no-results')).toBeTruthy();
    expect(await barResults(page, 'M10 anchors')).toEqual(['/docs/next/install']);
    // 2.0's battery is not in Next, and its install page does not show up here as Next's does.
    expect(await barResults(page, 'battery')).toEqual([]);
    expect((await barResults(page, 'M8 anchors')).every((p) => p.startsWith('/docs/next/'))).toBe(true);
    await page.goto(site.server.url + '/docs/install');
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    expect(await barResults(page, 'M8 anchors')).toEqual(['/docs/install']);
    expect(await barResults(page, 'battery')).toEqual(['/docs/install']);
    // The last version searches the default index, which the "See all results" page searches with no `version`.
    expect(await page.getAttribute('.search-see-all', 'href')).toBe('/search/?q=battery');
    await release();
  });

  it("searches the version named by the search page's `version` param, else the preferred version", async () => {
    const { page, errors, release } = await openTab('/search/?q=seven-segment&version=docs%2F1.0%2F');
    await page.waitForSelector('.search-page-hit');
    expect(await hitPaths(page)).toEqual(['/docs/1.0/wiring']);
    // A version path from the site root is taken too.
    await page.goto(`${site.server.url}/search/?q=tidectl&version=/docs/next`);
    await page.waitForSelector('.search-page-hit');
    expect((await hitPaths(page)).every((p) => p.startsWith('/docs/next/'))).toBe(true);
    // No param: the default index (2.0 and the blog)...
    await page.goto(`${site.server.url}/search/?q=seven-segment`);
    await expect.poll(() => page.textContent('.search-page-summary')).toMatch(/^No documents were found/);
    // ... unless the reader prefers 1.0 (Docusaurus's storage key).
    await page.evaluate(() => localStorage.setItem('docs-preferred-version-default', '1.0'));
    await page.goto(`${site.server.url}/search/?q=seven-segment`);
    await page.waitForSelector('.search-page-hit');
    expect(await hitPaths(page)).toEqual(['/docs/1.0/wiring']);
    expect(new URL(page.url()).searchParams.get('version')).toBeNull();
    expect(errors).toEqual([]);
    await release();
  });

  it('searches the preferred version from the bar of a page outside the docs, and tolerates storage that throws', async () => {
    const { page, release } = await openTab('/blog', () => localStorage.setItem('docs-preferred-version-default', '1.0'));
    expect(await barResults(page, 'seven-segment')).toEqual(['/docs/1.0/wiring']);
    expect(await page.getAttribute('.search-see-all', 'href')).toBe('/search/?q=seven-segment&version=docs%2F1.0%2F');
    await release();

    const blocked = await open('/blog', async (p) => {
      await p.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new Error('storage disabled');
          },
        });
      });
    });
    expect(await barResults(blocked.page, 'season storms')).toEqual(['/blog/2026/03/01/season']);
    expect(blocked.errors).toEqual([]);
    await blocked.page.close();
  });

  it('offers the results within and outside the version being read when it is a search context of its own (spec §8)', async () => {
    const { page, errors, release } = await openTab('/docs/1.0/intro');
    const fetched: string[] = [];
    const onRequest = (r: Request) => void (new URL(r.url()).pathname.startsWith('/assets/search/') && fetched.push(r.url().slice(site.server.url.length)));
    page.on('request', onRequest);
    await barResults(page, 'install');
    // Spec §7, as the search README explains it: the context is in the index's name, and a changed
    // index is a new (content-hashed) name, named by a pointer the browser revalidates: no query value.
    expect(fetched[0]).toBe('/assets/search/en.default@1.0.current.json');
    expect(fetched[1]).toMatch(/^\/assets\/search\/en\.default@1\.0\.[0-9a-f]{8,}\.json$/);
    const links = () => page.$$eval('.search-dropdown .search-see-all', (els) => els.map((e) => [e.textContent, e.getAttribute('href')]));
    expect(await links()).toEqual([
      ['See all results within "1.0"', '/search/?q=install&version=docs%2F1.0%2F'],
      ['See all results outside "1.0"', '/search/?q=install'],
    ]);
    // Both are options of the list, reached with the arrow keys: the last one leads to the search
    // page outside the version (the default index: 2.0 and the blog).
    const outside = await page.getAttribute('.search-see-all:last-child', 'id');
    for (let i = 0; i < 12 && (await page.getAttribute('.search-input', 'aria-activedescendant')) !== outside; i++) await page.keyboard.press('ArrowDown');
    expect(await page.getAttribute('.search-input', 'aria-activedescendant')).toBe(outside);
    expect(await page.getAttribute('.search-see-all:last-child', 'aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search/' && url.searchParams.get('q') === 'install' && !url.searchParams.has('version'));
    await page.waitForSelector('.search-page-hit');
    expect(await hitPaths(page)).toContain('/docs/install');
    expect((await hitPaths(page)).some((p) => p.startsWith('/docs/1.0/'))).toBe(false);

    // The last version is in the default index with the rest of the site: one context, one link.
    await page.goto(site.server.url + '/docs/install');
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    await barResults(page, 'battery');
    expect(await links()).toEqual([['See all results', '/search/?q=battery']]);
    expect(errors).toEqual([]);
    page.off('request', onRequest);
    await release();

    const zh = await openTab('/zh-Hans/docs/1.0/intro');
    await barResults(zh.page, '显示屏');
    const zhLinks = await zh.page.$$eval('.search-dropdown .search-see-all', (els) => els.map((e) => e.textContent));
    expect(zhLinks).toHaveLength(2);
    expect(zhLinks[0]).toMatch(/^查看“.+”以内的全部结果$/);
    expect(zhLinks[1]).toMatch(/^查看“.+”以外的全部结果$/);
    await zh.release();
  });

  it('searches Chinese pages of 1.0 in the zh-Hans locale', async () => {
    const { page, release } = await openTab('/zh-Hans/docs/1.0/intro');
    const results = await barResults(page, '显示屏');
    expect(results).toEqual(['/zh-Hans/docs/1.0/intro']);
    expect(await page.getAttribute('.search-see-all', 'href')).toBe(`/zh-Hans/search/?q=${encodeURIComponent('显示屏')}&version=docs%2F1.0%2F`);
    await release();
  });
});
