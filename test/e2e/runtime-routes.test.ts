import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, openPage, hydrated, type Site, type OpenedPage } from '../fixtures/runtime-site/harness.js';
import { repoRoot } from '../helpers/paths.js';

// Every English route of the Shifu site (the repository's own site.config.ts) loads in Chromium and
// hydrates with no console error and no hydration warning; in Chinese, every page that is not a doc or
// a blog post, and the first few of each docs and blog section (the same templates as the English ones,
// which are all visited: visiting all of them again doubled the suite's longest test).

/** Pages visited side by side: the machine has two cores, one of them for the browser. */
const TABS = 2;

let site: Site;

beforeAll(async () => {
  site = await startSite({ configFile: path.join(repoRoot, 'site.config.ts') });
}, 180_000);

afterAll(async () => {
  await site?.close();
});

/** Docs and blog posts per section visited in a sampled locale. */
const PER_SECTION = 4;

function routesOf(locale: string, sample: boolean): string[] {
  const all = site.result.rendered.filter((r) => r.page.locale === locale).map((r) => r.route.path);
  if (!sample) return all;
  const seen = new Map<string, number>();
  return all.filter((route) => {
    // '/zh-Hans/docs/a/b' → 'docs': the section a template serves.
    const parts = route.split('/').filter(Boolean).slice(1);
    if (parts.length < 2) return true;
    const count = (seen.get(parts[0]!) ?? 0) + 1;
    seen.set(parts[0]!, count);
    return count <= PER_SECTION;
  });
}

function saveData(): void {
  Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });
}

/** Visits each route with a few reused tabs; returns the problems found, by route. */
async function visitAll(routes: string[]): Promise<string[]> {
  const problems: string[] = [];
  const queue = [...routes];
  const worker = async () => {
    let tab: OpenedPage | undefined;
    for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
      const errors = tab?.errors.length ?? 0;
      try {
        // Data saver on: viewport prefetches would only add requests to a check of first loads.
        if (!tab) tab = await openPage(site, route, { init: saveData });
        else {
          await tab.page.goto(site.server.url + route, { waitUntil: 'domcontentloaded' });
          await hydrated(tab.page);
        }
        const status = await tab.page.evaluate(() => document.getElementById('__SITEGEN_DATA__') !== null);
        if (!status) problems.push(`${route}: no page data in the HTML`);
      } catch (e) {
        problems.push(`${route}: ${(e as Error).message.split('\n')[0]}`);
      }
      for (const e of tab?.errors.slice(errors) ?? []) problems.push(`${route}: ${e}`);
    }
    await tab?.page.close();
  };
  await Promise.all(Array.from({ length: TABS }, worker));
  return problems;
}

describe('every route of the Shifu site', () => {
  for (const [locale, sample] of [
    ['en', false],
    ['zh-Hans', true],
  ] as const) {
    it(`hydrates ${sample ? 'a sample of the' : 'every'} ${locale} route${sample ? 's' : ''} with no console error or hydration warning`, async () => {
      const routes = routesOf(locale, sample);
      expect(routes.length).toBeGreaterThan(sample ? 20 : 100);
      expect(await visitAll(routes)).toEqual([]);
    }, 300_000);
  }
});
