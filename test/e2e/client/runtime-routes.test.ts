import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTab, hydrated, type OpenedPage } from '../../fixtures/runtime-site/harness.js';
import { startSharedSite, shifuConfig, type SharedSite } from '../../helpers/sharedBuild.js';
import { Tabs } from '../../helpers/tabs.js';

// Routes of the Shifu site (the repository's own site.config.ts) load in Chromium and hydrate with no
// console error and no hydration warning: in both locales every page that is not in a section (home,
// marketing pages, search), and in each section (docs, each blog) the first routes of each type in
// build order (docs, posts, list, tag and archive pages: every template the site has). Visiting all
// 250 routes took a third of the suite's time on CI for templates already covered.

/** Pages visited side by side: the machine has two cores, one of them for the browser. */
const TABS = 2;

let site: SharedSite;
/** The TABS tabs, handed on from the English routes to the Chinese ones (a new tab cost Chromium about
 *  0.6 s of CPU more than a load in one that had loaded the site; test/helpers/tabs.ts), outside hosts
 *  answered with an empty script. */
let tabs: Tabs;

beforeAll(async () => {
  site = await startSharedSite(shifuConfig);
  tabs = new Tabs(site.browser, { stubOutside: true });
  // Data saver on: viewport prefetches would only add requests to a check of first loads.
  await (await tabs.contextOf()).addInitScript(saveData);
}, 180_000);

afterAll(async () => {
  await tabs?.close();
  await site?.close();
});

/** Pages that go on to another address by design, and where they land. */
const MOVES_ON: [from: string, to: string][] = [['/book-demo/', '/bookDemo/']];

/** Routes per section (docs, each blog) and route type visited, by locale. */
const PER_SECTION: Record<string, number> = { en: 4, 'zh-Hans': 2 };

function routesOf(locale: string): string[] {
  const all = site.routes.filter((r) => r.locale === locale);
  const seen = new Map<string, number>();
  return all.flatMap(({ path: route, ...planned }) => {
    // '/docs/a/b' or '/zh-Hans/docs/a/b' → 'docs': the section a template serves.
    const parts = route
      .split('/')
      .filter(Boolean)
      .slice(locale === 'en' ? 0 : 1);
    if (parts.length < 2) return [route];
    // Per section and route type (a doc, a post, a list, a tag, an archive page...).
    const group = `${parts[0]} ${planned.type}`;
    const count = (seen.get(group) ?? 0) + 1;
    seen.set(group, count);
    return count <= PER_SECTION[locale]! ? [route] : [];
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
    let tab: (OpenedPage & { release(): Promise<void> }) | undefined;
    for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
      const errors = tab?.errors.length ?? 0;
      try {
        if (!tab) tab = await openTab(tabs, site, route);
        else {
          await tab.page.goto(site.server.url + route, { waitUntil: 'domcontentloaded' });
          await hydrated(tab.page);
        }
        // A page that moves on by itself once hydrated (/book-demo/ replaces itself with /bookDemo/,
        // see marketing.test.ts) is read where it lands: read before, its page went away under the
        // check, and the next route's navigation was cut short by the one still under way.
        const lands = MOVES_ON.find(([from]) => route.endsWith(from))?.[1];
        if (lands) {
          await tab.page.waitForURL((url) => url.pathname.endsWith(lands));
          await hydrated(tab.page);
        }
        const status = await tab.page.evaluate(() => document.getElementById('__SITEGEN_DATA__') !== null);
        if (!status) problems.push(`${route}: no page data in the HTML`);
      } catch (e) {
        problems.push(`${route}: ${(e as Error).message.split('\n')[0]}`);
      }
      for (const e of tab?.errors.slice(errors) ?? []) problems.push(`${route}: ${e}`);
    }
    await tab?.release();
  };
  await Promise.all(Array.from({ length: TABS }, worker));
  return problems;
}

describe('every route of the Shifu site', () => {
  for (const locale of ['en', 'zh-Hans']) {
    it(`hydrates ${locale} routes of every kind with no console error or hydration warning`, async () => {
      const routes = routesOf(locale);
      expect(routes.length).toBeGreaterThan(20);
      expect(await visitAll(routes)).toEqual([]);
    }, 300_000);
  }
});
