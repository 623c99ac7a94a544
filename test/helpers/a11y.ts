import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, serveDir, localOnly, type TestServer } from './browser.js';
import { sharedBuild, shifuConfig } from './sharedBuild.js';
import { sharedVisit } from './visit.js';

// axe-core in Chromium over the Shifu site (its shared build), one locale per test file so that the
// two halves run side by side: test/e2e/theme/a11y.test.ts (English) and a11y-zh-hans.test.ts (Chinese).
// The pages the quality bar names (home, a docs page, a blog post, book-a-demo) are checked in both
// locales at a desktop and a phone width, every other marketing page in both locales (one width
// each, see widthsFor). Any violation fails the test with axe's rule id, the elements and how to fix them.

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const a11yPages = [
  '',
  'docs/introduction',
  'technical-blogs/2022/06/08/kubeedge',
  'bookDemo/',
  'product/',
  'product/feature/',
  'product/introduce/',
  'product/service/',
  'deployment/',
  'deployment/plancard/',
  'demo/',
  'subscribe/',
  'disclaimer/',
  'thanks/',
];

/** The pages the quality bar names: checked in both locales and at both widths. */
const named = new Set(['', 'docs/introduction', 'technical-blogs/2022/06/08/kubeedge', 'bookDemo/']);

/**
 * Where each page is checked: the named pages everywhere; every other page in English at the desktop
 * width and in Chinese at the phone width. The two locales share every template and stylesheet, so
 * checking each page once per width (not twice) keeps the check while halving the suite's longest test.
 */
function widthsFor(base: string, route: string): number[] {
  if (named.has(route)) return [1280, 390];
  return base === '/' ? [1280] : [390];
}

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe-core served on the loopback, for pages that load it by url (`violations(page, url)`): a script
 * fetched from a url (cached: the server says it never changes) is compiled once and then taken from
 * Chromium's code cache on the pages after it, where axe's 650 kB given as text are parsed and compiled
 * again on every page (about a fifth of a second each).
 */
export async function serveAxe(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'public, max-age=31536000, immutable' });
    res.end(axeSource);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/axe.min.js`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** axe-core's violations on the open page, one text per rule (id, help, elements, how to fix them);
 *  axe is loaded from `axeUrl` (serveAxe) when given, else given to the page as text. */
export async function violations(page: Page, axeUrl?: string): Promise<string[]> {
  await page.addScriptTag(axeUrl ? { url: axeUrl } : { content: axeSource });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
  return found.map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`);
}

/** The axe tests of one locale (`base` is '/' or '/zh-Hans/'), with their set-up. */
export function describeA11y(base: string): void {
  let browser: Browser;
  let server: TestServer;
  let axe: { url: string; close(): Promise<void> };
  // One browser context per width, reused by the tests of this file (a new context per page cost a
  // second each on CI), and one tab in it that goes from page to page (a new tab cost a quarter of a
  // second more each). Its storage and cookies are cleared after each page, so every page is checked
  // as a first visit; a check that fails closes the tab, and the next check opens a new one.
  const contexts = new Map<number, Promise<BrowserContext>>();
  const tabs = new Map<number, Promise<Page>>();

  beforeAll(async () => {
    server = await serveDir((await sharedBuild(shifuConfig)).outDir);
    axe = await serveAxe();
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await axe?.close();
  });

  function contextFor(width: number): Promise<BrowserContext> {
    let context = contexts.get(width);
    if (!context) {
      context = browser.newContext({ viewport: { width, height: 900 } }).then(async (c) => {
        // The thank-you page leaves after five seconds; a frozen clock keeps it on screen while axe runs.
        await c.clock.install();
        return c;
      });
      contexts.set(width, context);
    }
    return context;
  }

  function tabFor(width: number): Promise<Page> {
    let tab = tabs.get(width);
    if (!tab) {
      tab = contextFor(width).then(async (context) => {
        const page = await context.newPage();
        await localOnly(page);
        return page;
      });
      tabs.set(width, tab);
    }
    return tab;
  }

  /** The tab of `width` at `url`, hydrated; `end` clears its storage and cookies for the next page, and
   *  closes the tab when a check failed on it (the next check opens a new one). */
  async function visit(url: string, width: number): Promise<{ page: Page; release(): Promise<void> }> {
    const page = await tabFor(width);
    const visited = { page, release: () => end(visited, true) };
    try {
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    } catch (e) {
      await end(visited, false);
      throw e;
    }
    return visited;
  }

  async function end({ page }: { page: Page }, passed: boolean): Promise<void> {
    const context = await contextFor(page.viewportSize()!.width);
    await page.evaluate(() => (localStorage.clear(), sessionStorage.clear())).catch(() => undefined);
    await context.clearCookies();
    if (!passed) {
      tabs.delete(page.viewportSize()!.width);
      await page.close();
    }
  }

  async function withPage(url: string, width: number, check: (page: Page) => Promise<void>): Promise<void> {
    const visited = await visit(url, width);
    let passed = false;
    try {
      await check(visited.page);
      passed = true;
    } finally {
      await end(visited, passed);
    }
  }

  /** The book-a-demo form at 1280 px: one load for two tests (test/helpers/visit.ts), axe on the page as
   *  it loads, then on the form with every field in error (the submit button clicked, as the second test
   *  did on a load of its own). */
  const bookDemo = sharedVisit(
    () => visit(`${server.url}${base}bookDemo/`, 1280),
    {
      loaded: ({ page }) => violations(page, axe.url),
      inError: async ({ page }) => {
        await page.locator('button[type="submit"]').click();
        await expect.poll(() => page.locator('.mk-error').count(), { timeout: 10_000 }).toBe(7);
        return violations(page, axe.url);
      },
    },
    end,
  );

  describe(`axe-core finds no violation (${base})`, () => {
    for (const route of a11yPages) {
      it(`${base}${route}`, async () => {
        for (const width of widthsFor(base, route)) {
          if (route === 'bookDemo/' && width === 1280) {
            expect(await bookDemo('loaded'), `${base}${route} at ${width}px`).toEqual([]);
            continue;
          }
          await withPage(server.url + base + route, width, async (page) => {
            expect(await violations(page, axe.url), `${base}${route} at ${width}px`).toEqual([]);
          });
        }
      });
    }

    it(`${base}bookDemo/ with every field in error`, async () => {
      expect(await bookDemo('inError')).toEqual([]);
    });
  });
}
