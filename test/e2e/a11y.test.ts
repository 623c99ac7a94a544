import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { build } from '../../src/builder/build.js';
import { repoRoot } from '../helpers/paths.js';
import { launchBrowser, serveDir, localOnly, type TestServer } from '../helpers/browser.js';

// axe-core in Chromium over the Shifu site: the pages the quality bar names (home, a docs page, a blog
// post, book-a-demo) in both locales at a desktop and a phone width, and every other marketing page in
// both locales (one width each, see widthsFor).
// Any violation fails the test with axe's rule id, the elements and how to fix them.

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const pages = [
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

let browser: Browser;
let server: TestServer;
let tmp = '';

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-a11y-'));
  await build({ configFile: path.join(repoRoot, 'site.config.ts'), outDir: path.join(tmp, 'build') });
  server = await serveDir(path.join(tmp, 'build'));
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
  return found.map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`);
}

async function open(url: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await localOnly(page, server.url);
  // The thank-you page leaves after five seconds; a frozen clock keeps it on screen while axe runs.
  await page.clock.install();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
  return page;
}

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

for (const base of ['/', '/zh-Hans/']) {
  describe(`axe-core finds no violation (${base})`, () => {
    for (const route of pages) {
      it(`${base}${route}`, async () => {
        for (const width of widthsFor(base, route)) {
          const page = await open(server.url + base + route, width);
          expect(await violations(page), `${base}${route} at ${width}px`).toEqual([]);
          await page.close();
        }
      });
    }

    it(`${base}bookDemo/ with every field in error`, async () => {
      const page = await open(`${server.url}${base}bookDemo/`, 1280);
      await page.locator('button[type="submit"]').click();
      await expect.poll(() => page.locator('.mk-error').count(), { timeout: 10_000 }).toBe(7);
      expect(await violations(page)).toEqual([]);
      await page.close();
    });
  });
}
