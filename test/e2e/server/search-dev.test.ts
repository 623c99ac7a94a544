import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makeSite } from '../../helpers/site.js';
import { launchBrowser } from '../../helpers/browser.js';
import { startDevServer, type DevServer } from '../../../src/server/dev/server.js';
import { SETTLED_BAR_LIST } from '../../helpers/search.js';
import { Tabs } from '../../helpers/tabs.js';

// Search in `sitegen dev` (the reference plugin has no index until a full build): the dev server's
// in-memory build runs the search pass, and an edit shows up in the results.

let site: { dir: string; configFile: string };
let dev: DevServer;
let browser: Browser;
/** Tabs the checks hand on to each other, each visit a first one (test/helpers/tabs.ts), without HTTP
 *  cache: a visit after an edit fetches the search index again, as a first visit does. */
let tabs: Tabs;

beforeAll(async () => {
  site = makeSite(
    {
      'docs/intro.md': '# Introduction\n\nWelcome.\n',
      'docs/guide.md': '# Guide\n\n## Install\n\nRun the installer on the gateway.\n',
    },
    { themeConfig: { navbar: { items: [{ type: 'search', position: 'right' }] } } },
  );
  dev = await startDevServer({ configFile: site.configFile, port: 0, host: '127.0.0.1', persist: false, log: () => undefined });
  await dev.ready;
  browser = await launchBrowser();
  tabs = new Tabs(browser, { coldCache: true });
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await browser?.close();
  await dev?.close();
  fs.rmSync(site.dir, { recursive: true, force: true });
});

/** The first result's link for a query typed in the bar of a freshly loaded page, or undefined. */
async function firstResult(query: string): Promise<string | undefined> {
  const { page, errors, release } = await tabs.open(new URL('/docs/intro', dev.url).href, {}, { waitUntil: 'networkidle' });
  await page.focus('.search-input');
  await page.keyboard.type(query);
  // The list is busy until it shows the whole query's results (not a partial query's).
  await page.waitForSelector(SETTLED_BAR_LIST);
  const href = (await page.$('.search-result')) ? await page.getAttribute('.search-result >> nth=0', 'href') : undefined;
  expect(errors.filter((e) => !e.includes('/__sitegen/events'))).toEqual([]);
  await release();
  return href ?? undefined;
}

describe('search in sitegen dev', () => {
  it('finds pages, and finds what an edit added', async () => {
    expect(await firstResult('installer')).toMatch(/^\/docs\/guide\?_highlight=instal/);
    expect(await firstResult('zeppelin')).toBeUndefined();
    fs.writeFileSync(path.join(site.dir, 'docs/guide.md'), '# Guide\n\n## Install\n\nRun the installer on the gateway.\n\n## Zeppelin\n\nA zeppelin mode.\n');
    await expect.poll(() => firstResult('zeppelin'), { timeout: 20_000, interval: 500 }).toMatch(/^\/docs\/guide\?_highlight=zeppelin.*#zeppelin$/);
  });
});
