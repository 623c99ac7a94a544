// The shared sidebar file in real Chromium (issue 43, item 3): a page whose sidebar has nothing closed
// does not carry it inline and hydrates from the shared file without a mismatch; a long list first drawn
// as a window, and a closed category, show all their items after hydration, from the shared file.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, serveDir, type TestServer } from '../../helpers/browser.js';
import { makeSite } from '../../helpers/site.js';
import { build } from '../../../src/builder/build.js';
import { Tabs } from '../../helpers/tabs.js';

const doc = (title: string, position: number) => `---\ntitle: ${title}\nsidebar_position: ${position}\n---\n\n# ${title}\n\nText of ${title}.\n`;

let browser: Browser;
let flat: TestServer;
let nested: TestServer;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts), without HTTP cache:
 *  a check reads what the server was asked for. */
let tabs: Tabs;

async function builtSite(files: Record<string, string>): Promise<TestServer> {
  const site = makeSite(files, { docs: { path: 'docs' } });
  const outDir = path.join(site.dir, 'build');
  await build({ configFile: site.configFile, outDir });
  return serveDir(outDir);
}

beforeAll(async () => {
  const small: Record<string, string> = {};
  for (let i = 0; i < 5; i++) small[`docs/p${i}.md`] = doc(`Flat ${i}`, i + 1);
  const long: Record<string, string> = {
    'docs/closed/_category_.json': JSON.stringify({ label: 'Closed', position: 200 }),
    'docs/closed/one.md': doc('Closed one', 1),
    'docs/closed/two.md': doc('Closed two', 2),
  };
  for (let i = 0; i < 150; i++) long[`docs/p${String(i).padStart(3, '0')}.md`] = doc(`Long ${i}`, i + 1);
  [browser, flat, nested] = await Promise.all([launchBrowser(), builtSite(small), builtSite(long)]);
  tabs = new Tabs(browser, { coldCache: true });
}, 180_000);

afterAll(async () => {
  await tabs?.close();
  await browser?.close();
  await flat?.close();
  await nested?.close();
});

describe('the sidebar from its shared file', () => {
  it('hydrates a page whose sidebar is not inline, with no mismatch', async () => {
    const { page, errors, release } = await tabs.open(flat.url + '/docs/p2');
    const inline = JSON.parse((await page.locator('#__SITEGEN_DATA__').textContent())!);
    expect(inline.sidebar).toBeUndefined();
    expect(inline.sidebarUrl).toMatch(/^\/assets\/data\/sidebar-.*\.[0-9a-f]{10}\.json$/);
    expect(flat.requests).toContain(inline.sidebarUrl);
    expect(await page.locator('.doc-sidebar-nav a.menu__link').count()).toBe(5);
    // The sidebar works: a click navigates on the client.
    await page.locator('.doc-sidebar-nav a[href="/docs/p4"]').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Flat 4');
    expect(errors).toEqual([]);
    await release();
  });

  it("draws the whole long list and a closed category's items after hydration", async () => {
    const { page, errors, release } = await tabs.open(nested.url + '/docs/p140', {}, { hydrated: false });
    // Before scripts: a window of the list, without its first items, and the closed category's label only.
    const served = await (await fetch(nested.url + '/docs/p140')).text();
    expect(served).not.toContain('href="/docs/p000"');
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
    await expect.poll(() => page.locator('.doc-sidebar-nav a[href="/docs/p000"]').count()).toBe(1);
    await page.getByRole('button', { name: "Toggle the collapsible sidebar category 'Closed'" }).click();
    await expect.poll(() => page.locator('.doc-sidebar-nav a[href="/docs/closed/two"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await release();
  });
});
