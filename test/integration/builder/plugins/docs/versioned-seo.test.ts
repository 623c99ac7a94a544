import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSite, buildError } from '../../../../helpers/site.js';
import { runCliInProcess } from '../../../../helpers/cliInProcess.js';
import { repoRoot } from '../../../../helpers/paths.js';
import { checkSiteLinks } from '../../../../../src/builder/pipeline/checkLinks.js';
import type { MemorySink } from '../../../../../src/builder/output/sink.js';
import type { BuildResult } from '../../../../../src/builder/build.js';
import type { DocPageData } from '../../../../../src/shared/types.js';

// Search engines and links on a versioned site (test/fixtures/versioned-site: Next at /docs/next/,
// 2.0 at /docs/, 1.0 at /docs/1.0/ with noIndex, Chinese for 1.0): every page is its own canonical,
// hreflang alternates stay in the page's version, the sitemap leaves out the noIndex version and
// unlisted pages, markdown links resolve inside the linking doc's version, and the link check knows
// every version's pages.

const fixture = path.join(repoRoot, 'test/fixtures/versioned-site');

/** A copy of the fixture with some files replaced or added, and the config's text edited. */
function variant(files: Record<string, string>, editConfig: (text: string) => string = (t) => t): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-versioned-'));
  fs.cpSync(fixture, dir, { recursive: true });
  const configFile = path.join(dir, 'site.config.ts');
  // The config's type import is relative to the fixture folder: point it at the repository's schema.
  const config = fs.readFileSync(configFile, 'utf8').replace(/from '[^']*config\/schema'/, `from ${JSON.stringify(path.join(repoRoot, 'src/builder/config/schema'))}`);
  fs.writeFileSync(configFile, editConfig(config));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const headLinks = (html: string) => [...html.matchAll(/<link rel="(?:canonical|alternate)"[^>]*>|<meta name="robots"[^>]*>/g)].map((m) => m[0]);
const sitemapLocs = (sink: MemorySink) => [...sink.read('sitemap.xml')!.matchAll(/<loc>https:\/\/tidewater\.example([^<]*)<\/loc>/g)].map((m) => m[1]);
const articleLinks = (html: string) => [...html.slice(html.indexOf('<article'), html.indexOf('</article>')).matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);
const docPage = (result: BuildResult, route: string) => result.rendered.find((r) => r.page.route === route)!.page.content as DocPageData;

describe('versioned docs: head and sitemap', () => {
  let sink: MemorySink;
  beforeAll(async () => {
    ({ sink } = await buildSite(path.join(fixture, 'site.config.ts')));
  });

  it('makes a version page its own canonical, with alternates in the same version of the other locale; the noIndex version is noindex', () => {
    expect(headLinks(sink.read('docs/1.0/install/index.html')!)).toEqual([
      '<link rel="canonical" href="https://tidewater.example/docs/1.0/install">',
      '<meta name="robots" content="noindex, nofollow">',
      '<link rel="alternate" href="https://tidewater.example/docs/1.0/install" hreflang="en">',
      '<link rel="alternate" href="https://tidewater.example/zh-Hans/docs/1.0/install" hreflang="zh-Hans">',
      '<link rel="alternate" href="https://tidewater.example/docs/1.0/install" hreflang="x-default">',
    ]);
    // The translated 1.0 page points back at the English 1.0 page, and is noindex too.
    expect(headLinks(sink.read('zh-Hans/docs/1.0/intro/index.html')!)).toEqual([
      '<link rel="canonical" href="https://tidewater.example/zh-Hans/docs/1.0/intro">',
      '<meta name="robots" content="noindex, nofollow">',
      '<link rel="alternate" href="https://tidewater.example/docs/1.0/intro" hreflang="en">',
      '<link rel="alternate" href="https://tidewater.example/zh-Hans/docs/1.0/intro" hreflang="zh-Hans">',
      '<link rel="alternate" href="https://tidewater.example/docs/1.0/intro" hreflang="x-default">',
    ]);
    // The other versions are indexed, each its own canonical.
    for (const [file, url] of [
      ['docs/next/install/index.html', '/docs/next/install'],
      ['docs/install/index.html', '/docs/install'],
    ]) {
      const html = sink.read(file)!;
      expect(html).toContain(`<link rel="canonical" href="https://tidewater.example${url}">`);
      expect(html).toContain('<meta name="robots" content="index, follow">');
      expect(html).toContain(`<link rel="alternate" href="https://tidewater.example/zh-Hans${url}" hreflang="zh-Hans">`);
    }
  });

  it("lists every version's pages in the sitemap but the noIndex version's, with their alternates", () => {
    const locs = sitemapLocs(sink);
    const docs = locs.filter((l) => l.includes('/docs/'));
    // 2.0: intro (at the docs root), install, reference/api, reference/cli; Next: those and calibrate; in both locales.
    const perLocale = [
      '/docs/',
      '/docs/install',
      '/docs/next/',
      '/docs/next/calibrate',
      '/docs/next/install',
      '/docs/next/reference/api',
      '/docs/next/reference/cli',
      '/docs/reference/api',
      '/docs/reference/cli',
    ];
    expect(docs.sort()).toEqual([...perLocale, ...perLocale.map((u) => `/zh-Hans${u}`)].sort());
    expect(locs.some((l) => l.includes('/1.0/'))).toBe(false);
    expect(sink.read('sitemap.xml')).toContain(
      '<url><loc>https://tidewater.example/docs/next/calibrate</loc><xhtml:link rel="alternate" hreflang="en" href="https://tidewater.example/docs/next/calibrate"/><xhtml:link rel="alternate" hreflang="zh-Hans" href="https://tidewater.example/zh-Hans/docs/next/calibrate"/></url>',
    );
    // The pages left out are still written.
    expect(sink.read('docs/1.0/wiring/index.html')).toBeDefined();
  });

  it("resolves a relative markdown link inside the linking doc's version, in each locale", () => {
    expect(articleLinks(sink.read('docs/1.0/intro/index.html')!)).toEqual(['/docs/1.0/wiring', '/docs/1.0/install']);
    expect(articleLinks(sink.read('zh-Hans/docs/1.0/intro/index.html')!)).toEqual(['/zh-Hans/docs/1.0/wiring', '/zh-Hans/docs/1.0/install']);
    expect(articleLinks(sink.read('docs/index.html')!)).toEqual(['/docs/install']);
    expect(articleLinks(sink.read('docs/next/index.html')!)).toEqual(['/docs/next/install', '/docs/next/calibrate']);
  });
});

describe('versioned docs: unlisted pages, translated slugs, edit links', () => {
  let sink: MemorySink;
  let result: BuildResult;
  beforeAll(async () => {
    const dir = variant(
      {
        'versioned_docs/version-2.0/field-notes.md': '---\nunlisted: true\n---\n# Field notes\n\nNotes from the pier trial, not for the public yet.\n',
        // A translation may choose its own url: the alternates follow the doc, not the path.
        'i18n/zh-Hans/docusaurus-plugin-content-docs/version-2.0/install.md': '---\nslug: /anzhuang\n---\n# 安装潮位计\n\n用四个 M8 锚栓把静水井固定在码头上。\n',
      },
      (text) => text.replace("versions: { '1.0': { noIndex: true } }", "versions: { '1.0': { noIndex: true } }, editUrl: 'https://git.example/tidewater/edit/main/'"),
    );
    ({ sink, result } = await buildSite(path.join(dir, 'site.config.ts')));
  });

  it('keeps an unlisted versioned doc out of the sitemap, noindex', () => {
    expect(sink.read('docs/field-notes/index.html')).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(sink.read('sitemap.xml')).not.toContain('field-notes');
    expect(sitemapLocs(sink)).toContain('/docs/install');
  });

  it("points each locale's alternate at the same doc of the same version there, wherever its url is", () => {
    const en = headLinks(sink.read('docs/install/index.html')!);
    expect(en).toContain('<link rel="alternate" href="https://tidewater.example/zh-Hans/docs/anzhuang" hreflang="zh-Hans">');
    expect(en.join('\n')).not.toContain('/zh-Hans/docs/install');
    expect(headLinks(sink.read('zh-Hans/docs/anzhuang/index.html')!)).toContain('<link rel="alternate" href="https://tidewater.example/docs/install" hreflang="en">');
    // The Next install keeps its own path in both locales.
    expect(headLinks(sink.read('docs/next/install/index.html')!)).toContain('<link rel="alternate" href="https://tidewater.example/zh-Hans/docs/next/install" hreflang="zh-Hans">');
    expect(sink.read('sitemap.xml')).toContain(
      '<url><loc>https://tidewater.example/docs/install</loc><xhtml:link rel="alternate" hreflang="en" href="https://tidewater.example/docs/install"/><xhtml:link rel="alternate" hreflang="zh-Hans" href="https://tidewater.example/zh-Hans/docs/anzhuang"/></url>',
    );
  });

  it("edits a released version's doc in versioned_docs/version-<name>/ and the working copy's in docs/", () => {
    expect(docPage(result, '/docs/1.0/install').editUrl).toBe('https://git.example/tidewater/edit/main/versioned_docs/version-1.0/install.md');
    expect(docPage(result, '/docs/install').editUrl).toBe('https://git.example/tidewater/edit/main/versioned_docs/version-2.0/install.md');
    expect(docPage(result, '/docs/next/reference/api').editUrl).toBe('https://git.example/tidewater/edit/main/docs/reference/api.md');
  });

  it('with editCurrentVersion, edits every version in the docs folder', async () => {
    const dir = variant({}, (text) =>
      text.replace("versions: { '1.0': { noIndex: true } }", "versions: { '1.0': { noIndex: true } }, editUrl: 'https://git.example/tidewater/edit/main', editCurrentVersion: true"),
    );
    const { result: current } = await buildSite(path.join(dir, 'site.config.ts'));
    expect(docPage(current, '/docs/1.0/wiring').editUrl).toBe('https://git.example/tidewater/edit/main/docs/wiring.md');
    expect(docPage(current, '/docs/install').editUrl).toBe('https://git.example/tidewater/edit/main/docs/install.md');
  });

  it("with editLocalizedFiles, edits a translated doc in its translation's folder (the working copy's with editCurrentVersion), an untranslated one where it is", async () => {
    const edit = (extra: string) => (text: string) =>
      text.replace("versions: { '1.0': { noIndex: true } }", `versions: { '1.0': { noIndex: true } }, editUrl: 'https://git.example/tidewater/edit/main', editLocalizedFiles: true${extra}`);
    const { result: localized } = await buildSite(path.join(variant({}, edit('')), 'site.config.ts'));
    expect(docPage(localized, '/zh-Hans/docs/1.0/intro').editUrl).toBe('https://git.example/tidewater/edit/main/i18n/zh-Hans/docusaurus-plugin-content-docs/version-1.0/intro.md');
    expect(docPage(localized, '/zh-Hans/docs/1.0/install').editUrl).toBe('https://git.example/tidewater/edit/main/versioned_docs/version-1.0/install.md');
    expect(docPage(localized, '/docs/1.0/intro').editUrl).toBe('https://git.example/tidewater/edit/main/versioned_docs/version-1.0/intro.md');
    const { result: current } = await buildSite(path.join(variant({}, edit(', editCurrentVersion: true')), 'site.config.ts'));
    expect(docPage(current, '/zh-Hans/docs/1.0/intro').editUrl).toBe('https://git.example/tidewater/edit/main/i18n/zh-Hans/docusaurus-plugin-content-docs/current/intro.md');
  });
});

describe('versioned docs: the link check', () => {
  // A 2.0 doc links to calibrate, which only Next has: markdown links stay in their version's folder.
  const linking = `# Install the gauge\n\nBolt the stilling well to the pier.\n\nThen [calibrate](./calibrate.md), read [the old wiring](/docs/1.0/wiring) and [the new calibration](/docs/next/calibrate).\n\nSee also [wiring](/docs/1.0/wirin).\n`;
  const withWarnings = (text: string) => text.replace("onBrokenMarkdownLinks: 'throw'", "onBrokenMarkdownLinks: 'warn'");

  it("reports a markdown link to another version's doc as broken, at file:line", async () => {
    const dir = variant({ 'versioned_docs/version-2.0/install.md': linking });
    const e = await buildError(path.join(dir, 'site.config.ts'));
    expect(e.problems).toContainEqual(
      expect.objectContaining({
        message: 'Broken markdown link: "./calibrate.md" does not point at a doc or post of this site',
        file: path.join(dir, 'versioned_docs/version-2.0/install.md'),
        line: 5,
      }),
    );
  });

  it('checks links into every version, reporting the broken ones at file:line:column (check-links and build)', async () => {
    const dir = variant({ 'versioned_docs/version-2.0/install.md': linking }, withWarnings);
    const report = await checkSiteLinks({ config: path.join(dir, 'site.config.ts'), cache: false });
    const file = path.join(dir, 'versioned_docs/version-2.0/install.md');
    const where = (p: { file?: string; line?: number; column?: number; message: string }) => `${path.relative(dir, p.file!)}:${p.line}:${p.column} ${p.message}`;
    // Links into 1.0 and Next are fine; the misspelt one is broken in both locales (the doc is shown untranslated in Chinese).
    expect(report.brokenLinks.map(where).sort()).toEqual([
      'versioned_docs/version-2.0/install.md:5:6 → ./calibrate.md',
      'versioned_docs/version-2.0/install.md:5:6 → ./calibrate.md',
      'versioned_docs/version-2.0/install.md:7:10 → /docs/1.0/wirin (did you mean /docs/1.0/wiring?)',
      'versioned_docs/version-2.0/install.md:7:10 → /zh-Hans/docs/1.0/wirin (did you mean /zh-Hans/docs/1.0/wiring?)',
    ]);
    expect(report.brokenLinks.every((p) => p.file === file)).toBe(true);
    expect(report.ok).toBe(false);

    const e = await buildError(path.join(dir, 'site.config.ts'));
    expect(e.problems?.map((p) => `${path.relative(dir, p.file!)}:${p.line} ${p.message}`)).toContain('versioned_docs/version-2.0/install.md:7 → /docs/1.0/wirin (did you mean /docs/1.0/wiring?)');
  });

  it('sitegen check-links prints them and exits 1', async () => {
    const dir = variant({ 'versioned_docs/version-1.0/wiring.md': '# Wiring the display\n\nOlder gauges: see [install](./install.md) and [the API](/docs/1.0/reference/api).\n' }, withWarnings);
    const res = await runCliInProcess(['check-links', '--no-cache'], { cwd: dir, env: { CI: '1' } });
    expect(res.status).toBe(1);
    const lines = res.stdout.trim().split('\n');
    // 1.0 has no reference section; install resolves to 1.0's own install.
    expect(lines).toContain('versioned_docs/version-1.0/wiring.md:3:47 → /docs/1.0/reference/api (did you mean /docs/next/reference/api?)');
    expect(lines).toContain('versioned_docs/version-1.0/wiring.md:3:47 → /zh-Hans/docs/1.0/reference/api (did you mean /zh-Hans/docs/next/reference/api?)');
    expect(lines.filter((l) => l.includes('install'))).toEqual([]);
  });
});
