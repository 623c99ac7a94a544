import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, serveDir, type TestServer } from '../../helpers/browser.js';
import { sharedBuild } from '../../helpers/sharedBuild.js';
import { makeSite } from '../../helpers/site.js';
import { repoRoot } from '../../helpers/paths.js';
import { serveAxe, violations } from '../../helpers/a11y.js';
import { build } from '../../../src/builder/build.js';
import { Tabs } from '../../helpers/tabs.js';
import { sharedVisit } from '../../helpers/visit.js';

// Mermaid diagrams in real Chromium: drawn at build time, they are pictures on the page (boxes and
// labels laid out, not source text), and the page hydrates cleanly around them. Built without a
// browser, the page that shows a diagram loads mermaid and draws it; a page without one loads nothing
// of it, before or after client navigation.

const fixture = path.join(repoRoot, 'test/fixtures/mermaid-site/site.config.ts');
/** Where the screenshot is left for a person to look at. */
const SCREENSHOT = path.join(os.tmpdir(), 'sitegen-mermaid-types.png');

let browser: Browser;
let server: TestServer;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts): a new page (and
 *  context) per test cost Chromium about 0.7 s more each. */
let tabs: Tabs;
/** axe-core served by url: compiled once for the pages that run it, not once per page (test/helpers/a11y.ts). */
let axe: { url: string; close(): Promise<void> };

beforeAll(async () => {
  const { outDir } = await sharedBuild(fixture);
  [browser, server, axe] = await Promise.all([launchBrowser(), serveDir(outDir), serveAxe()]);
  tabs = new Tabs(browser);
}, 180_000);

afterAll(async () => {
  await tabs?.close();
  await browser?.close();
  await server?.close();
  await axe?.close();
});

/** Playwright's default window (a new page's). */
const WINDOW = { width: 1280, height: 720 };

/** The Chinese diagram page, one load for the two checks that only read it (test/helpers/visit.ts): its
 *  labels' boxes, and axe's violations. */
const chinese = sharedVisit(() => tabs.open(server.url + '/zh-Hans/docs/chinese', WINDOW, { hydrated: false, waitUntil: 'networkidle' }), {
  labels: ({ page }) =>
    page.locator('.mermaid-diagram g.node').evaluateAll((nodes) =>
      nodes.map((n) => {
        const box = n.querySelector('rect, polygon, path')!.getBoundingClientRect();
        const label = n.querySelector('.label')!.getBoundingClientRect();
        return { text: n.textContent?.trim(), fits: label.width > 0 && label.width <= box.width + 1 };
      }),
    ),
  axe: ({ page }) => violations(page, axe.url),
});

describe('diagrams drawn at build time, in the browser', () => {
  it('shows each diagram as a drawing with its labels, and hydrates without a warning', async () => {
    const { page, errors, release } = await tabs.open(server.url + '/docs/types', { width: 1200, height: 900 }, { waitUntil: 'networkidle' });
    const sizes = await page.locator('.mermaid-diagram > svg').evaluateAll((svgs) => svgs.map((s) => s.getBoundingClientRect()).map((r) => [Math.round(r.width), Math.round(r.height)]));
    expect(sizes).toHaveLength(7);
    for (const [w, h] of sizes) {
      expect(w).toBeGreaterThan(100);
      expect(h).toBeGreaterThan(50);
    }
    // The flowchart's nodes are laid out side by side (flowchart LR), with their labels inside them.
    const flowchart = page.locator('.mermaid-diagram > svg').first();
    const boxes = await flowchart.locator('g.node').evaluateAll((nodes) => nodes.map((n) => ({ text: n.textContent?.trim(), x: n.getBoundingClientRect().x, w: n.getBoundingClientRect().width })));
    expect(boxes.map((b) => b.text)).toEqual(['Application', 'Gateway', 'Sensor']);
    expect(boxes[1].x).toBeGreaterThan(boxes[0].x + boxes[0].w);
    expect(await page.locator('.mermaid-diagram pre, .language-mermaid').count()).toBe(0);
    await flowchart.scrollIntoViewIfNeeded();
    await page.locator('.markdown').screenshot({ path: SCREENSHOT });
    expect(fs.statSync(SCREENSHOT).size).toBeGreaterThan(10_000);
    expect(errors).toEqual([]);
    await release();
  });

  it('passes axe on pages with diagrams (every SVG named, ids unique)', async () => {
    for (const route of ['/docs/types', '/docs/two']) {
      const { page, release } = await tabs.open(server.url + route, WINDOW, { hydrated: false, waitUntil: 'networkidle' });
      expect(await violations(page, axe.url), route).toEqual([]);
      await release();
    }
    expect(await chinese('axe'), '/zh-Hans/docs/chinese').toEqual([]);
  });

  it('lays out Chinese labels in their boxes', async () => {
    expect(await chinese('labels')).toEqual([
      { text: '应用程序', fits: true },
      { text: '边缘网关', fits: true },
      { text: '温度传感器', fits: true },
    ]);
  });
});

describe('diagrams left to the browser (built without Chromium)', () => {
  let fallback: TestServer;
  let script: string;

  beforeAll(async () => {
    const site = makeSite(
      {
        'docs/a.md': '---\nsidebar_position: 1\n---\n\n# A\n\nNo diagram here.\n',
        'docs/b.md': '---\nsidebar_position: 2\n---\n\n# B\n\n```mermaid\nflowchart LR\n  InBrowserA[Drawn in the browser] --> InBrowserB[Second box]\n```\n',
      },
      { markdown: { mermaid: true }, docs: { path: 'docs', routeBasePath: 'docs' }, baseUrl: '/' },
    );
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = path.join(site.dir, 'no-chromium-here');
    const outDir = path.join(site.dir, 'build');
    try {
      await build({ configFile: site.configFile, outDir });
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
    script = fs.readdirSync(path.join(outDir, 'assets/js')).find((f) => f.startsWith('mermaid.'))!;
    expect(script).toBeDefined();
    fallback = await serveDir(outDir);
  }, 120_000);

  afterAll(async () => {
    await fallback?.close();
  });

  it('loads mermaid only on the page that shows a diagram, and draws it there', async () => {
    const { page, errors, release } = await tabs.open(fallback.url + '/docs/a', WINDOW, { waitUntil: 'networkidle' });
    expect(fallback.requests.filter((r) => r.includes('mermaid'))).toEqual([]);
    // Client navigation to the page with the diagram: mermaid is loaded then, and draws it.
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForURL('**/docs/b');
    await page.locator('.mermaid-diagram > svg').waitFor();
    expect(await page.locator('.mermaid-diagram > svg g.node').allTextContents()).toEqual(['Drawn in the browser', 'Second box']);
    expect(await page.locator('.mermaid-pending').count()).toBe(0);
    expect(fallback.requests.filter((r) => r.endsWith('.min.js'))).toEqual([`/assets/js/${script}`]);
    expect(errors).toEqual([]);
    await release();
  });
});
