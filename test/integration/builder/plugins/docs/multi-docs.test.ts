import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, type MemoryBuild } from '../../../../helpers/buildFixture.js';
import { makeSite, buildSite, buildError, pagePayload } from '../../../../helpers/site.js';
import { cliBuild } from '../../../../helpers/cliBuild.js';
import { repoRoot } from '../../../../helpers/paths.js';
import { readSearchIndex } from '../../../../helpers/search.js';
import { createEngine, searchDocs } from '../../../../../src/shared/search/engine.js';
import { rankResults } from '../../../../../src/shared/search/rank.js';
import { loadConfig } from '../../../../../src/builder/config/loadConfig.js';
import { writeTranslations } from '../../../../../src/tools/i18n/writeTranslations.js';
import { docsPlugin } from '../../../../../src/builder/plugins/docs/index.js';
import type { PagePayload, DocPageData, SidebarItem } from '../../../../../src/shared/types.js';

// Several docs instances (test/fixtures/multi-docs-site): the preset-style `docs` ('default', at
// /guide) and a `plugins` entry ('community', at /community), as a docusaurus.config.js declares
// them. Each instance has its own routes, sidebar, prev/next, translations folder and relative links;
// navbar items reach an instance through docsPluginId; search, sitemap and the docs hooks see both.

const fixture = path.join(repoRoot, 'test/fixtures/multi-docs-site');
let built: MemoryBuild;

beforeAll(async () => {
  built = await buildInMemory(path.join(fixture, 'site.config.ts'));
}, 120_000);

const payload = (rel: string): PagePayload => {
  const html = built.sink.read(rel);
  if (html === undefined) throw new Error(`no ${rel}`);
  return pagePayload(html);
};
const doc = (rel: string) => payload(rel).page.content as DocPageData;
/** The whole sidebar of a page (the inline one leaves out the items of closed categories). */
const sidebarIn = (b: MemoryBuild, rel: string): SidebarItem[] => JSON.parse(b.sink.read(pagePayload(b.sink.read(rel)!).sidebarUrl!.slice(1))!) as SidebarItem[];
const sidebarOf = (rel: string): SidebarItem[] => sidebarIn(built, rel);
const labels = (items: SidebarItem[]): unknown[] => items.map((i) => (i.type === 'category' ? { [i.label]: labels(i.items) } : i.type === 'html' ? i.value : `${i.label} ${i.href}`));

describe('two docs instances', () => {
  it('plans the routes of both, in both locales, each route with its plugin id', () => {
    const routes = built.result.site.locales.flatMap((l) => l.routes.filter((r) => r.type === 'doc').map((r) => `${(r.data as { pluginId: string }).pluginId} ${r.path}`));
    expect(routes.sort()).toEqual([
      'community /community/conduct',
      'community /community/events/meetups',
      'community /community/start',
      'community /zh-Hans/community/conduct',
      'community /zh-Hans/community/events/meetups',
      'community /zh-Hans/community/start',
      'default /guide/setup',
      'default /guide/start',
      'default /guide/tuning/brightness',
      'default /zh-Hans/guide/setup',
      'default /zh-Hans/guide/start',
      'default /zh-Hans/guide/tuning/brightness',
    ]);
    expect(built.result.warnings).toEqual([]);
  });

  it("gives each page its own instance's sidebar, and names the instance in the payload (not for 'default')", () => {
    const guide = payload('guide/setup/index.html');
    expect(labels(sidebarOf('guide/setup/index.html'))).toEqual([
      'Getting started with Lantern /guide/start',
      'Setting up the beacon /guide/setup',
      { Tuning: ['Brightness curves /guide/tuning/brightness'] },
    ]);
    expect(guide.page.content).not.toHaveProperty('pluginId');
    expect(guide.sidebarUrl).toMatch(/^\/assets\/data\/sidebar-en-docs-guideSidebar\.\w+\.json$/);

    const community = payload('community/conduct/index.html');
    expect(labels(sidebarOf('community/conduct/index.html'))).toEqual([
      'Welcome, neighbours /community/start',
      'Code of conduct /community/conduct',
      { Events: ['Monthly meetups /community/events/meetups'] },
    ]);
    expect((community.page.content as DocPageData).pluginId).toBe('community');
    expect((community.page.content as DocPageData).sidebarId).toBe('communitySidebar');
    expect(community.sidebarUrl).toMatch(/^\/assets\/data\/sidebar-en-docs-community-communitySidebar\.\w+\.json$/);
  });

  it('keeps previous/next inside the instance', () => {
    expect(doc('guide/tuning/brightness/index.html')).toMatchObject({ previous: { permalink: '/guide/setup' } });
    expect(doc('guide/tuning/brightness/index.html').next).toBeUndefined();
    expect(doc('community/start/index.html').previous).toBeUndefined();
    expect(doc('community/start/index.html').next).toEqual({ title: 'Code of conduct', permalink: '/community/conduct' });
    expect(doc('community/conduct/index.html').next).toEqual({ title: 'Monthly meetups', permalink: '/community/events/meetups' });
  });

  it('resolves a relative ./start.md link within its own instance (both instances have a start.md)', () => {
    const body = (rel: string) => /<article>(.*?)<\/article>/s.exec(built.sink.read(rel)!)![1];
    expect(body('guide/setup/index.html')).toContain('href="/guide/start"');
    expect(body('community/conduct/index.html')).toContain('href="/community/start"');
    expect(body('community/conduct/index.html')).not.toContain('/guide/');
    expect(body('zh-Hans/community/start/index.html')).toContain('href="/zh-Hans/community/conduct"');
  });

  it("reads the second instance's translations from i18n/<locale>/docusaurus-plugin-content-docs-community/", () => {
    const zh = payload('zh-Hans/community/conduct/index.html');
    expect(labels(sidebarOf('zh-Hans/community/conduct/index.html'))).toEqual([
      '欢迎，邻居们 /zh-Hans/community/start',
      'Code of conduct /zh-Hans/community/conduct',
      { 活动: ['Monthly meetups /zh-Hans/community/events/meetups'] },
    ]);
    expect(doc('zh-Hans/community/start/index.html').title).toBe('欢迎，邻居们');
    // The default instance's own current.json: its category label only.
    expect(labels(sidebarOf('zh-Hans/guide/start/index.html'))).toContainEqual({ 调校: ['Brightness curves /zh-Hans/guide/tuning/brightness'] });
  });

  it('links navbar items into the instance their docsPluginId names', () => {
    const items = (rel: string) =>
      payload(rel)
        .chrome.navbarItems.filter((i) => i.kind === 'link')
        .map((i) => (i.kind === 'link' ? `${i.label} ${i.href} ${i.activeBasePath}` : ''));
    expect(items('guide/start/index.html')).toEqual([
      'Guide /guide/start /guide/',
      'Community /community/start /community/',
      'Meetups /community/events/meetups /community/',
      'Next /community/start /community/',
    ]);
    expect(items('zh-Hans/guide/start/index.html')).toEqual([
      'Guide /zh-Hans/guide/start /zh-Hans/guide/',
      'Community /zh-Hans/community/start /zh-Hans/community/',
      'Meetups /zh-Hans/community/events/meetups /zh-Hans/community/',
      '社区版 /zh-Hans/community/start /zh-Hans/community/',
    ]);
  });

  it('indexes the pages of both instances for search, and lists them in the sitemap', () => {
    for (const locale of built.result.site.locales) {
      const index = readSearchIndex((p) => built.sink.read(p), locale.chrome.search!.indexUrl);
      const base = locale.info.baseUrl;
      expect(index.pages.map((p) => p.u).sort()).toEqual(
        ['community/conduct', 'community/events/meetups', 'community/start', 'guide/setup', 'guide/start', 'guide/tuning/brightness'].map((u) => `${base}${u}`),
      );
    }
    const sitemap = built.sink.read('sitemap.xml')!;
    for (const u of ['/guide/tuning/brightness', '/community/events/meetups', '/zh-Hans/community/start']) expect(sitemap).toContain(`<loc>https://lantern.example${u}</loc>`);
  });

  it("leads search hits to the right instance's page", async () => {
    const chrome = built.result.site.locales[0].chrome;
    const engine = createEngine(
      readSearchIndex((p) => built.sink.read(p), chrome.search!.indexUrl),
      async (rel) => JSON.parse(built.sink.read(`assets/search/${rel}`)!),
    );
    const first = async (q: string) => rankResults(engine, await searchDocs(engine, q, { enough: 8 }), {})[0]?.u;
    expect(await first('firefly evenings')).toBe('/community/events/meetups');
    expect(await first('amber glow')).toBe('/guide/setup');
    expect(await first('neighbours')).toBe('/community/start');
  });

  it('tells React pages about the instances through the docs client hooks', () => {
    const main = (rel: string) => /<main class="container">(.*?)<\/main>/s.exec(built.sink.read(rel)!)![1].replaceAll('<!-- -->', '');
    expect(main('where/index.html')).toBe('<ul class="instances"><li>default at /guide</li><li>community at /community</li></ul><p class="active">active: none</p>');
    expect(main('community/about/index.html')).toBe('<p class="active">active: community</p><p class="guide">guide at /guide</p>');
    expect(main('zh-Hans/community/about/index.html')).toBe('<p class="active">active: community</p><p class="guide">guide at /zh-Hans/guide</p>');
    expect(payload('where/index.html').chrome.docsPlugins).toEqual([
      { id: 'default', path: '/guide' },
      { id: 'community', path: '/community' },
    ]);
  });

  it('write-translations writes a current.json per instance', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-multi-docs-'));
    fs.cpSync(fixture, dir, { recursive: true });
    const { config, siteDir } = await loadConfig({ configFile: path.join(dir, 'site.config.ts') });
    writeTranslations({ config, siteDir, locale: 'zh-Hans' });
    const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(dir, 'i18n/zh-Hans', rel), 'utf8'));
    expect(read('docusaurus-plugin-content-docs-community/current.json')).toEqual({
      'version.label': { message: '社区版', description: 'The label for version current' },
      'sidebar.communitySidebar.category.Events': { message: '活动', description: 'The label for category Events in sidebar communitySidebar' },
      // The keys of site.sidebars.config.ts's sidebars file, in the same folder: existing messages are kept.
      'sidebar.eventsSidebar.category.Gatherings': { message: '聚会', description: 'The label for category Gatherings in sidebar eventsSidebar' },
      'sidebar.eventsSidebar.category.Gatherings.link.generated-index.title': {
        message: '所有聚会',
        description: 'The generated-index page title for category Gatherings in sidebar eventsSidebar',
      },
    });
    expect(read('docusaurus-plugin-content-docs/current.json')).toEqual({
      'sidebar.guideSidebar.category.Tuning': { message: '调校', description: 'The label for category Tuning in sidebar guideSidebar' },
      'version.label': { message: 'Next', description: 'The label for version current' },
    });
  });
});

describe('a second instance with its own sidebars file (site.sidebars.config.ts)', () => {
  // 'community' reads sidebarsCommunity.js, whose first sidebar is named 'guideSidebar' like the
  // default instance's generated one: pages, navbar items and translation keys must keep them apart.
  let sb: MemoryBuild;
  const sbPayload = (rel: string): PagePayload => pagePayload(sb.sink.read(rel)!);
  const content = (rel: string) => sbPayload(rel).page.content as DocPageData & { cards?: { label: string; href: string }[] };
  /** The navbar links the server drew active on a page. */
  const activeNav = (rel: string) => [...sb.sink.read(rel)!.matchAll(/<a [^>]*class="navbar__item navbar__link navbar__link--active"[^>]*>([^<]*)/g)].map((m) => m[1]);
  beforeAll(async () => {
    sb = await buildInMemory(path.join(fixture, 'site.sidebars.config.ts'));
  }, 120_000);

  it("gives the instance's pages its file's sidebars, and the default instance's pages their own sidebar of the same id", () => {
    expect(sb.result.warnings).toEqual([]);
    const community = sbPayload('community/conduct/index.html');
    expect(labels(sidebarIn(sb, 'community/conduct/index.html'))).toEqual(['Welcome, neighbours /community/start', 'Code of conduct /community/conduct', 'Forum https://forum.lantern.example']);
    expect(community.page.content).toMatchObject({ pluginId: 'community', sidebarId: 'guideSidebar' });
    expect(community.sidebarUrl).toMatch(/^\/assets\/data\/sidebar-en-docs-community-guideSidebar\.\w+\.json$/);
    const guide = sbPayload('guide/start/index.html');
    expect(guide.page.content).toMatchObject({ sidebarId: 'guideSidebar' });
    expect((guide.page.content as DocPageData).pluginId).toBeUndefined();
    expect(guide.sidebarUrl).toMatch(/^\/assets\/data\/sidebar-en-docs-guideSidebar\.\w+\.json$/);
    expect(labels(sidebarIn(sb, 'guide/start/index.html'))).toContain('Getting started with Lantern /guide/start');
    expect(content('community/events/meetups/index.html').sidebarId).toBe('eventsSidebar');
  });

  it('plans the generated index with its plugin id, and links it into previous/next of its sidebar', () => {
    const indexes = sb.result.site.locales.flatMap((l) => l.routes.flatMap((r) => (r.type === 'docCategoryIndex' ? [`${(r.data as { pluginId: string }).pluginId} ${r.path}`] : [])));
    expect(indexes).toEqual(['community /community/category/gatherings', 'community /zh-Hans/community/category/gatherings']);
    const index = content('community/category/gatherings/index.html');
    expect(index).toMatchObject({
      kind: 'docCategoryIndex',
      pluginId: 'community',
      sidebarId: 'eventsSidebar',
      title: 'Every gathering',
      next: { title: 'Monthly meetups', permalink: '/community/events/meetups' },
    });
    expect(index.cards!.map((c) => `${c.label} ${c.href}`)).toEqual(['Monthly meetups /community/events/meetups']);
    expect(content('community/events/meetups/index.html').previous).toEqual({ title: 'Gatherings', permalink: '/community/category/gatherings' });
    expect(content('community/start/index.html').next).toEqual({ title: 'Code of conduct', permalink: '/community/conduct' });
  });

  it('resolves docSidebar and doc navbar items in the instance their docsPluginId names, active on that instance only', () => {
    const items = sbPayload('guide/start/index.html').chrome.navbarItems.map((i) => (i.kind === 'link' ? `${i.label} ${i.href}` : ''));
    expect(items).toEqual(['Guide /guide/start', 'Circle /community/start', 'Gatherings /community/category/gatherings', 'Rules /community/conduct']);
    // 'Circle' names the community's 'guideSidebar': not active on the default instance's sidebar of that id.
    expect(activeNav('guide/start/index.html')).toEqual(['Guide']);
    expect(activeNav('community/start/index.html')).toEqual(['Circle', 'Rules']);
    expect(activeNav('community/events/meetups/index.html')).toEqual(['Gatherings']);
    expect(activeNav('community/category/gatherings/index.html')).toEqual(['Gatherings']);
    expect(activeNav('zh-Hans/community/events/meetups/index.html')).toEqual(['Gatherings']);
  });

  it("translates the file's sidebar labels and index title from the instance's own current.json", () => {
    const zh = sbPayload('zh-Hans/community/events/meetups/index.html');
    expect(labels(sidebarIn(sb, 'zh-Hans/community/events/meetups/index.html'))).toEqual([{ 聚会: ['Monthly meetups /zh-Hans/community/events/meetups'] }]);
    expect(content('zh-Hans/community/category/gatherings/index.html').title).toBe('所有聚会');
  });

  it("writes the sidebars file's keys into the instance's current.json, and watches the file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-multi-docs-'));
    fs.cpSync(fixture, dir, { recursive: true });
    const { config, siteDir } = await loadConfig({ configFile: path.join(dir, 'site.sidebars.config.ts') });
    writeTranslations({ config, siteDir, locale: 'zh-Hans' });
    const community = JSON.parse(fs.readFileSync(path.join(dir, 'i18n/zh-Hans/docusaurus-plugin-content-docs-community/current.json'), 'utf8')) as Record<string, { message: string }>;
    expect(community['sidebar.eventsSidebar.category.Gatherings'].message).toBe('聚会');
    expect(community['sidebar.eventsSidebar.category.Gatherings.link.generated-index.description'].message).toBe('Where the circle meets.');
    expect(community['sidebar.guideSidebar.link.Forum'].message).toBe('Forum');
    const guide = JSON.parse(fs.readFileSync(path.join(dir, 'i18n/zh-Hans/docusaurus-plugin-content-docs/current.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(guide).filter((k) => k.startsWith('sidebar.'))).toEqual(['sidebar.guideSidebar.category.Tuning']);
    expect(docsPlugin.watchPaths!({ config, siteDir })).toEqual([
      ...['docs', 'versions.json', 'versioned_docs', 'versioned_sidebars'].map((f) => path.join(siteDir, f)),
      ...['community', 'sidebarsCommunity.js', 'community_versions.json', 'community_versioned_docs', 'community_versioned_sidebars'].map((f) => path.join(siteDir, f)),
    ]);
  });

  it("builds each instance's own versions (community_versions.json), unless that instance disables versioning", async () => {
    const files = { 'docs/a.md': '# A\n', 'community/b.md': '# B\n', 'community_versions.json': '["1.0"]\n', 'community_versioned_docs/version-1.0/b.md': '# B one\n' };
    const instances = (disable: boolean) => ({ docs: [{ path: 'docs' }, { id: 'community', path: 'community', routeBasePath: 'community', disableVersioning: disable }] });
    const docRoutes = (r: Awaited<ReturnType<typeof buildSite>>) => r.result.site.locales[0].routes.filter((x) => x.type === 'doc').map((x) => x.path);
    const versioned = await buildSite(makeSite(files, instances(false)).configFile);
    expect(docRoutes(versioned)).toEqual(['/docs/a', '/community/next/b', '/community/b']);
    expect(versioned.sink.read('community/b/index.html')).toContain('B one');
    const unversioned = await buildSite(makeSite(files, instances(true)).configFile);
    expect(docRoutes(unversioned)).toEqual(['/docs/a', '/community/b']);
  });
});

describe('declaring docs instances', () => {
  const files = { 'docs/a.md': '# A\n', 'community/b.md': '# B\n' };

  it('takes `docs` as a list of instances', async () => {
    const { configFile } = makeSite(files, { docs: [{ path: 'docs' }, { id: 'community', path: 'community', routeBasePath: 'community' }] });
    const { result } = await buildSite(configFile);
    expect(result.site.locales[0].routes.filter((r) => r.type === 'doc').map((r) => r.path)).toEqual(['/docs/a', '/community/b']);
  });

  const twoInstances = { docs: [{ path: 'docs' }, { id: 'community', path: 'community', routeBasePath: 'community' }], onBrokenMarkdownLinks: 'throw' };

  it("resolves a relative link in the doc's own instance only: ./b.md of community does not reach docs/b.md", async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '# A\n\n[b](./b.md)\n', 'docs/b.md': '# B\n', 'community/a.md': '# A\n\n[b](./b.md)\n' }, twoInstances);
    const e = await buildError(configFile);
    expect(e.problems).toEqual([expect.objectContaining({ message: 'Broken markdown link: "./b.md" does not point at a doc or post of this site', file: path.join(dir, 'community/a.md'), line: 3 })]);
  });

  it('checks the links of every instance', async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '# A\n\n[ok](/community/a)\n', 'community/a.md': '# A\n\n[gone](/community/gone)\n' }, twoInstances);
    const e = await buildError(configFile);
    expect(e.problems).toEqual([expect.objectContaining({ message: '→ /community/gone', file: path.join(dir, 'community/a.md'), line: 3 })]);
  });

  const problemOf = async (config: Record<string, unknown>, extra: Record<string, string> = {}) => {
    const { configFile } = makeSite({ ...files, ...extra }, config);
    return (await buildError(configFile)).problems!;
  };

  it('rejects two instances with the same id, naming both places', async () => {
    const [p] = await problemOf({ docs: { path: 'docs' }, plugins: [['@docusaurus/plugin-content-docs', { path: 'community', routeBasePath: 'community' }]] });
    expect(p.message).toBe('plugins[0][1].id: docs instance id "default" is already used by docs: give each docs instance its own `id` (one of them may keep "default")');
  });

  it('rejects two instances at the same routeBasePath', async () => {
    const [p] = await problemOf({ docs: [{ path: 'docs' }, { id: 'community', path: 'community', routeBasePath: '/docs/' }] });
    expect(p.message).toBe('docs[1].routeBasePath: routeBasePath "/docs/" is already served by the docs instance of docs[0]: give each docs instance its own routeBasePath');
  });

  it("rejects a doc whose url lies inside another instance's routeBasePath, at the doc", async () => {
    const { dir, configFile } = makeSite(
      { 'docs/a.md': '# A\n', 'docs/moved.md': '---\ntitle: Moved\nslug: /community/b\n---\n# Moved\n', 'community/b.md': '# B\n' },
      {
        docs: [
          { path: 'docs', routeBasePath: '/' },
          { id: 'community', path: 'community', routeBasePath: 'community' },
        ],
      },
    );
    const e = await buildError(configFile);
    expect(e.problems).toContainEqual(
      expect.objectContaining({
        message: 'The doc "moved" of docs instance "default" has the url /community/b, inside /community, where docs instance "community" serves its pages',
        file: path.join(dir, 'docs/moved.md'),
        line: 3,
      }),
    );
  });

  // Any other plugin entry is a Docusaurus plugin the build runs or refuses (plugins/docusaurus/, issue 40;
  // ideal-image's refusal is in real-plugins.test.ts): the config's check leaves it to that stage.
  it('rejects wrong options of a docs plugin entry at their place, next to another plugin', async () => {
    const problems = await problemOf({
      plugins: ['@docusaurus/plugin-ideal-image', ['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community', sidebarPaht: './s.js' }]],
    });
    expect(problems.map((p) => p.message)).toEqual(['plugins[1][1].sidebarPaht: unknown key "sidebarPaht"']);
  });

  it('rejects a navbar item naming an instance that does not exist', async () => {
    const e = await buildError(makeSite(files, { themeConfig: { navbar: { items: [{ type: 'doc', docId: 'a', docsPluginId: 'comunity' }] } } }).configFile);
    expect(e.message).toMatch(/^Navbar item of type "doc" names docs instance "comunity", which does not exist\n/);
    expect(e.problems![0].hint).toBe('Set docsPluginId to the id of one of the docs instances: "default".');
  });

  it('exits 1 with the config file and line of a duplicate id', async () => {
    const { dir } = makeSite(files);
    fs.writeFileSync(
      path.join(dir, 'site.config.ts'),
      `export default {\n  title: 'T',\n  url: 'https://example.com',\n  docs: [\n    { path: 'docs' },\n    { path: 'community', routeBasePath: 'community' },\n  ],\n};\n`,
    );
    const run = await cliBuild(path.join(dir, 'site.config.ts'), { outDir: path.join(dir, 'out') });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('docs[1].id: docs instance id "default" is already used by docs[0]');
    expect(run.stderr).toContain(`${path.join(dir, 'site.config.ts')}:4: docs[1].id`);
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
  });
});

describe('the docs client hooks fail with the spec texts', () => {
  const page = (body: string) => `import { useActivePlugin, useDocsData } from '@docusaurus/plugin-content-docs/client';\nexport default function P() {\n  ${body}\n  return <p>x</p>;\n}\n`;

  it("Can't find active docs plugin for pathname, outside every instance with failfast", async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '# A\n', 'src/pages/outside.tsx': page('useActivePlugin({ failfast: true });') });
    const e = await buildError(configFile);
    expect(e.problems!.map((p) => p.message)).toEqual([
      `/outside: Can't find active docs plugin for pathname "/outside". It is not inside any docs instance's path (/docs): use this on a docs page, or pass { failfast: false }. (${path.join(dir, 'src/pages/outside.tsx')})`,
    ]);
  });

  it('docs plugin not enabled, for an instance id the site does not have or a site without docs', async () => {
    const missing = await buildError(makeSite({ 'docs/a.md': '# A\n', 'src/pages/p.tsx': page("useDocsData('community');") }).configFile);
    expect(missing.problems![0].message).toMatch(/^\/p: Unexpected: docs plugin not enabled with id "community"\. The site's docs instances are: "default"\. \(/);
    const none = await buildError(makeSite({ 'src/pages/p.tsx': page('useActivePlugin({ failfast: true });') }, { docs: false }).configFile);
    expect(none.problems![0].message).toMatch(/^\/p: Unexpected: docs plugin not enabled\. The site has no docs \(docs: false in its config\)\. \(/);
  });
});
