import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusConfig, requireShared } from '../../helpers/paths.js';
import { startSharedSite, type SharedSite } from '../../helpers/sharedBuild.js';
import type { TestServer } from '../../helpers/browser.js';
import { Tabs, type Tab } from '../../helpers/tabs.js';
import { SETTLED_BAR_LIST } from '../../helpers/search.js';

// The navbar search bar on the corpus build, in real Chromium: lazy index loading, the shortcut,
// results, keyboard, and `_highlight` on the page a result opens.

let site: SharedSite;
let server: TestServer;
/** Tabs the tests hand on to each other (test/helpers/tabs.ts), without HTTP cache: every visit fetches
 *  the index and the rest again, as a first visit does (the tests watch the index arrive). */
let tabs: Tabs;

beforeAll(async () => {
  requireShared();
  site = await startSharedSite(corpusConfig);
  server = site.server;
  tabs = new Tabs(site.browser, { coldCache: true });
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await site?.close();
});

/** A page at `route` once hydrated: after its load, or (`networkidle`) once the network has been quiet for
 *  half a second, for a test that asserts what the page did not fetch by itself. */
const open = (route: string, waitUntil: 'load' | 'networkidle' = 'load'): Promise<Tab> => tabs.open(server.url + route, { width: 1280, height: 720 }, { waitUntil });

const searchRequests = () => server.requests.filter((r) => r.startsWith('/assets/search/'));

describe('search bar', () => {
  it('fetches nothing for search until the box is hovered, then the index once per locale', async () => {
    server.requests.length = 0;
    const tab = await open('/docs/tutorials/demo-install', 'networkidle');
    const { page, errors, blocked } = tab;
    expect(searchRequests()).toEqual([]);
    await page.hover('.search-input');
    await expect.poll(() => searchRequests().filter((r) => /^\/assets\/search\/en\.[0-9a-f]+\.json$/.test(r)).length).toBe(1);
    // Client navigation keeps the loaded index: hovering again on another page fetches nothing more.
    await page.click('.pagination-nav__link--next');
    await page.waitForURL('**/docs/tutorials/demo-try');
    await page.mouse.move(0, 300);
    await page.hover('.search-input');
    await page.fill('.search-input', 'shifu');
    await page.waitForSelector('.search-result');
    expect(searchRequests().filter((r) => /^\/assets\/search\/en\.[0-9a-f]+\.json$/.test(r))).toHaveLength(1);
    expect(searchRequests().filter((r) => r.includes('zh-Hans'))).toEqual([]);
    expect(errors).toEqual([]);
    expect(blocked).toEqual([]);
    await tab.release();
  });

  it('focuses with Ctrl+K, showing the shortcut hint until then', async () => {
    const tab = await open('/docs/');
    const { page, errors } = tab;
    expect((await page.textContent('.search-hint'))?.replace(/\s/g, '')).toBe('CtrlK');
    await page.keyboard.press('Control+k');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-input'))).toBe(true);
    expect(await page.$('.search-hint')).toBeNull();
    expect(errors).toEqual([]);
    await tab.release();
  });

  it('shows a loading indicator while the index loads after the input changed', async () => {
    const tab = await open('/docs/');
    const { page } = tab;
    // The test holds the index's response until it has seen the spinner, then lets it go: the indicator
    // is asserted whatever the machine's speed (no load has to be slow enough).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let requested = false;
    server.intercept = async (p) => {
      if (!/^\/assets\/search\/en\.[0-9a-f]+\.json$/.test(p)) return;
      requested = true;
      await held;
    };
    try {
      await page.focus('.search-input');
      await page.keyboard.type('telemetry');
      await expect.poll(() => requested).toBe(true);
      await page.waitForSelector('.search-spinner');
      expect(await page.$('.search-result')).toBeNull();
      release();
      await page.waitForSelector('.search-result');
      expect(await page.$('.search-spinner')).toBeNull();
    } finally {
      release();
      server.intercept = undefined;
    }
    await tab.release();
  });

  it('shows at most 8 results, snippets of at most 50 characters, the terms marked', async () => {
    const tab = await open('/docs/');
    const { page, errors } = tab;
    await page.focus('.search-input');
    await page.keyboard.type('deviceShifu telemetry');
    // The list shows the whole query's own answer once it is no longer busy: before that it may show a
    // partial query's ('deviceShifu telemetr' marks the term too), which a loaded machine left on screen
    // while the poll below passed on it, then replaced between the reads that follow.
    await page.waitForSelector(SETTLED_BAR_LIST);
    const read = () =>
      page.$$eval('.search-result', (els) =>
        els.map((e) => ({
          href: e.getAttribute('href')!,
          snippet: e.querySelector('.search-result-snippet')?.textContent ?? null,
          marks: [...e.querySelectorAll('mark')].map((m) => m.textContent!.toLowerCase()),
        })),
      );
    // The bar answers as the query is typed: wait for the answer to the whole query, whose second term is marked.
    await expect.poll(async () => (await read()).flatMap((r) => r.marks).some((m) => m.includes('telemetr'))).toBe(true);
    const results = await read();
    expect(results.length).toBeGreaterThan(2);
    expect(results.length).toBeLessThanOrEqual(8);
    for (const r of results) {
      expect(r.href).toMatch(/\?_highlight=/);
      if (r.snippet !== null) expect(r.snippet.length).toBeLessThanOrEqual(50);
    }
    expect(results.flatMap((r) => r.marks).some((m) => m.includes('telemetr'))).toBe(true);
    expect(results.filter((r) => r.snippet).length).toBeGreaterThan(0);
    expect(await page.getAttribute('.search-see-all', 'href')).toBe('/search/?q=deviceShifu+telemetry');
    expect(errors).toEqual([]);
    await tab.release();
  });

  it("marks the list busy while it still shows an earlier query's results", async () => {
    const tab = await open('/docs/');
    const { page, errors } = tab;
    await page.focus('.search-input');
    await page.fill('.search-input', 'telemetry');
    await page.waitForSelector(`${SETTLED_BAR_LIST} .search-result`);
    // Emptied, then a new query at once (as a quick reader or a test types): the new query is drawn
    // before its search starts, with the results of "telemetry" still in React's state (the reset
    // for the empty box is a render of its own, which has not run yet).
    const drawn = await page.evaluate(async () => {
      const input = document.querySelector<HTMLInputElement>('.search-input')!;
      const type = async (value: string) => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        // React draws a keystroke in a microtask; the search runs in a task of its own, later.
        await new Promise<void>((resolve) => queueMicrotask(resolve));
      };
      await type('');
      await type('qwxzvplk');
      const list = document.querySelector('.search-dropdown [role="listbox"]');
      return { busy: list?.getAttribute('aria-busy'), results: list?.querySelectorAll('.search-result').length ?? 0 };
    });
    // Its own results cannot be there yet: busy, whatever the list still shows.
    expect(drawn.busy, JSON.stringify(drawn)).toBe('true');
    await page.waitForSelector(SETTLED_BAR_LIST);
    expect(await page.$$('.search-result')).toHaveLength(0);
    expect(await page.textContent('.search-no-results')).toBe('No results');
    expect(errors).toEqual([]);
    await tab.release();
  });

  it('says "No results", and the clear button empties the box', async () => {
    const tab = await open('/docs/');
    const { page } = tab;
    await page.focus('.search-input');
    await page.keyboard.type('qwxzvplk');
    await page.waitForSelector('.search-no-results');
    expect(await page.textContent('.search-no-results')).toBe('No results');
    await page.click('.search-clear');
    expect(await page.inputValue('.search-input')).toBe('');
    expect(await page.$('.search-dropdown')).toBeNull();
    await tab.release();
  });

  it('opens a result with arrows and Enter: terms marked on the page, scrolled to, removable', async () => {
    const tab = await open('/docs/');
    const { page, errors } = tab;
    await page.focus('.search-input');
    await page.keyboard.type('telemetry settings');
    // Results of a partial query may still be shown: the list is busy until the whole query's come.
    await page.waitForSelector(`${SETTLED_BAR_LIST} .search-result`);
    const second = await page.getAttribute('.search-result >> nth=1', 'href');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getAttribute('.search-result >> nth=1', 'aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname + u.search + u.hash === second);
    expect(second).toMatch(/\?(_highlight=[^&#]+&?)+/);
    await page.waitForSelector('mark[data-search-highlight]');
    // The first mark after the result's section is on screen.
    const inView = await page.evaluate(() => {
      const hash = decodeURIComponent(location.hash.slice(1));
      const section = hash ? document.getElementById(hash) : null;
      const marks = [...document.querySelectorAll('mark[data-search-highlight]')];
      const first = marks.find((m) => !section || section.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING) ?? marks[0];
      const r = first.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    expect(inView).toBe(true);
    expect(await page.textContent('#search-remove-highlight')).toContain('Remove highlighting');
    await page.click('#search-remove-highlight');
    expect(await page.$$('mark[data-search-highlight]')).toHaveLength(0);
    expect(await page.$('#search-remove-highlight')).toBeNull();
    expect(new URL(page.url()).searchParams.has('_highlight')).toBe(false);
    expect(errors).toEqual([]);
    await tab.release();
  });

  it('searches the Chinese site with Chinese queries', async () => {
    const tab = await open('/zh-Hans/docs/');
    const { page, errors } = tab;
    await page.focus('.search-input');
    await page.keyboard.type('遥测服务');
    await page.waitForSelector('.search-result');
    expect(await page.getAttribute('.search-result >> nth=0', 'href')).toMatch(/^\/zh-Hans\/docs\/guides\/telemetryservice\/\?/);
    expect(await page.textContent('.search-see-all')).toBe('查看全部结果');
    expect(searchRequests().some((r) => /^\/assets\/search\/zh-Hans\.[0-9a-f]+\.json$/.test(r))).toBe(true);
    expect(errors).toEqual([]);
    await tab.release();
  });
});
