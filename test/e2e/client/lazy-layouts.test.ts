import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, mark, marked, type OpenedPage } from '../../fixtures/runtime-site/harness.js';
import { startSharedSite, shifuConfig, type SharedSite } from '../../helpers/sharedBuild.js';

// Layouts loaded on demand (src/theme/layouts/lazyLayouts.ts), on the Shifu site: a docs page never
// fetches the blog's layout; a client navigation to a blog list fetches it and shows the list without
// a page load, and going back shows the doc again.

let site: SharedSite;

beforeAll(async () => {
  site = await startSharedSite(shifuConfig);
}, 180_000);

afterAll(async () => {
  await site?.close();
});

/** The scripts a built page's HTML names (its module script and preloads). */
const named = (route: string) =>
  [...fs.readFileSync(path.join(site.outDir, route, 'index.html'), 'utf8').matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);

const fetchedScripts = (o: OpenedPage) =>
  o.page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith('.js')),
  );

describe('layouts loaded on demand', () => {
  it("a docs page loads none of the blog list's layout; a client navigation to the list loads it, and back shows the doc", async () => {
    const docs = named('docs/FAQs');
    const listLayout = named('technical-blogs').filter((s) => !docs.includes(s));
    expect(listLayout.length).toBeGreaterThan(0);
    const o = await openPage(site, '/docs/FAQs');
    for (const s of listLayout) expect(await fetchedScripts(o)).not.toContain(s);
    await mark(o.page);
    await o.page.locator('nav.navbar a[href="/technical-blogs"]').first().click();
    await o.page.waitForURL((u) => u.pathname === '/technical-blogs');
    await o.page.waitForSelector('.blog-post-item');
    expect(await marked(o.page)).toBe(true);
    const fetched = await fetchedScripts(o);
    for (const s of listLayout) expect(fetched).toContain(s);
    await o.page.goBack();
    await o.page.waitForURL((u) => u.pathname === '/docs/FAQs');
    await o.page.waitForSelector('.theme-doc-sidebar-container');
    expect(await marked(o.page)).toBe(true);
    expect(o.errors).toEqual([]);
    await o.page.close();
  });
});
