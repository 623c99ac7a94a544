import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, serveDir, localOnly, type TestServer } from './browser.js';
import { sharedBuild, shifuConfig } from './sharedBuild.js';

// axe-core in Chromium over the Shifu site (its shared build), one locale per test file so that the
// two halves run side by side: test/e2e/a11y.test.ts (English) and a11y-zh-hans.test.ts (Chinese).
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

/** axe-core's violations on the open page, one text per rule (id, help, elements, how to fix them). */
export async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
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
  // One browser context per width, reused by the tests of this file (a new context per page cost a
  // second each on CI). Each page is a new tab, and its storage and cookies are cleared when it
  // closes, so every page is checked as a first visit.
  const contexts = new Map<number, Promise<BrowserContext>>();

  beforeAll(async () => {
    server = await serveDir((await sharedBuild(shifuConfig)).outDir);
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
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

  async function withPage(url: string, width: number, check: (page: Page) => Promise<void>): Promise<void> {
    const context = await contextFor(width);
    const page = await context.newPage();
    try {
      await localOnly(page);
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
      await check(page);
    } finally {
      await page.evaluate(() => (localStorage.clear(), sessionStorage.clear())).catch(() => undefined);
      await context.clearCookies();
      await page.close();
    }
  }

  describe(`axe-core finds no violation (${base})`, () => {
    for (const route of a11yPages) {
      it(`${base}${route}`, async () => {
        for (const width of widthsFor(base, route)) {
          await withPage(server.url + base + route, width, async (page) => {
            expect(await violations(page), `${base}${route} at ${width}px`).toEqual([]);
          });
        }
      });
    }

    it(`${base}bookDemo/ with every field in error`, async () => {
      await withPage(`${server.url}${base}bookDemo/`, 1280, async (page) => {
        await page.locator('button[type="submit"]').click();
        await expect.poll(() => page.locator('.mk-error').count(), { timeout: 10_000 }).toBe(7);
        expect(await violations(page)).toEqual([]);
      });
    });
  });
}
