import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { build } from '../../../src/builder/build.js';
import { makeSite } from '../../helpers/site.js';
import { launchBrowser, serveDir, type TestServer } from '../../helpers/browser.js';
import { Tabs } from '../../helpers/tabs.js';

// A doc's "Last updated" line (showLastUpdateTime, showLastUpdateAuthor) in Chromium: the date the
// server wrote is the one the browser draws (UTC, the locale's short form), so the page hydrates
// without a mismatch in both locales, the Chinese date included.

let browser: Browser;
let server: TestServer;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts), in a reader's time
 *  zone east of UTC. */
let tabs: Tabs;

beforeAll(async () => {
  const { dir, configFile } = makeSite(
    { 'docs/alpha.md': '# Alpha\n\nText.\n', 'i18n/zh-Hans/docusaurus-plugin-content-docs/current/alpha.md': '# 阿尔法\n\n文字。\n' },
    { i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] }, docs: { path: 'docs', showLastUpdateTime: true, showLastUpdateAuthor: true } },
  );
  // Late in the evening in UTC: a reader east of Greenwich is already on the next day.
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Grace Hopper',
    GIT_AUTHOR_EMAIL: 'g@example.com',
    GIT_COMMITTER_NAME: 'Grace Hopper',
    GIT_COMMITTER_EMAIL: 'g@example.com',
    GIT_AUTHOR_DATE: '2024-05-30T23:30:00Z',
    GIT_COMMITTER_DATE: '2024-05-30T23:30:00Z',
  };
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync('git', ['add', 'docs', 'i18n'], { cwd: dir, env });
  execFileSync('git', ['commit', '-q', '--no-gpg-sign', '-m', 'docs'], { cwd: dir, env });
  const outDir = path.join(dir, 'build');
  await build({ configFile, outDir });
  server = await serveDir(outDir);
  browser = await launchBrowser();
  tabs = new Tabs(browser, { timezoneId: 'Asia/Shanghai' });
}, 120_000);

afterAll(async () => {
  await tabs?.close();
  await browser?.close();
  await server?.close();
});

describe('the last update of a doc in the browser', () => {
  for (const [route, text] of [
    ['/docs/alpha', 'Last updated on May 30, 2024 by Grace Hopper'],
    ['/zh-Hans/docs/alpha', '最后由 Grace Hopper 于 2024年5月30日 更新'],
  ]) {
    it(`${route}: "${text}", hydrated without a mismatch in a reader's time zone east of UTC`, async () => {
      const { page, errors, blocked, release } = await tabs.open(server.url + route, {}, { waitUntil: 'networkidle' });
      expect((await page.locator('.last-updated').textContent())?.trim()).toBe(text);
      expect(await page.locator('.last-updated time').getAttribute('datetime')).toBe('2024-05-30T23:30:00.000Z');
      expect(errors).toEqual([]);
      expect(blocked).toEqual([]);
      await release();
    });
  }
});
