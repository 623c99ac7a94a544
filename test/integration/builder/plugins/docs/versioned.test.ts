import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, type MemoryBuild } from '../../../../helpers/buildFixture.js';
import { makeSite, buildSite, buildError, pagePayload } from '../../../../helpers/site.js';
import { repoRoot } from '../../../../helpers/paths.js';
import type { PagePayload, DocPageData, SidebarItem } from '../../../../../src/shared/types.js';
import type { ResolvedNavbarItem } from '../../../../../src/shared/navbar.js';

// Versioned docs as Docusaurus lays them out (test/fixtures/versioned-site): versions.json,
// versioned_docs/version-<name>/, versioned_sidebars/, translations per version. Routes, each page's
// version data and its urls in the other versions, per-version sidebars, translations with fallback,
// the chrome's version list and the navbar items' per-version targets; the versioning options.

const fixture = path.join(repoRoot, 'test/fixtures/versioned-site');
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
const sidebarOf = (rel: string): SidebarItem[] => JSON.parse(built.sink.read(payload(rel).sidebarUrl!.slice(1))!) as SidebarItem[];
const labels = (items: SidebarItem[]): unknown[] => items.map((i) => (i.type === 'category' ? { [i.label]: labels(i.items) } : i.type === 'html' ? i.value : `${i.label} ${i.href}`));
const docRoutes = (b: { result: MemoryBuild['result'] }, locale = 0) => b.result.site.locales[locale].routes.filter((r) => r.type === 'doc').map((r) => r.path);

describe('three versions: current (Next), 2.0 (last) and 1.0', () => {
  it('serves the last release at the docs root, current at next/ and the older one under its name, in both locales', () => {
    expect(docRoutes(built)).toEqual([
      '/docs/next/calibrate',
      '/docs/next/install',
      '/docs/next/',
      '/docs/next/reference/api',
      '/docs/next/reference/cli',
      '/docs/install',
      '/docs/',
      '/docs/reference/api',
      '/docs/reference/cli',
      '/docs/1.0/install',
      '/docs/1.0/intro',
      '/docs/1.0/wiring',
    ]);
    expect(docRoutes(built, 1)).toEqual(docRoutes(built).map((p) => `/zh-Hans${p}`));
    expect(built.sink.read('docs/install/index.html')).toContain('four M8 anchors');
    expect(built.sink.read('docs/next/install/index.html')).toContain('four M10 anchors');
    expect(built.sink.read('docs/1.0/install/index.html')).toContain('two steel bands');
  });

  it("gives each page its version: name, label, last or not, the banner and the badge, Docusaurus's defaults", () => {
    expect(doc('docs/next/install/index.html').version).toEqual({ name: 'current', label: 'Next', isLast: false, banner: 'unreleased', badge: true, className: 'docs-version-current' });
    expect(doc('docs/install/index.html').version).toEqual({ name: '2.0', label: '2.0', isLast: true, badge: true, className: 'docs-version-2.0' });
    expect(doc('docs/1.0/install/index.html').version).toEqual({ name: '1.0', label: '1.0', isLast: false, banner: 'unmaintained', badge: true, className: 'docs-version-1.0' });
  });

  it('links each doc to the same doc in the other versions that have it (by id), and only those', () => {
    expect(doc('docs/install/index.html').alternateDocVersions).toEqual({ current: '/docs/next/install', '1.0': '/docs/1.0/install' });
    expect(doc('docs/next/calibrate/index.html').alternateDocVersions).toEqual({});
    expect(doc('docs/1.0/wiring/index.html').alternateDocVersions).toEqual({});
    // intro is the root doc (slug /) in current and 2.0, a plain doc in 1.0: same id, so still the same doc.
    expect(doc('docs/1.0/intro/index.html').alternateDocVersions).toEqual({ current: '/docs/next/', '2.0': '/docs/' });
  });

  it("reads each version's own sidebars file, and a link in a version's doc resolves in that version", () => {
    expect(labels(sidebarOf('docs/next/install/index.html'))).toEqual([
      'Tidewater gauge /docs/next/',
      'Install the gauge /docs/next/install',
      'Calibrate the float /docs/next/calibrate',
      { Reference: ['Readings API /docs/next/reference/api', 'Command line /docs/next/reference/cli'] },
    ]);
    expect(labels(sidebarOf('docs/1.0/install/index.html'))).toEqual(['Tidewater gauge /docs/1.0/intro', 'Install the gauge /docs/1.0/install', { Hardware: ['Wiring the display /docs/1.0/wiring'] }]);
    expect(built.sink.read('docs/1.0/intro/index.html')).toMatch(/href="\/docs\/1\.0\/wiring"/);
    expect(built.sink.read('docs/index.html')).toMatch(/href="\/docs\/install"/);
    expect(built.sink.read('docs/next/index.html')).toMatch(/href="\/docs\/next\/calibrate"/);
    expect(doc('docs/1.0/intro/index.html').next).toEqual({ title: 'Install the gauge', permalink: '/docs/1.0/install' });
  });

  it('translates the version that has translations (its docs, label and category labels) and falls back to English for the rest', () => {
    const intro = doc('zh-Hans/docs/1.0/intro/index.html');
    expect(intro.title).toBe('潮位计');
    expect(intro.version.label).toBe('1.0 旧版');
    expect(built.sink.read('zh-Hans/docs/1.0/intro/index.html')).toMatch(/href="\/zh-Hans\/docs\/1\.0\/wiring"/);
    expect(doc('zh-Hans/docs/1.0/install/index.html').title).toBe('Install the gauge');
    expect(labels(sidebarOf('zh-Hans/docs/1.0/install/index.html'))[2]).toEqual({ 硬件: ['Wiring the display /zh-Hans/docs/1.0/wiring'] });
    expect(doc('zh-Hans/docs/install/index.html').version.label).toBe('2.0');
  });

  it('lists the versions in the chrome, newest first, with their paths and main docs, per locale', () => {
    const versions = (rel: string) => payload(rel).chrome.docsPlugins;
    expect(versions('docs/install/index.html')).toEqual([
      {
        id: 'default',
        path: '/docs',
        versions: [
          { name: 'current', label: 'Next', path: '/docs/next', mainDocUrl: '/docs/next/', isLast: false },
          { name: '2.0', label: '2.0', path: '/docs', mainDocUrl: '/docs/', isLast: true },
          { name: '1.0', label: '1.0', path: '/docs/1.0', mainDocUrl: '/docs/1.0/intro', isLast: false },
        ],
      },
    ]);
    expect(versions('zh-Hans/blog/index.html')![0].versions![2]).toEqual({ name: '1.0', label: '1.0 旧版', path: '/zh-Hans/docs/1.0', mainDocUrl: '/zh-Hans/docs/1.0/intro', isLast: false });
  });

  it('gives the navbar items their target in each version; the dropdown lists every version then the extra items', () => {
    const items = payload('blog/index.html').chrome.navbarItems;
    const link = (i: number) => items[i] as Extract<ResolvedNavbarItem, { kind: 'link' }>;
    expect(link(0)).toMatchObject({ label: 'Manual', href: '/docs/' });
    expect(link(0).versionTargets).toEqual({ pluginId: 'default', targets: { current: { href: '/docs/next/' }, '2.0': { href: '/docs/' }, '1.0': { href: '/docs/1.0/intro' } } });
    expect(link(1)).toMatchObject({ label: 'Install', href: '/docs/install' });
    expect(link(1).versionTargets!.targets).toEqual({
      current: { href: '/docs/next/install', label: 'Install' },
      '2.0': { href: '/docs/install', label: 'Install' },
      '1.0': { href: '/docs/1.0/install', label: 'Install' },
    });
    expect(link(2)).toMatchObject({ label: '2.0', href: '/docs/' });
    expect(link(2).versionTargets!.targets['1.0']).toEqual({ href: '/docs/1.0/intro', label: '1.0' });
    const dropdown = items[4] as Extract<ResolvedNavbarItem, { kind: 'dropdown' }>;
    expect(dropdown).toMatchObject({ kind: 'dropdown', role: 'version', label: '2.0', position: 'right' });
    expect(dropdown.items.map((i) => (i.kind === 'link' ? [i.label, i.href, i.versionName] : i.kind))).toEqual([
      ['Next', '/docs/next/', 'current'],
      ['2.0', '/docs/', '2.0'],
      ['1.0', '/docs/1.0/intro', '1.0'],
      ['All releases', 'https://tidewater.example/releases', undefined],
    ]);
  });

  it('writes one translation file per version with its label (write-translations)', async () => {
    const { docsPlugin } = await import('../../../../../src/builder/plugins/docs/index.js');
    const { loadConfig } = await import('../../../../../src/builder/config/loadConfig.js');
    const { config, siteDir } = await loadConfig({ configFile: path.join(fixture, 'site.config.ts') });
    const files = docsPlugin.translations!({ config, siteDir, locale: 'zh-Hans' });
    expect(files.map((f) => path.relative(siteDir, f.file))).toEqual(['current', 'version-2.0', 'version-1.0'].map((v) => path.join('i18n/zh-Hans/docusaurus-plugin-content-docs', `${v}.json`)));
    expect(files.map((f) => f.messages['version.label'].message)).toEqual(['Next', '2.0', '1.0']);
    expect(Object.keys(files[2].messages)).toContain('sidebar.manualSidebar.category.Hardware');
  });
});

describe('versioning options', () => {
  const files = {
    'docs/a.md': '# A next\n',
    'versions.json': '["2.0", "1.0"]\n',
    'versioned_docs/version-2.0/a.md': '# A two\n',
    'versioned_docs/version-1.0/a.md': '# A one\n',
  };
  const build = async (docs: Record<string, unknown>) => {
    const b = await buildSite(makeSite(files, { docs }).configFile);
    return {
      routes: docRoutes(b),
      version: (rel: string) => pagePayload(b.sink.read(rel)!).page.content as DocPageData,
    };
  };

  it('lastVersion: current puts the working copy at the root and the releases under their names', async () => {
    const b = await build({ lastVersion: 'current' });
    expect(b.routes).toEqual(['/docs/a', '/docs/2.0/a', '/docs/1.0/a']);
    expect(b.version('docs/2.0/a/index.html').version).toMatchObject({ name: '2.0', banner: 'unmaintained', isLast: false });
    expect(b.version('docs/a/index.html').version).toMatchObject({ name: 'current', label: 'Next', isLast: true });
  });

  it('includeCurrentVersion: false leaves the working copy out; onlyIncludeVersions keeps the listed ones', async () => {
    expect((await build({ includeCurrentVersion: false })).routes).toEqual(['/docs/a', '/docs/1.0/a']);
    expect((await build({ onlyIncludeVersions: ['current', '1.0'] })).routes).toEqual(['/docs/next/a', '/docs/a']);
  });

  it("versions: label, path, banner, badge and className override each version's defaults", async () => {
    const b = await build({ versions: { current: { label: 'Canary', path: 'canary', banner: 'none', badge: false }, '1.0': { label: 'Legacy', path: 'legacy', className: 'old' } } });
    expect(b.routes).toEqual(['/docs/canary/a', '/docs/a', '/docs/legacy/a']);
    expect(b.version('docs/canary/a/index.html').version).toEqual({ name: 'current', label: 'Canary', isLast: false, badge: false, className: 'docs-version-current' });
    expect(b.version('docs/legacy/a/index.html').version).toEqual({ name: '1.0', label: 'Legacy', isLast: false, banner: 'unmaintained', badge: true, className: 'old' });
  });

  it('a single version has no badge nor version list, as before', async () => {
    const b = await buildSite(makeSite({ 'docs/a.md': '# A\n' }).configFile);
    const content = pagePayload(b.sink.read('docs/a/index.html')!).page.content as DocPageData;
    expect(content.version).toEqual({ name: 'current', label: 'Next', isLast: true });
    expect(content.alternateDocVersions).toBeUndefined();
  });

  it("docsVersionDropdown's `versions` picks and relabels the versions it lists; an unknown name fails", async () => {
    const navbar = (versions: unknown) => ({ docs: {}, themeConfig: { navbar: { items: [{ type: 'docsVersionDropdown', versions }] } } });
    const b = await buildSite(makeSite(files, navbar({ '1.0': { label: 'Legacy' }, '2.0': {} })).configFile);
    const dropdown = b.result.site.locales[0].chrome.navbarItems[0] as Extract<ResolvedNavbarItem, { kind: 'dropdown' }>;
    expect(dropdown.items.map((i) => (i.kind === 'link' ? [i.label, i.href] : i.kind))).toEqual([
      ['Legacy', '/docs/1.0/a'],
      ['2.0', '/docs/a'],
    ]);
    const e = await buildError(makeSite(files, navbar(['2.0', '0.9'])).configFile);
    expect(e.message).toContain("No docs version exist for name '0.9', please verify your 'docsVersionDropdown' navbar item versions config.");
  });

  const available = 'Available version names are: current, 2.0, 1.0.';
  it.each([
    [{ lastVersion: '3.0' }, 'Docs option lastVersion: 3.0 is invalid.', available],
    [{ versions: { '3.0': { label: 'x' } } }, 'Invalid docs option "versions": unknown versions (3.0) found.', available],
    [{ onlyIncludeVersions: ['3.0'] }, 'Invalid docs option "onlyIncludeVersions": unknown versions (3.0) found.', available],
    [{ onlyIncludeVersions: [] }, 'Invalid docs option "onlyIncludeVersions": an empty array is not allowed, at least one version is needed.', available],
    [
      { onlyIncludeVersions: ['1.0'], lastVersion: '2.0' },
      'Invalid docs option "lastVersion": if you use both the "onlyIncludeVersions" and "lastVersion" options, then lastVersion must be present in the provided onlyIncludeVersions array.',
      'Add "2.0" to onlyIncludeVersions, or remove lastVersion.',
    ],
  ])("rejects %j with Docusaurus's message and a hint", async (docs, message, hint) => {
    const e = await buildError(makeSite(files, { docs }).configFile);
    expect(e.problems).toEqual([expect.objectContaining({ message, hint })]);
  });
});

describe('generated index pages across versions', () => {
  // As in a real versioned site whose autogenerated sidebar has a category with a generated index: the
  // version dropdown on that page leads to the same index (same slug) in the other versions, as on a doc.
  const category = JSON.stringify({ label: 'Guides', link: { type: 'generated-index' } });
  const autogenerated = JSON.stringify({ s: [{ type: 'autogenerated', dirName: '.' }] });
  let b: { result: MemoryBuild['result']; sink: MemoryBuild['sink'] };
  beforeAll(async () => {
    const { configFile } = makeSite(
      {
        'docs/intro.md': '# Intro\n',
        'docs/guides/_category_.json': category,
        'docs/guides/a.md': '# A\n',
        'versioned_docs/version-1.0/intro.md': '# Intro\n',
        'versioned_docs/version-1.0/guides/_category_.json': category,
        'versioned_docs/version-1.0/guides/a.md': '# A\n',
        'versioned_docs/version-0.9/intro.md': '# Intro\n',
        'versioned_sidebars/version-1.0-sidebars.json': autogenerated,
        'versioned_sidebars/version-0.9-sidebars.json': autogenerated,
        'versions.json': '["1.0", "0.9"]',
      },
      { docs: {}, themeConfig: { navbar: { items: [{ type: 'docsVersionDropdown' }] } } },
    );
    b = await buildSite(configFile);
  }, 60_000);
  const content = (rel: string) => pagePayload(b.sink.read(rel)!).page.content as Extract<PagePayload['page']['content'], { kind: 'docCategoryIndex' }>;
  const dropdownLinks = (rel: string) => [...b.sink.read(rel)!.matchAll(/<a href="([^"]*)" class="dropdown__link[^"]*"[^>]*>([^<]*)</g)].map((m) => [m[2], m[1]]);

  it('knows the index by its slug in each version that has it', () => {
    expect(content('docs/category/guides/index.html')).toMatchObject({ indexId: '/category/guides', alternateDocVersions: { current: '/docs/next/category/guides' } });
    expect(content('docs/next/category/guides/index.html').alternateDocVersions).toEqual({ '1.0': '/docs/category/guides' });
  });

  it("points the dropdown's toggle at the page itself, in the version it shows (Docusaurus: the same doc, else the main doc)", () => {
    const toggle = (rel: string) => /<a href="([^"]*)"[^>]*class="navbar__link[^"]*">([^<]*)</.exec(b.sink.read(rel)!)!.slice(1);
    expect(toggle('docs/next/guides/a/index.html')).toEqual(['/docs/next/guides/a', 'Next']);
    expect(toggle('docs/category/guides/index.html')).toEqual(['/docs/category/guides', '1.0']);
    expect(toggle('docs/0.9/intro/index.html')).toEqual(['/docs/0.9/intro', '0.9']);
  });

  it('links the version dropdown to the same index, else to the version’s main doc', () => {
    expect(dropdownLinks('docs/category/guides/index.html')).toEqual([
      ['Next', '/docs/next/category/guides'],
      ['1.0', '/docs/category/guides'],
      ['0.9', '/docs/0.9/intro'],
    ]);
  });
});
