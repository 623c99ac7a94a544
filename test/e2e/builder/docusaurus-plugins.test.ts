import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sharedBuild } from '../../helpers/sharedBuild.js';
import { computedStyle, launchBrowser, serveDir, type TestServer } from '../../helpers/browser.js';
import { repoRoot } from '../../helpers/paths.js';
import { Tabs } from '../../helpers/tabs.js';

// Docusaurus plugins in Chromium. Our own (test/fixtures/docusaurus-plugins): a route component reads
// global data after a client-side navigation, the plugin's client module runs, its injected tags are
// there and its PostCSS plugin's colour applies, in both locales. Real npm plugins
// (test/fixtures/real-plugins): a redirect page leads to its target, image-zoom opens on click,
// Tailwind's classes have their computed styles.

let browser: Browser;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts), on either site. */
let tabs: Tabs;
// Our fixture's server, then the real plugins'.
let ours: TestServer, real: TestServer;
const servers: TestServer[] = [];

beforeAll(async () => {
  const builds = await Promise.all(['docusaurus-plugins', 'real-plugins'].map((f) => sharedBuild(path.join(repoRoot, 'test/fixtures', f, 'site.config.ts'))));
  for (const { outDir } of builds) servers.push(await serveDir(outDir, { localePrefixes: ['/fr/'] }));
  [ours, real] = servers;
  browser = await launchBrowser();
  tabs = new Tabs(browser);
}, 240_000);

afterAll(async () => {
  await tabs?.close();
  await browser?.close();
  await Promise.all(servers.map((s) => s.close()));
});

const open = (server: TestServer, route: string) => tabs.open(server.url + route);
const style = computedStyle;

describe('Docusaurus plugins of our own in the browser', () => {
  for (const [locale, prefix] of [
    ['en', '/'],
    ['fr', '/fr/'],
  ]) {
    it(`${locale}: a plugin route drawn in the browser reads global data; the client module, injected tags and PostCSS apply`, async () => {
      const { page, errors, blocked, release } = await open(ours, `${prefix}docs/intro`);
      // The client module ran before the first page was drawn, and its onRouteDidUpdate at each route.
      expect(await page.evaluate(() => document.documentElement.dataset.clientModule)).toBe('loaded');
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.lastRoute)).toBe(`${prefix}docs/intro`);
      expect(await page.getAttribute('meta[name="lifecycle-plugin"]', 'content')).toBe(locale);
      expect(await page.textContent('#post-body-tag')).toBe('2');
      // A client-side navigation to the plugin's route: its component is drawn here, from its props and the global data.
      await page.click(`a.navbar__link[href="${prefix}items"]`);
      await page.waitForSelector('#items-title');
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.lastRoute)).toBe(`${prefix}items`);
      expect(await page.textContent('#items-title')).toBe(`Items (${locale})`);
      expect(await page.textContent('#global-count')).toBe('2');
      expect(await page.textContent('#greeting')).toBe(`hello ${locale}`);
      expect(await page.textContent('#docs-path')).toBe(`${prefix}docs`);
      expect(await style(page, '#items-title', 'color')).toBe('rgb(255, 0, 0)');
      expect(errors).toEqual([]);
      expect(blocked).toEqual([]);
      await release();
    });
  }
});

describe('real Docusaurus plugins in the browser', () => {
  it('a redirect page of plugin-client-redirects leads to its target', async () => {
    const { page, release } = await tabs.open(`${real.url}/old-intro`, {}, { hydrated: false });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/docs/intro');
    await page.goto(`${real.url}/fr/guide/intro`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fr/docs/intro');
    await release();
  });

  it('docusaurus-plugin-image-zoom opens a docs image on click', async () => {
    const { page, errors, release } = await open(real, '/docs/intro');
    // medium-zoom attaches a second after the page starts (the plugin's own timer).
    await page.waitForSelector('.markdown img.medium-zoom-image', { timeout: 10_000 });
    await page.click('.markdown img');
    await page.waitForSelector('.medium-zoom-overlay');
    await expect.poll(() => page.$$eval('.medium-zoom-image--opened', (els) => els.length)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await release();
  });

  it('Tailwind classes have their computed styles', async () => {
    const { page, errors, release } = await open(real, '/');
    expect(await style(page, '#tw-box', 'background-color')).toBe('rgb(59, 130, 246)');
    expect(await style(page, '#tw-box', 'padding-top')).toBe('16px');
    expect(await style(page, '#tw-card', 'border-top-left-radius')).toBe('8px');
    expect(errors).toEqual([]);
    await release();
  });
});
