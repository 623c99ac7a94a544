import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServe } from '../../../src/cli/serve.js';
import { launchBrowser } from '../../helpers/browser.js';
import { sharedBuild, shifuConfig } from '../../helpers/sharedBuild.js';
import { afterFrame, runtimeConfig, viewportPrefetchChance } from '../../fixtures/runtime-site/harness.js';
import { Tabs } from '../../helpers/tabs.js';
import { recordViolations, violationsOf } from '../../helpers/cspViolations.js';

// The security headers of `sitegen serve` in Chromium: the Shifu site and a site with every analytics
// service turned on load, hydrate, navigate and start their analytics with no Content-Security-Policy
// violation. Vendor hosts are answered by the test with an empty script, never reached.

interface Served {
  url: string;
  server: http.Server;
}

let browser: Browser;
let shifu: Served;
let analytics: Served;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts), outside hosts
 *  answered with an empty script and listed, without HTTP cache (the analytics check counts the vendor
 *  scripts each page asks for); every load records the policy's violations (an init script on the
 *  pool's context). */
let tabs: Tabs;

/** Serves the run's shared build of a site (test/helpers/sharedBuild.ts; serve only reads it). */
async function serveShared(configFile: string): Promise<Served> {
  const { outDir } = await sharedBuild(configFile);
  const server = await startServe({ dir: outDir, port: '0', host: '127.0.0.1', config: configFile });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

beforeAll(async () => {
  browser = await launchBrowser();
  analytics = await serveShared(runtimeConfig);
  shifu = await serveShared(shifuConfig);
  tabs = new Tabs(browser, { stubOutside: true, coldCache: true });
  await recordViolations(await tabs.contextOf());
}, 180_000);

afterAll(async () => {
  await tabs?.close();
  await browser?.close();
  for (const s of [shifu, analytics]) {
    if (!s) continue;
    s.server.closeAllConnections();
    await new Promise((r) => s.server.close(r));
  }
});

interface Opened {
  page: Page;
  errors: string[];
  external: string[];
  violations: () => Promise<string[]>;
  release(): Promise<void>;
}

async function open(site: Served, route: string): Promise<Opened> {
  const { page, response, errors, blocked: external, release } = await tabs.open(site.url + route, {}, { hydrated: false });
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'), undefined, { timeout: 10_000 });
  return { page, errors, external, violations: () => violationsOf(page), release };
}

/**
 * Resolves once the page has done what its code starts after its load, and the violations of it are
 * reported: both sites turn on the three analytics services, whose scripts the entry asks for after the
 * load event from a chunk of its own (src/client/entry.tsx; a script the policy refused is never asked
 * for, and the poll fails); the viewport prefetch asks for the pages in view in an idle callback
 * (viewportPrefetchChance, once a frame has drawn a route the router just pushed). Chromium dispatches
 * a `securitypolicyviolation` event in a task it queues as it blocks the load or the code: it has run
 * a frame and a task later (afterFrame).
 */
async function settled({ page, external }: Opened, route: string): Promise<void> {
  await expect.poll(() => external.length, { message: `${route}: the analytics vendors' scripts` }).toBe(3);
  await afterFrame(page);
  await viewportPrefetchChance(page);
  await afterFrame(page);
}

describe('sitegen serve security headers in Chromium', () => {
  it('the Shifu site: home page and a docs page hydrate and navigate with no violation', async () => {
    for (const route of ['/', '/docs/introduction', '/zh-Hans/']) {
      const opened = await open(shifu, route);
      const { errors, violations, release } = opened;
      await settled(opened, route);
      expect(await violations(), route).toEqual([]);
      expect(errors, route).toEqual([]);
      await release();
    }
    const opened = await open(shifu, '/docs/introduction');
    const { page, errors, violations, release } = opened;
    await page.locator('.theme-doc-sidebar-container a.menu__link').nth(2).click();
    // A loaded CI machine may take seconds for a client navigation: wait up to 10 s for each.
    await expect.poll(() => page.evaluate(() => location.pathname), { timeout: 10_000 }).not.toBe('/docs/introduction');
    await page.locator('.navbar').getByRole('link', { name: 'Product' }).first().click();
    await expect.poll(() => page.evaluate(() => location.pathname), { timeout: 10_000 }).toBe('/product');
    await settled(opened, '/product');
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await release();
  });

  it('a site with gtag, hotjar and baidu: the vendor scripts load and the pages run with no violation', async () => {
    for (const route of ['/', '/docs/intro', '/widget']) {
      const opened = await open(analytics, route);
      const { errors, violations, release } = opened;
      await settled(opened, route);
      expect(await violations(), route).toEqual([]);
      expect(errors, route).toEqual([]);
      await release();
    }
  });

  it('reports what the policy refuses (the check above can fail): inline script, a script from another host, being framed elsewhere', async () => {
    const { page, violations, release } = await open(analytics, '/docs/intro');
    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'window.__ran = true';
      document.body.append(inline);
      const other = document.createElement('script');
      other.src = 'https://evil.example/x.js';
      document.body.append(other);
    });
    await expect.poll(violations).toEqual(['script-src-elem inline', 'script-src-elem https://evil.example/x.js']);
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
    // Framed by its own pages it loads; framed by any other page it does not.
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = '/docs/guide';
      frame.name = 'own';
      document.body.append(frame);
    });
    await expect
      .poll(() =>
        page
          .frame({ name: 'own' })
          ?.evaluate(() => document.querySelector('h1')?.textContent)
          .catch(() => undefined),
      )
      .toBe('User guide');
    await release();
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.setContent(`<iframe name="other" src="${analytics.url}/docs/guide"></iframe>`);
    await expect.poll(() => other.frame({ name: 'other' })?.url()).toMatch(/^chrome-error:/);
    await context.close();
  });
});
