import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { sharedBuild, shifuConfig } from '../../helpers/sharedBuild.js';
import { launchBrowser, localOnly, serveDir, watchConsole, type TestServer } from '../../helpers/browser.js';
import { Tabs, type Tab } from '../../helpers/tabs.js';
import { sharedVisit } from '../../helpers/visit.js';
import { afterFrame } from '../../fixtures/runtime-site/harness.js';

// The Shifu site as a new reader finds it, in Chromium and in its built HTML (one build shared): the
// table of contents at every width, the navbar's icons and alignment, a jump to a heading of another
// page that stays put while images load, the skip link, the Chinese blog titles, the social card
// and the feed links.

let browser: Browser;
let server: TestServer;
let outDir = '';
/** Tabs the checks hand on to each other, each visit a first one (test/helpers/tabs.ts). */
let tabs: Tabs;

beforeAll(async () => {
  ({ outDir } = await sharedBuild(shifuConfig));
  server = await serveDir(outDir);
  browser = await launchBrowser();
  tabs = new Tabs(browser);
}, 180_000);

afterAll(async () => {
  await tabs?.close();
  await browser?.close();
  await server?.close();
});

/** The page at `route`, hydrated, at that window size, in a tab of the pool (`release` hands it on). */
const open = (route: string, width = 1280, height = 800): Promise<Tab> => tabs.open(server.url + route, { width, height });

/** As open, in a new context of its own (for a check that changes its page for good: a route handler). */
async function openOwn(route: string, width = 1280, height = 800): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height } });
  const { errors } = watchConsole(page);
  await localOnly(page);
  await page.goto(server.url + route);
  await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
  return { page, errors };
}

const box = async (l: Locator) => (await l.boundingBox())!;
const centreY = async (l: Locator) => {
  const b = await box(l);
  return b.y + b.height / 2;
};
/** Where a heading sits below the top of the window (the page scrolls headings to just under the navbar). */
const headingTop = (page: Page, id: string) => page.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().top, id);
const read = (rel: string) => fs.readFileSync(path.join(outDir, rel), 'utf8');

const DOC = '/docs/introduction';

/** The navbar's icons: centred on the line of the other items, with space between them. */
async function centredIcons(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const icons = ['GitHub', 'Discord', 'X (Twitter)'].map((name) => nav.getByRole('link', { name, exact: true }));
  const line = await centreY(nav.getByRole('link', { name: 'Docs', exact: true }));
  expect(Math.abs((await centreY(nav.locator('.navbar__link').first())) - line)).toBeLessThanOrEqual(1);
  for (const icon of icons) {
    expect(Math.abs((await centreY(icon)) - line)).toBeLessThanOrEqual(1);
    expect(Math.abs((await centreY(icon.locator('svg'))) - line)).toBeLessThanOrEqual(1);
  }
  for (let i = 1; i < icons.length; i++) {
    const [a, b] = [await box(icons[i - 1].locator('svg')), await box(icons[i].locator('svg'))];
    expect(b.x - (a.x + a.width)).toBeGreaterThanOrEqual(8);
  }
}

/** Where the navbar's brand and last item and the docs sidebar are. */
const flushLeft = async (page: Page) => ({
  brand: await box(page.locator('.navbar .navbar__brand')),
  sidebar: await box(page.locator('.theme-doc-sidebar-container')),
  lastItem: await box(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'X (Twitter)' })),
});

/** The skip link: the first Tab reaches it, Enter moves focus into the main content, the next Tab stays there. */
async function skipLink(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  const skip = page.locator('.skip-to-content');
  expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-to-content');
  expect((await box(skip)).y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
  expect(await page.evaluate(() => document.getElementById('__main')!.contains(document.activeElement))).toBe(true);
  // The next Tab continues inside the content, not in the navbar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
}

/** DOC at 1280 px, one load for the three checks of it (test/helpers/visit.ts): the icons' and the
 *  navbar's start only read the page; the skip link's, last, presses keys on it. */
const docAt1280 = sharedVisit(() => open(DOC, 1280), {
  icons: ({ page }) => centredIcons(page),
  flush: ({ page }) => flushLeft(page),
  skip: ({ page }) => skipLink(page),
});

describe('table of contents', () => {
  for (const width of [1000, 1200, 1400]) {
    it(`is a column beside the content at ${width} px`, async () => {
      const { page, errors, release } = await open(DOC, width);
      const toc = page.locator('.doc-toc .toc');
      expect(await toc.isVisible()).toBe(true);
      expect(await page.locator('.toc-collapsible').isVisible()).toBe(false);
      const article = await box(page.locator('article'));
      expect((await box(toc)).x).toBeGreaterThanOrEqual(article.x + article.width);
      const headings = await page.locator('article h2, article h3').count();
      expect(await toc.getByRole('link').count()).toBe(headings);
      expect(errors).toEqual([]);
      await release();
    });
  }

  for (const width of [390, 800]) {
    it(`is a collapsible "On this page" above the content at ${width} px, whose links jump to the headings`, async () => {
      const { page, errors, release } = await open(DOC, width);
      expect(await page.locator('.doc-toc').isVisible()).toBe(false);
      const button = page.getByRole('button', { name: 'On this page' });
      expect(await button.isVisible()).toBe(true);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect((await box(button)).y + (await box(button)).height).toBeLessThanOrEqual((await box(page.locator('article'))).y);
      const list = page.locator('.toc-collapsible');
      expect(await list.getByRole('link').count()).toBe(0);
      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect(await list.getByRole('link').count()).toBe(await page.locator('article h2, article h3').count());
      await list.getByRole('link', { name: 'Use cases' }).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#use-cases');
      await expect.poll(async () => Math.round(await headingTop(page, 'use-cases'))).toBe(72);
      await button.click();
      expect(await list.getByRole('link').count()).toBe(0);
      expect(errors).toEqual([]);
      await release();
    });
  }

  it('is labelled in Chinese on the Chinese site, and shown on blog posts too', async () => {
    const { page, release } = await open('/zh-Hans' + DOC, 390);
    expect(await page.getByRole('button', { name: '本页总览' }).isVisible()).toBe(true);
    await release();
    const { page: blog, release: releaseBlog } = await open('/technical-blogs/2022/06/08/kubeedge', 390);
    expect(await blog.locator('article h2').count()).toBeGreaterThan(0);
    expect(await blog.getByRole('button', { name: 'On this page' }).isVisible()).toBe(true);
    await releaseBlog();
  });
});

describe('navbar', () => {
  it('centres the GitHub, Discord and X icons on the line of the other items, with space between them', async () => {
    await docAt1280('icons');
  });

  it('spans the window at 1,920 px as the docs sidebar does: both flush left', async () => {
    const { page, release } = await open(DOC, 1920);
    const wide = await flushLeft(page);
    await release();
    const narrow = await docAt1280('flush');
    expect(wide.sidebar.x).toBe(0);
    expect(wide.brand.x).toBeLessThanOrEqual(24);
    expect(Math.abs(wide.brand.x - narrow.brand.x)).toBeLessThanOrEqual(1);
    expect(wide.lastItem.x + wide.lastItem.width).toBeGreaterThanOrEqual(1920 - 24);
  });

  it('hides the docs sidebar with its button (themeConfig.docs.sidebar.hideable), remembers it across a reload, and brings it back', async () => {
    const { page, errors, release } = await open(DOC);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => page.locator('.doc-sidebar-nav').count()).toBe(0);
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    await expect.poll(() => page.locator('.doc-sidebar-hidden').count()).toBe(1);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(() => page.locator('.doc-sidebar-nav').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await release();
  });
});

describe('a jump to a heading of another page', () => {
  it('lands on the heading and stays there while the images above it load', async () => {
    const { page, errors } = await openOwn('/docs/tutorials/demo-install', 1280);
    // Images arrive late, as on a slow connection: their boxes must be there before they do.
    let release: () => void = () => {};
    const arrived = new Promise<void>((r) => (release = r));
    await page.route('**/img/diagrams/**', async (route) => {
      await arrived;
      await route.continue();
    });
    await page.evaluate((href) => {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = 'Features of Shifu';
      document.querySelector('main')!.append(a);
      a.click();
    }, DOC + '#features');
    await page.waitForFunction(() => location.pathname.startsWith('/docs/introduction') && document.getElementById('features'));
    await expect.poll(async () => Math.round(await headingTop(page, 'features'))).toBe(72);
    const sizes = await page.locator('article img').evaluateAll((imgs) => imgs.map((i) => ({ loaded: (i as HTMLImageElement).complete, height: i.getBoundingClientRect().height })));
    expect(sizes.length).toBeGreaterThan(0);
    for (const s of sizes) expect(s.height).toBeGreaterThan(100);
    release();
    await page.waitForFunction(() => [...document.querySelectorAll('article img')].every((i) => (i as HTMLImageElement).complete));
    // The frame after the images arrived lays them out at their own size (and anchors the scroll).
    await afterFrame(page);
    expect(Math.round(await headingTop(page, 'features'))).toBe(72);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('skip link', () => {
  for (const route of [DOC, '/', '/zh-Hans/news']) {
    it(`moves keyboard focus into the main content (${route})`, async () => {
      if (route === DOC) {
        await docAt1280('skip');
      } else {
        const { page, release } = await open(route, 1280);
        await skipLink(page);
        await release();
      }
    });
  }
});

describe('built HTML', () => {
  it('titles the Chinese blogs in Chinese: tabs, "All posts" and feeds (options.json)', () => {
    for (const [blog, title] of [
      ['technical-blogs', '技术博客'],
      ['news', '新闻'],
      ['case-studies', '客户案例'],
    ]) {
      const html = read(`zh-Hans/${blog}/index.html`);
      expect(html).toContain(`<title>${title} | Shifu</title>`);
      expect(html).toContain('<div class="blog-sidebar-title">全部文章</div>');
      expect(read(`zh-Hans/${blog}/rss.xml`)).toContain(`<title>Shifu ${title}</title>`);
      expect(read(`zh-Hans/${blog}/atom.xml`)).toContain(`<title>Shifu ${title}</title>`);
    }
    expect(read('zh-Hans/technical-blogs/archive/index.html')).toMatch(/<title>[^<]*技术博客 \| Shifu<\/title>/);
  });

  it('gives og:image and twitter:image as an absolute url of a 1200x630 PNG or JPEG, in both locales', () => {
    for (const page of ['index.html', 'zh-Hans/index.html', 'docs/introduction/index.html', 'zh-Hans/news/index.html']) {
      const html = read(page);
      const og = html.match(/<meta property="og:image" content="([^"]+)">/)![1];
      expect(html).toContain(`<meta name="twitter:image" content="${og}">`);
      expect(og).toMatch(/^https:\/\/shifu\.dev\//);
      const file = fs.readFileSync(path.join(outDir, new URL(og).pathname));
      expect(imageHeader(file)).toEqual(expect.objectContaining({ width: 1200, height: 630 }));
    }
  });

  it("links each blog's pages to its RSS and Atom feeds, titled in the page's language, and the subscribe page to every feed", () => {
    const en = read('technical-blogs/index.html');
    expect(en).toContain('<link rel="alternate" type="application/rss+xml" href="/technical-blogs/rss.xml" title="Shifu Tech Blog RSS Feed">');
    expect(en).toContain('<link rel="alternate" type="application/atom+xml" href="/technical-blogs/atom.xml" title="Shifu Tech Blog Atom Feed">');
    expect(read('zh-Hans/news/index.html')).toContain('<link rel="alternate" type="application/rss+xml" href="/zh-Hans/news/rss.xml" title="Shifu 新闻 RSS Feed">');
    for (const [locale, prefix] of [
      ['en', ''],
      ['zh-Hans', '/zh-Hans'],
    ]) {
      const subscribe = read(`${prefix.slice(1)}${prefix ? '/' : ''}subscribe/index.html`);
      for (const blog of ['technical-blogs', 'news', 'case-studies']) {
        for (const feed of ['rss.xml', 'atom.xml']) {
          expect(subscribe, `${locale} subscribe page → ${blog}/${feed}`).toContain(`href="${prefix}/${blog}/${feed}"`);
          expect(fs.existsSync(path.join(outDir, `${prefix}/${blog}/${feed}`))).toBe(true);
        }
      }
    }
  });
});

/** The type and size of a PNG (IHDR) or JPEG (first frame header), read from the bytes themselves. */
function imageHeader(b: Buffer): { type: 'png' | 'jpeg'; width: number; height: number } | undefined {
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) && b.toString('latin1', 12, 16) === 'IHDR') {
    return { type: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length && b[i] === 0xff) {
      const marker = b[i + 1];
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { type: 'jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      i += 2 + b.readUInt16BE(i + 2);
    }
  }
  return undefined;
}
