import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { sharedBuild } from '../helpers/sharedBuild.js';
import { computedStyle, launchBrowser, localOnly, openHydrated, serveDir, type TestServer } from '../helpers/browser.js';
import { repoRoot } from '../helpers/paths.js';

// Docusaurus plugins in Chromium. Our own (test/fixtures/docusaurus-plugins): a route component reads
// global data after a client-side navigation, the plugin's client module runs, its injected tags are
// there and its PostCSS plugin's colour applies, in both locales. Real npm plugins
// (test/fixtures/real-plugins): a redirect page leads to its target, image-zoom opens on click,
// Tailwind's classes have their computed styles.

let browser: Browser, context: BrowserContext;
// Our fixture's server, then the real plugins'.
let ours: TestServer, real: TestServer;
const servers: TestServer[] = [];

beforeAll(async () => {
  const builds = await Promise.all(['docusaurus-plugins', 'real-plugins'].map((f) => sharedBuild(path.join(repoRoot, 'test/fixtures', f, 'site.config.ts'))));
  for (const { outDir } of builds) servers.push(await serveDir(outDir, { localePrefixes: ['/fr/'] }));
  [ours, real] = servers;
  browser = await launchBrowser();
  context = await browser.newContext();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => s.close()));
});

const open = (server: TestServer, route: string) => openHydrated(context, server.url + route);
const style = computedStyle;

describe('Docusaurus plugins of our own in the browser', () => {
  for (const [locale, prefix] of [
    ['en', '/'],
    ['fr', '/fr/'],
  ]) {
    it(`${locale}: a plugin route drawn in the browser reads global data; the client module, injected tags and PostCSS apply`, async () => {
      const { page, errors, blocked } = await open(ours, `${prefix}docs/intro`);
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
      await page.close();
    });
  }
});

describe('real Docusaurus plugins in the browser', () => {
  it('a redirect page of plugin-client-redirects leads to its target', async () => {
    const page = await context.newPage();
    await localOnly(page);
    await page.goto(`${real.url}/old-intro`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/docs/intro');
    await page.goto(`${real.url}/fr/guide/intro`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fr/docs/intro');
    await page.close();
  });

  it('docusaurus-plugin-image-zoom opens a docs image on click', async () => {
    const { page, errors } = await open(real, '/docs/intro');
    // medium-zoom attaches a second after the page starts (the plugin's own timer).
    await page.waitForSelector('.markdown img.medium-zoom-image', { timeout: 10_000 });
    await page.click('.markdown img');
    await page.waitForSelector('.medium-zoom-overlay');
    await expect.poll(() => page.$$eval('.medium-zoom-image--opened', (els) => els.length)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Tailwind classes have their computed styles', async () => {
    const { page, errors } = await open(real, '/');
    expect(await style(page, '#tw-box', 'background-color')).toBe('rgb(59, 130, 246)');
    expect(await style(page, '#tw-box', 'padding-top')).toBe('16px');
    expect(await style(page, '#tw-card', 'border-top-left-radius')).toBe('8px');
    expect(errors).toEqual([]);
    await page.close();
  });
});
