import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { makeSite, buildSite, buildError } from '../../../helpers/site.js';
import { localeDocs } from '../../../../src/builder/plugins/docs/model.js';

const i18n = { defaultLocale: 'en', locales: ['en', 'zh-Hans'] };

describe('head and SEO', () => {
  it('writes title, description, keywords, canonical, hreflang alternates with x-default, og and twitter tags', async () => {
    const { configFile } = makeSite(
      { 'docs/guide.md': '---\ntitle: Guide\ndescription: How to\nkeywords: [iot, edge]\nimage: /img/card.png\n---\nBody.\n', 'static/img/card.png': 'png' },
      { i18n, titleDelimiter: '|' },
    );
    const { sink } = await buildSite(configFile);
    const html = sink.read('docs/guide/index.html')!;
    expect(html).toContain('<title>Guide | Test Site</title>');
    expect(html).toContain('<meta name="description" content="How to">');
    expect(html).toContain('<meta name="keywords" content="iot, edge">');
    expect(html).toContain('<link rel="canonical" href="https://example.com/docs/guide">');
    expect(html).toContain('<link rel="alternate" href="https://example.com/docs/guide" hreflang="en">');
    expect(html).toContain('<link rel="alternate" href="https://example.com/zh-Hans/docs/guide" hreflang="zh-Hans">');
    expect(html).toContain('<link rel="alternate" href="https://example.com/docs/guide" hreflang="x-default">');
    expect(html).toContain('<meta property="og:image" content="https://example.com/img/card.png">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="robots" content="index, follow">');
    expect(sink.read('robots.txt')).toContain('Sitemap: https://example.com/sitemap.xml');
    expect(sink.read('sitemap.xml')).toContain('<loc>https://example.com/zh-Hans/docs/guide</loc>');
  });

  it("falls back to the site's tagline for a page without a description of its own only in the default locale, whose language it is written in", async () => {
    // Docusaurus gives these pages no description (PageMetadata without one); the tagline is no
    // translation: a zh-Hans page goes without rather than carry English.
    const tagline = 'An English tagline';
    const { configFile } = makeSite(
      {
        'docs/a.md': '---\ntags: [alpha]\n---\n# A\n\nBody.\n',
        'docs/cat/_category_.json': JSON.stringify({ label: 'Cat', link: { type: 'generated-index' } }),
        'docs/cat/b.md': '# B\n\nBody.\n',
        'blog/authors.yml': 'ann:\n  name: Ann\n  page: true\n',
        'blog/2024-01-01-one.md': '---\ntitle: One\ntags: [news]\nauthors: [ann]\n---\nFirst.\n',
        'blog/2024-01-02-two.md': '---\ntitle: Two\ntags: [news]\nauthors: [ann]\n---\nSecond.\n',
        // A React page whose Layout gives neither title nor description.
        'src/pages/hello.tsx': "import Layout from '@theme/Layout';\nexport default function Hello() {\n  return <Layout><p>Hello</p></Layout>;\n}\n",
      },
      { i18n, tagline, blogs: [{ id: 'default', path: 'blog', routeBasePath: 'blog', postsPerPage: 1 }] },
    );
    const { sink } = await buildSite(configFile);
    const description = (rel: string) => /<meta name="description" content="([^"]*)"/.exec(sink.read(rel)!)?.[1];
    const generated = [
      'blog/tags/index.html',
      'blog/tags/news/index.html',
      'blog/authors/index.html',
      'blog/authors/ann/index.html',
      'blog/archive/index.html',
      'blog/page/2/index.html',
      'docs/tags/index.html',
      'docs/tags/alpha/index.html',
      'docs/category/cat/index.html',
    ];
    for (const rel of generated) expect(sink.read(`zh-Hans/${rel}`), rel).toBeDefined();
    const withTagline = (prefix: string) => sink.paths().filter((f) => f.startsWith(prefix) && f.endsWith('.html') && description(f) === tagline);
    expect(withTagline('zh-Hans/')).toEqual([]);
    const titles = (prefix: string) => sink.paths().filter((f) => f.startsWith(prefix) && f.endsWith('.html') && /<title>[^<]*An English tagline/.test(sink.read(f)!));
    expect(titles('zh-Hans/')).toEqual([]);
    expect(description('zh-Hans/blog/tags/index.html')).toBeUndefined();
    expect(description('blog/tags/index.html')).toBe(tagline);
    expect(sink.read('hello/index.html')).toContain(`<title>Test Site | ${tagline}</title>`);
    expect(sink.read('zh-Hans/hello/index.html')).toContain('<title>Test Site</title>');
  });

  it('marks unlisted pages noindex and leaves them out of the sitemap and the sidebar', async () => {
    const { configFile } = makeSite({ 'docs/a.md': '# A\n', 'docs/secret.md': '---\nunlisted: true\n---\n# Secret\n' });
    const { sink, result } = await buildSite(configFile);
    expect(sink.read('docs/secret/index.html')).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(sink.read('sitemap.xml')).not.toContain('secret');
    expect(JSON.stringify(localeDocs(result.site.locales[0])![0].sidebars.tutorialSidebar.items)).not.toContain('secret');
  });
});

describe('links', () => {
  it('fails the build with one report of every broken link, as file:line:column → target', async () => {
    const { configFile, dir } = makeSite({ 'docs/a.md': '# A\n\n[one](/docs/nope) and [two](/docs/b#x)\n\n[three](/docs/aa)\n', 'docs/b.md': '# B\n' });
    const e = await buildError(configFile);
    expect(e.message).toMatch(/^Broken links: 2 found/);
    expect(e.problems).toEqual([
      expect.objectContaining({ file: `${dir}/docs/a.md`, line: 3, column: 1, message: '→ /docs/nope' }),
      expect.objectContaining({ file: `${dir}/docs/a.md`, line: 5, column: 1, message: '→ /docs/aa (did you mean /docs/a?)' }),
    ]);
  });

  it('only warns about a broken anchor and about duplicate routes', async () => {
    const { configFile } = makeSite({ 'docs/a.md': '# A\n\n[x](/docs/b#missing)\n', 'docs/b.md': '# B\n', 'docs/c.md': '---\nslug: /b\n---\n# C\n' });
    const { result } = await buildSite(configFile);
    const messages = result.warnings.map((w) => w.message);
    expect(messages.some((m) => m.includes('no element with id "missing"'))).toBe(true);
    expect(messages.some((m) => m.startsWith('Duplicate route "/docs/b"'))).toBe(true);
  });

  it('checks navbar and footer links against the site', async () => {
    const { configFile } = makeSite({ 'docs/a.md': '# A\n' }, { themeConfig: { navbar: { items: [{ to: '/nowhere', label: 'X' }] } } });
    const e = await buildError(configFile);
    expect(e.problems?.[0]).toMatchObject({ message: '→ /nowhere', file: expect.stringContaining('site.config.ts (en navbar/footer)') });
  });

  it("checks the navbar brand's link, as Docusaurus does: the locale's home page, or logo.href", async () => {
    // No home page: the logo and title link to a page that is not there, in every locale.
    const noHome = makeSite({ 'docs/a.md': '# A\n' }, { i18n }, { home: false });
    const e = await buildError(noHome.configFile);
    expect(e.message).toMatch(/^Broken links: 2 found/);
    expect(e.problems?.map((p) => [p.file, p.message.split(' (')[0]])).toEqual([
      [`${noHome.configFile} (en navbar logo/title)`, '→ /'],
      [`${noHome.configFile} (zh-Hans navbar logo/title)`, '→ /zh-Hans/'],
    ]);
    expect(e.problems?.[0].message).toContain('add src/pages/index.md');
    // logo.href at a doc, in each locale: no home page needed.
    const logo = (href: string) => ({ i18n, themeConfig: { navbar: { title: 'T', logo: { src: 'img/logo.svg', alt: 'T', href } } } });
    const toDoc = makeSite({ 'docs/a.md': '# A\n', 'static/img/logo.svg': '<svg/>' }, logo('/docs/a'), { home: false });
    const { sink } = await buildSite(toDoc.configFile);
    expect(sink.read('zh-Hans/docs/a/index.html')).toContain('<a class="navbar__brand" href="/zh-Hans/docs/a">');
    // An external logo.href is not checked; a logo.href that is not a page is reported as such.
    await buildSite(makeSite({ 'docs/a.md': '# A\n', 'static/img/logo.svg': '<svg/>' }, logo('https://example.org/'), { home: false }).configFile);
    const wrong = makeSite({ 'docs/a.md': '# A\n', 'static/img/logo.svg': '<svg/>' }, logo('/docs/b'));
    expect((await buildError(wrong.configFile)).problems?.[0]).toMatchObject({
      message: '→ /docs/b (themeConfig.navbar.logo.href is not a page of the site)',
      file: `${wrong.configFile} (en navbar logo/title)`,
    });
  });

  it('checks the links React pages draw with <Link>, as Docusaurus does: at the line the page writes them, in every locale', async () => {
    const page = `import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';

export default function Home() {
  const computed = ['/docs', 'retired', 'page'].join('/');
  return (
    <Layout title="Home">
      <Link to="/docs/a">Good</Link> <Link to="/docs/a#part-one">Good anchor</Link> <Link href="https://example.org/x">External</Link>
      <Link to="/docs/b">Missing</Link>
      <Link to="/docs/a#nowhere">Missing anchor</Link>
      <Link to={computed}>Computed</Link>
    </Layout>
  );
}
`;
    const { configFile, dir } = makeSite({ 'docs/a.md': '# A\n\n## Part one\n', 'src/pages/index.tsx': page }, { i18n: { defaultLocale: 'en', locales: ['en', 'fr'] }, baseUrl: '/base/' });
    const e = await buildError(configFile);
    const file = `${dir}/src/pages/index.tsx`;
    expect(e.message).toMatch(/^Broken links: 4 found/);
    expect(e.problems?.map((p) => [p.file, p.line, p.column, p.message])).toEqual([
      [file, 9, 17, '→ /base/docs/b (did you mean /base/docs/a?)'],
      [file, undefined, undefined, '→ /base/docs/retired/page'],
      [file, 9, 17, '→ /base/fr/docs/b (did you mean /base/fr/docs/a?)'],
      [file, undefined, undefined, '→ /base/fr/docs/retired/page'],
    ]);
    // Fixed, the build passes; the anchor that is not on the page is a warning (onBrokenAnchors).
    fs.writeFileSync(file, page.replace('<Link to="/docs/b">Missing</Link>', '').replace('<Link to={computed}>Computed</Link>', ''));
    const { result } = await buildSite(configFile);
    expect(result.warnings.map((w) => `${w.line}:${w.column} ${w.message}`)).toEqual([
      '10:17 Broken anchor → /base/docs/a#nowhere (no element with id "nowhere" on /base/docs/a)',
      '10:17 Broken anchor → /base/fr/docs/a#nowhere (no element with id "nowhere" on /base/fr/docs/a)',
    ]);
  });

  it('gives internal links the base url and the trailing-slash rule', async () => {
    const { configFile } = makeSite(
      { 'docs/a.md': '# A\n\n[b](./b.md) [abs](/docs/b) [file](pathname:///files/x.pdf) [img](/img/y.png)\n', 'docs/b.md': '# B\n', 'static/files/x.pdf': 'x', 'static/img/y.png': 'y' },
      { baseUrl: '/base/', trailingSlash: true },
    );
    const { sink } = await buildSite(configFile);
    const html = sink.read('docs/a/index.html')!;
    expect(html).toContain('<a href="/base/docs/b/">b</a>');
    expect(html).toContain('<a href="/base/docs/b/">abs</a>');
    expect(html).toContain('<a href="/base/files/x.pdf" data-noroute="">file</a>');
    expect(html).toContain('<a href="/base/img/y.png">img</a>');
  });

  it('keeps a path already under the base url as it is in sidebar, navbar, footer and page links (Docusaurus adds it once)', async () => {
    // As a real site's sidebars write links to another docs instance: '/base/docs/b', base url included.
    const { configFile } = makeSite(
      {
        'docs/a.md': '# A\n',
        'docs/b.md': '# B\n',
        'sidebars.js': "module.exports = { s: ['a', { type: 'link', label: 'Bee', href: '/base/docs/b' }, { type: 'link', label: 'Home', href: '/base' }] };\n",
        'src/pages/hello.tsx':
          'import Link from \'@docusaurus/Link\';\nexport default function Hello() {\n  return <main><Link to="/base/docs/b">page-link</Link><Link to="/docs/b">page-link-2</Link></main>;\n}\n',
      },
      {
        baseUrl: '/base/',
        docs: { sidebarPath: './sidebars.js' },
        themeConfig: { navbar: { items: [{ to: '/base/docs/b', label: 'Nav' }] }, footer: { links: [{ label: 'Foot', to: '/base/docs/b' }] } },
      },
    );
    const { sink } = await buildSite(configFile);
    const doc = sink.read('docs/a/index.html')!;
    expect(doc).toMatch(/<a href="\/base\/docs\/b" class="menu__link">Bee<\/a>/);
    expect(doc).toMatch(/<a href="\/base\/" class="menu__link">Home<\/a>/);
    expect(doc).toMatch(/<a href="\/base\/docs\/b" class="navbar__item navbar__link[^"]*"[^>]*>Nav<\/a>/);
    expect(doc).toContain('<a href="/base/docs/b" class="footer__link-item">Foot</a>');
    expect(doc).not.toContain('/base/base/');
    const page = sink.read('hello/index.html')!;
    expect(page).toContain('<a href="/base/docs/b">page-link</a>');
    expect(page).toContain('<a href="/base/docs/b">page-link-2</a>');
  });

  it('fails on a docSidebar navbar item whose sidebar has nothing to link to', async () => {
    const { configFile } = makeSite(
      { 'docs/only.md': '---\nunlisted: true\n---\n# Only\n' },
      { themeConfig: { navbar: { items: [{ type: 'docSidebar', sidebarId: 'tutorialSidebar', label: 'Docs' }] } } },
    );
    const e = await buildError(configFile);
    expect(e.message).toContain(`DocSidebarNavbarItem: Sidebar with ID "tutorialSidebar" doesn't have anything to be linked to.`);
  });

  it('localises a root-relative link once: a link already under the locale stays as written', async () => {
    const { configFile } = makeSite(
      { 'docs/a.md': '# A\n', 'docs/b.md': '# B\n', 'i18n/zh-Hans/docusaurus-plugin-content-docs/current/a.md': '# A\n\n[one](/docs/b) [two](/zh-Hans/docs/b)\n' },
      { i18n },
    );
    const { sink } = await buildSite(configFile);
    const html = sink.read('zh-Hans/docs/a/index.html')!;
    expect(html).toContain('<a href="/zh-Hans/docs/b">one</a>');
    expect(html).toContain('<a href="/zh-Hans/docs/b">two</a>');
  });
});

describe('navbar and footer shapes', () => {
  it('renders a version dropdown of one version as a plain link, and the footer logo and copyright', async () => {
    const { configFile } = makeSite(
      { 'docs/intro.md': '# Intro\n', 'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' },
      {
        themeConfig: {
          navbar: {
            items: [
              { type: 'docsVersionDropdown', position: 'right' },
              { type: 'dropdown', label: 'More', items: [{ to: '/docs/intro', label: 'Intro' }] },
            ],
          },
          footer: { style: 'light', links: [{ label: 'Intro', to: '/docs/intro' }], logo: { src: 'img/logo.svg', alt: 'Logo', width: 40, height: 20 }, copyright: 'Copyright © Test' },
        },
      },
    );
    const { sink } = await buildSite(configFile);
    const html = sink.read('docs/intro/index.html')!;
    expect(html).toMatch(/<a href="\/docs\/intro" class="navbar__item navbar__link[^"]*"[^>]*>Next<\/a>/);
    expect(html).not.toMatch(/dropdown-toggle[^>]*>Next/);
    expect(html).toMatch(/class="navbar__link[^"]*">More<\/a><ul class="dropdown__menu"><li><a href="\/docs\/intro"/);
    expect(html).toContain('<footer class="theme-layout-footer footer">');
    expect(html).toContain('class="footer__links footer-links-simple"');
    expect(html).toContain('<img class="footer__logo" src="/img/logo.svg" alt="Logo" width="40" height="20"/>');
    expect(html).toContain('<div class="footer__copyright">Copyright © Test</div>');
  });

  it('renders a logo with srcDark twice, one image per colour mode (navbar and footer, as Docusaurus does)', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    const { configFile } = makeSite(
      { 'docs/intro.md': '# Intro\n', 'static/img/logo.svg': svg, 'static/img/logo-dark.svg': svg },
      {
        themeConfig: {
          navbar: { logo: { src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', alt: 'Site', width: 32, height: 32 } },
          footer: { logo: { src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', alt: 'Logo' } },
        },
      },
    );
    const { sink } = await buildSite(configFile);
    const html = sink.read('docs/intro/index.html')!;
    expect(html).toContain(
      '<div class="navbar__logo"><img class="themed-light" src="/img/logo.svg" alt="Site" width="32" height="32"/><img class="themed-dark" src="/img/logo-dark.svg" alt="Site" width="32" height="32"/></div>',
    );
    expect(html).toContain('<img class="footer__logo themed-light" src="/img/logo.svg" alt="Logo"/><img class="footer__logo themed-dark" src="/img/logo-dark.svg" alt="Logo"/>');
  });
});
