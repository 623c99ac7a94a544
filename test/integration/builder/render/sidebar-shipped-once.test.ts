// Sidebars shipped once (issue 43, item 3): a page's HTML draws the active branch and the open
// categories, its data refers to one content-hashed sidebar file per sidebar and locale, shared by all
// its pages, and a reader without scripts still reaches every doc from the docs root.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, makeSite, pagePayload } from '../../../helpers/site.js';
import type { MemorySink } from '../../../../src/builder/output/sink.js';
import type { PageDataFile } from '../../../../src/shared/types.js';

const doc = (title: string, position: number) => `---\ntitle: ${title}\nsidebar_position: ${position}\n---\n\n# ${title}\n\nText of ${title}.\n`;
const files: Record<string, string> = {
  'docs/intro.md': doc('Intro', 1),
  'docs/guide/_category_.json': JSON.stringify({ label: 'Guide', position: 2 }),
  'docs/guide/start.md': doc('Guide start', 1),
  'docs/guide/deep/_category_.json': JSON.stringify({ label: 'Deep', position: 2 }),
  'docs/guide/deep/deeper/_category_.json': JSON.stringify({ label: 'Deeper', position: 1 }),
  'docs/guide/deep/deeper/leaf.md': doc('Leaf', 1),
  'docs/guide/deep/deeper/sibling.md': doc('Leaf sibling', 2),
  'docs/guide/deep/other/_category_.json': JSON.stringify({ label: 'Other deep', position: 2 }),
  'docs/guide/deep/other/hidden-deep.md': doc('Hidden deep', 1),
  'docs/guide/deep/other/hidden-deeper.md': doc('Hidden deeper', 2),
  'docs/reference/_category_.json': JSON.stringify({ label: 'Reference', position: 3, link: { type: 'generated-index' } }),
  'docs/reference/api.md': doc('Reference API', 1),
  'docs/reference/cli.md': doc('Reference CLI', 2),
  'docs/open/_category_.json': JSON.stringify({ label: 'Open', position: 4, collapsed: false }),
  'docs/open/shown.md': doc('Open shown', 1),
  'docs/nolink/_category_.json': JSON.stringify({ label: 'No link', position: 5 }),
  'docs/nolink/first.md': doc('No link first', 1),
  'docs/nolink/second.md': doc('No link second', 2),
};
// A long folder: more items than one list first shows.
for (let i = 0; i < 130; i++) files[`docs/long/p${String(i).padStart(3, '0')}.md`] = doc(`Long ${i}`, i + 1);
files['docs/long/_category_.json'] = JSON.stringify({ label: 'Long', position: 6, collapsed: false });

let sink: MemorySink;
beforeAll(async () => {
  const { configFile } = makeSite(files, { docs: { path: 'docs' } });
  ({ sink } = await buildSite(configFile));
}, 60_000);

const html = (route: string) => sink.read(`${route.replace(/^\//, '')}/index.html`) ?? sink.read(`${route.replace(/^\//, '')}.html`);
const sidebarOf = (page: string) => /<aside class="theme-doc-sidebar-container">(.*?)<\/aside>/s.exec(page)?.[1] ?? '';

describe('a page draws the active branch, not the items of closed categories', () => {
  it('draws the path to the page and the open categories', () => {
    const side = sidebarOf(html('/docs/guide/deep/deeper/leaf')!);
    for (const href of ['/docs/intro', '/docs/guide/start', '/docs/guide/deep/deeper/leaf', '/docs/guide/deep/deeper/sibling', '/docs/open/shown']) expect(side).toContain(`href="${href}"`);
    // Closed categories: their label and link, not their items.
    expect(side).toContain('>Reference<');
    expect(side).toContain('href="/docs/category/reference"');
    expect(side).not.toContain('/docs/reference/api');
    expect(side).not.toContain('/docs/guide/deep/other/hidden-deeper');
    expect(side).not.toContain('/docs/nolink/second');
    // A closed category without a page links to its first doc.
    expect(side).toContain('href="/docs/nolink/first"');
  });

  it('draws at most a window of a long open list, around the page', () => {
    const side = sidebarOf(html('/docs/long/p120')!);
    expect(side).toContain('href="/docs/long/p120"');
    expect(side).toContain('href="/docs/long/p129"');
    expect(side).not.toContain('href="/docs/long/p000"');
  });
});

describe('the page data refers to one shared sidebar file', () => {
  it('has no whole sidebar, and every page names the same hashed file, written once', () => {
    const sidebarFiles = sink.paths().filter((p) => /^assets\/data\/sidebar-.*\.[0-9a-f]{10}\.json$/.test(p));
    expect(sidebarFiles).toHaveLength(1);
    const whole = sink.read(sidebarFiles[0])!;
    expect(whole).toContain('/docs/reference/api');
    const docPages = sink.paths().filter((p) => p.startsWith('docs/') && p.endsWith('__page.json'));
    expect(docPages.length).toBeGreaterThan(140);
    for (const p of docPages) {
      const data = JSON.parse(sink.read(p)!) as PageDataFile & { sidebar?: unknown };
      expect(data.sidebarUrl).toBe(`/${sidebarFiles[0]}`);
      expect(data.sidebar).toBeUndefined();
    }
    // The inline payload of the HTML carries only what the page drew.
    const payload = pagePayload(html('/docs/guide/deep/deeper/leaf')!);
    expect(payload.sidebarPruned).toBe(true);
    expect(JSON.stringify(payload.sidebar)).not.toContain('/docs/reference/api');
  });
});

describe('without scripts', () => {
  it('a crawl from the docs root reaches every doc page', () => {
    const docs = sink
      .paths()
      .filter((p) => p.startsWith('docs/') && p.endsWith('/index.html'))
      .map((p) => '/' + p.slice(0, -'/index.html'.length));
    const seen = new Set<string>();
    const queue = ['/docs/intro'];
    while (queue.length) {
      const route = queue.pop()!;
      if (seen.has(route)) continue;
      seen.add(route);
      const page = html(route);
      if (!page) continue;
      for (const m of page.matchAll(/href="(\/docs\/[^"#?]*)/g)) queue.push(m[1].replace(/\/$/, ''));
    }
    expect(docs.length).toBeGreaterThan(140);
    expect(docs.filter((d) => !seen.has(d))).toEqual([]);
  });
});
