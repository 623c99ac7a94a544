import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialog } from 'playwright-core';
import { openTab, type OpenedPage } from '../../fixtures/runtime-site/harness.js';
import { startSharedSite, type SharedSite } from '../../helpers/sharedBuild.js';
import { repoRoot } from '../../helpers/paths.js';
import { Tabs } from '../../helpers/tabs.js';

// Islands in Chromium (fixture test/fixtures/mdx-site): the counter a doc imports works once hydrated,
// on a first load and after a client-side navigation to its page, keeps the markdown between its tags,
// and no page logs an error or a hydration problem. A page without islands never loads their code.
// Islands of a markdown file's own code (docs/highlight.mdx: components it exports, an inline
// <button onClick>) work the same way, and load the file's chunk, not the counter's. <BrowserOnly>
// (docs/browser-only.mdx) draws its children once the page runs in the browser. useColorMode
// (docs/color-mode.mdx) follows the navbar's switch and sets the mode, kept or not as asked. A
// component of the site's scope (docs/scope.mdx, src/theme/MDXComponents.tsx) works unimported.

const mdxConfig = path.join(repoRoot, 'test/fixtures/mdx-site/site.config.ts');
let site: SharedSite;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts); `coldTabs` have no
 *  HTTP cache, for the checks of which scripts a page loads (each fetches them as a first visit does). */
let tabs: Tabs;
let coldTabs: Tabs;

beforeAll(async () => {
  site = await startSharedSite(mdxConfig);
  tabs = new Tabs(site.browser, { stubOutside: true });
  coldTabs = new Tabs(site.browser, { stubOutside: true, coldCache: true });
}, 180_000);

afterAll(async () => {
  await tabs?.close();
  await coldTabs?.close();
  await site?.close();
});

type Opened = OpenedPage & { release(): Promise<void> };

/** The page at `route`, hydrated, in a tab of the pool: `release` hands it on to the next test. */
const open = (route: string): Promise<Opened> => openTab(tabs, site, route);
const openCold = (route: string): Promise<Opened> => openTab(coldTabs, site, route);

const islandLive = (o: OpenedPage) => o.page.waitForSelector('sitegen-island[data-hydrated] button', { timeout: 10_000 });

describe('an island in a doc', () => {
  it('counts clicks after hydration, with its markdown children kept', async () => {
    const o = await open('/docs/counter');
    await islandLive(o);
    const button = o.page.locator('.counter button');
    await expect.poll(() => button.textContent()).toBe('Clicks: 2');
    await button.click();
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Clicks: 4');
    expect(await o.page.locator('.counter-note strong').textContent()).toBe('in the browser');
    // The static diagram stays the build's HTML: no code of it in the browser.
    expect(await o.page.locator('figure.diagram').textContent()).toBe('Sensor → Gateway → Cloud');
    expect(o.errors).toEqual([]);
    await o.release();
  });

  it('hydrates after a client-side navigation to its page, and again on the way back', async () => {
    const o = await open('/docs/intro');
    await o.page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 42));
    await o.page.click('article a[href="/docs/counter"]');
    await islandLive(o);
    const button = o.page.locator('.counter button');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Clicks: 3');
    // A client-side navigation: the marker set on the first page survived.
    expect(await o.page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await o.page.click('article a[href="/docs/intro"]');
    await o.page.waitForSelector('h1#introduction');
    await o.page.goBack();
    await o.page.waitForSelector('sitegen-island[data-hydrated] button');
    await o.page.locator('.counter button').click();
    await expect.poll(() => o.page.locator('.counter button').textContent()).toBe('Clicks: 3');
    expect(o.errors).toEqual([]);
    await o.release();
  });

  it('a page without islands loads none of their code', async () => {
    const o = await openCold('/docs/static');
    const scripts = await o.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.js')),
    );
    const html = await o.page.content();
    const listed = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);
    // Every script the page loaded is one its HTML names (the entry and its static imports): no island chunk.
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(listed).toContain(s);
    expect(await o.page.locator('sitegen-island').count()).toBe(0);
    expect(o.errors).toEqual([]);
    await o.release();
  });
});

/** The scripts the page loaded so far (paths). */
const loadedScripts = (o: OpenedPage) =>
  o.page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith('.js')),
  );

/** The alerts the page shows, each dismissed, until `stop` (before the tab goes on to another test). */
function alerts(o: OpenedPage): { seen: string[]; stop(): void } {
  const seen: string[] = [];
  const onDialog = (d: Dialog) => {
    seen.push(d.message());
    void d.dismiss();
  };
  o.page.on('dialog', onDialog);
  return { seen, stop: () => void o.page.off('dialog', onDialog) };
}

async function clickHighlightIslands(o: OpenedPage, seen: string[]): Promise<void> {
  await o.page.waitForFunction(() => document.querySelectorAll('sitegen-island[data-island*="highlight.mdx"][data-hydrated]').length === 3, undefined, { timeout: 10_000 });
  await o.page.locator('span.highlight').click();
  await expect.poll(() => seen).toEqual(['You clicked the color #25c2a0 with label Docusaurus green']);
  await o.page.locator('button', { hasText: 'Click me!' }).click();
  await expect.poll(() => seen).toEqual(['You clicked the color #25c2a0 with label Docusaurus green', 'button clicked!']);
  const like = o.page.locator('.like button');
  await like.click();
  await like.click();
  await expect.poll(() => like.textContent()).toBe('Likes: 2');
  expect(await o.page.locator('.like-note strong').textContent()).toBe('in the browser');
}

describe('<BrowserOnly> in a doc', () => {
  it('shows its fallback in the HTML and its children once the page runs in the browser', async () => {
    const html = await fetch(site.server.url + '/docs/browser-only').then((r) => r.text());
    expect(html).toContain('<p class="gauge">Loading the gauge</p>');
    const o = await open('/docs/browser-only');
    await expect.poll(() => o.page.locator('p.gauge').textContent()).toMatch(/^Window \d+ px wide$/);
    expect(o.errors).toEqual([]);
    await o.release();
  });
});

describe("a component of the site's scope (src/theme/MDXComponents), not imported", () => {
  it('is an island that works after hydration, its markdown children kept', async () => {
    const o = await open('/docs/scope');
    await o.page.waitForSelector('sitegen-island[data-hydrated] button');
    await o.page.click('.toggle button');
    await expect.poll(() => o.page.locator('.toggle button').textContent()).toBe('Scoped: on');
    expect(await o.page.locator('.toggle-note strong').textContent()).toBe('here');
    expect(o.errors).toEqual([]);
    await o.release();
  });
});

describe('tabs kept in the url (queryString)', () => {
  it('select the tab the url names, and put the chosen one into it without a new history entry', async () => {
    const o = await open('/docs/query-tabs?current-os=ios');
    const shown = () => o.page.locator('.tabs-container [role="tabpanel"]:not([hidden])').textContent();
    expect(await o.page.locator('.tabs-container [role="tab"]').allTextContents()).toEqual(['Android', 'iOS']);
    await expect.poll(shown).toContain('Apple phones.');
    const entries = await o.page.evaluate(() => history.length);
    await o.page.getByRole('tab', { name: 'Android' }).click();
    await expect.poll(shown).toContain('Robot phones.');
    expect(await o.page.evaluate(() => [location.search, history.length])).toEqual(['?current-os=android', entries]);
    expect(o.errors).toEqual([]);
    await o.release();
  });
});

describe('useColorMode in a doc', () => {
  it("draws the site's default, then follows the navbar switch, and sets the mode, stored unless persist is false", async () => {
    const html = await fetch(site.server.url + '/docs/color-mode').then((r) => r.text());
    expect(html).toContain('<span class="mode-report">light</span>');
    const o = await open('/docs/color-mode');
    const report = () => o.page.locator('.mode-report').textContent();
    const shown = () => o.page.evaluate(() => document.documentElement.dataset.theme);
    const stored = () => o.page.evaluate(() => localStorage.getItem('theme'));
    await o.page.waitForSelector('sitegen-island[data-hydrated] .mode-light');
    await o.page.click('.color-mode-toggle');
    await expect.poll(report).toBe('dark');
    expect(await shown()).toBe('dark');
    expect(await stored()).toBe('dark');
    await o.page.click('.mode-light');
    await expect.poll(report).toBe('light');
    expect([await shown(), await stored()]).toEqual(['light', 'light']);
    // Not kept: the stored choice stays, and a reload shows it.
    await o.page.click('.mode-once');
    await expect.poll(report).toBe('dark');
    expect([await shown(), await stored()]).toEqual(['dark', 'light']);
    await o.page.click('.color-mode-toggle');
    await expect.poll(report).toBe('light');
    await o.page.click('.mode-once');
    await o.page.reload();
    await o.page.waitForSelector('sitegen-island[data-hydrated] .mode-light');
    await expect.poll(report).toBe('light');
    // Forgotten: the site's default (light), nothing stored.
    await o.page.click('.color-mode-toggle');
    await expect.poll(report).toBe('dark');
    await o.page.click('.mode-reset');
    await expect.poll(report).toBe('light');
    expect(await stored()).toBe(null);
    expect(o.errors).toEqual([]);
    await o.release();
  });
});

describe("islands of a markdown file's own code", () => {
  it('work after hydration: an exported component with onClick, an inline button, an exported component with state', async () => {
    const o = await open('/docs/highlight');
    const dialogs = alerts(o);
    await clickHighlightIslands(o, dialogs.seen);
    expect(o.errors).toEqual([]);
    dialogs.stop();
    await o.release();
  });

  it('work after a client-side navigation to their page', async () => {
    const o = await open('/docs/intro');
    const dialogs = alerts(o);
    await o.page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 7));
    await o.page.click('a[href="/docs/highlight"]');
    await clickHighlightIslands(o, dialogs.seen);
    expect(await o.page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(o.errors).toEqual([]);
    dialogs.stop();
    await o.release();
  });

  it("each page loads its own islands' chunk only", async () => {
    // Tabs without HTTP cache: each page fetches its scripts as on a first visit.
    const highlight = await openCold('/docs/highlight');
    const dialogs = alerts(highlight);
    await clickHighlightIslands(highlight, dialogs.seen);
    const counter = await openCold('/docs/counter');
    await islandLive(counter);
    const [onHighlight, onCounter] = await Promise.all([loadedScripts(highlight), loadedScripts(counter)]);
    const own = (mine: string[], other: string[]) => mine.filter((s) => !other.includes(s));
    // Each page loaded chunks the other did not (its islands' code), and the islands runtime both: the
    // counter's component; the file's module and one small chunk per slot island that imports it.
    expect(own(onCounter, onHighlight)).toHaveLength(1);
    const mine = own(onHighlight, onCounter);
    expect(mine).toHaveLength(4);
    const codes = await Promise.all(mine.map((url) => highlight.page.evaluate((u) => fetch(u).then((r) => r.text()), url)));
    expect(codes.filter((c) => c.includes('button clicked!'))).toHaveLength(1);
    expect(codes.join('\n')).not.toContain('counter-note');
    expect(highlight.errors).toEqual([]);
    expect(counter.errors).toEqual([]);
    dialogs.stop();
    await highlight.release();
    await counter.release();
  });
});
