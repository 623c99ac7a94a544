import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSite, buildSite, buildError } from '../../../../helpers/site.js';
import { writeTranslations } from '../../../../../src/tools/i18n/writeTranslations.js';
import { loadConfig } from '../../../../../src/builder/config/loadConfig.js';

const home = `import Layout from '@theme/Layout';
import Translate, { translate } from '@docusaurus/Translate';
import Link from '@docusaurus/Link';
export default function Home() {
  return (
    <Layout title={translate({ id: 'home.title', message: 'Home' })} description="About us">
      <h1><Translate id="home.hello" description="greeting">Hello world</Translate></h1>
      <Link to="/docs/intro">Read the docs</Link>
    </Layout>
  );
}
`;

const site = (pages: Record<string, string>, extra: Record<string, string> = {}) =>
  makeSite(
    { 'docs/intro.md': '# Intro\n', ...pages, ...extra },
    {
      i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] },
      pages: { path: 'pages' },
      themeConfig: {
        navbar: { title: 'Site', items: [{ type: 'doc', docId: 'intro', label: 'Docs', position: 'left' }, { type: 'localeDropdown' }] },
        footer: { links: [{ title: 'More', items: [{ label: 'Docs', to: '/docs/intro' }] }] },
      },
    },
  );

describe('React pages and i18n strings', () => {
  it('renders a React page in every locale with its translated strings, head and localised links', async () => {
    const { configFile } = site(
      { 'pages/index.tsx': home },
      {
        'i18n/zh-Hans/code.json': JSON.stringify({ 'home.hello': { message: '你好，世界' }, 'home.title': { message: '首页' } }),
        'i18n/zh-Hans/docusaurus-theme-classic/navbar.json': JSON.stringify({ 'item.label.Docs': { message: '文档' } }),
        'i18n/zh-Hans/docusaurus-theme-classic/footer.json': JSON.stringify({ 'link.title.More': { message: '更多' } }),
      },
    );
    const { sink } = await buildSite(configFile);
    const en = sink.read('index.html')!;
    const zh = sink.read('zh-Hans/index.html')!;
    expect(en).toContain('<title>Home | Test Site</title>');
    expect(en).toContain('<meta name="description" content="About us">');
    expect(en).toContain('<h1>Hello world</h1>');
    expect(zh).toContain('<title>首页 | Test Site</title>');
    expect(zh).toContain('<h1>你好，世界</h1>');
    expect(zh).toContain('href="/zh-Hans/docs/intro">Read the docs');
    expect(zh).toMatch(/class="navbar__item navbar__link[^"]*"[^>]*>文档</);
    expect(zh).toContain('<div class="footer__title">更多</div>');
    expect(zh).toContain('<html lang="zh-Hans" dir="ltr" class="plugin-pages plugin-id-default">');
  });

  it('<Head> (@docusaurus/Head) sets the canonical link, the robots meta and extra tags of a React page; a noindex or non-canonical page leaves the sitemap', async () => {
    const alias = `import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
export default function Alias() {
  return (
    <Layout title="Old address">
      <Head>
        <link rel="canonical" href="/new-address/" />
        <meta name="theme-color" content="#123456" />
      </Head>
      <p>Moved</p>
    </Layout>
  );
}
`;
    const done = `import { Head } from 'sitegen/theme';
export default function Done() {
  return (
    <>
      <Head>
        <title>All done</title>
        <meta name="robots" content="noindex" />
        <meta name="description" content="Shown after sending" />
      </Head>
      <p>Done</p>
    </>
  );
}
`;
    const { configFile } = site({ 'pages/old-address.tsx': alias, 'pages/new-address.tsx': 'export default function N() { return <p>New</p>; }\n', 'pages/done.tsx': done });
    const { sink } = await buildSite(configFile);
    const old = sink.read('old-address/index.html')!;
    expect(old.match(/<link rel="canonical"[^>]*>/g)).toEqual(['<link rel="canonical" href="https://example.com/new-address/">']);
    expect(old).toContain('<meta property="og:url" content="https://example.com/new-address/">');
    expect(old).toContain('<meta name="theme-color" content="#123456">');
    expect(old).toContain('<meta name="robots" content="index, follow">');
    expect(sink.read('zh-Hans/old-address/index.html')).toContain('<link rel="canonical" href="https://example.com/new-address/">');
    const finished = sink.read('done/index.html')!;
    expect(finished.match(/<meta name="robots"[^>]*>/g)).toEqual(['<meta name="robots" content="noindex">']);
    expect(finished).toContain('<title>All done | Test Site</title>');
    expect(finished).toContain('<meta name="description" content="Shown after sending">');
    expect(finished).not.toContain('<meta name="theme-color"');
    const sitemap = sink.read('sitemap.xml')!;
    expect(sitemap).toContain('<loc>https://example.com/new-address</loc>');
    expect(sitemap).not.toContain('old-address');
    expect(sitemap).not.toContain('/done');
  });

  it('fails the build on a <Head> child it cannot put in the head', async () => {
    const bad = `import Head from '@docusaurus/Head';\nexport default function P() {\n  return <Head><script src="/x.js" /></Head>;\n}\n`;
    const { configFile } = site({ 'pages/bad.tsx': bad });
    const e = await buildError(configFile);
    expect(e.message + JSON.stringify(e.problems ?? [])).toContain('<Head> accepts only <title>, <meta> and <link> elements; found <script>');
  });

  it('fails the build on <Translate> with children that are not a plain string', async () => {
    const bad = `import Translate from '@docusaurus/Translate';\nexport default function P() {\n  return <p><Translate id="x">Hello <b>you</b></Translate></p>;\n}\n`;
    const { configFile, dir } = site({ 'pages/bad.tsx': bad });
    const e = await buildError(configFile);
    expect(e.problems).toContainEqual(expect.objectContaining({ file: path.join(dir, 'pages/bad.tsx'), line: 3, message: expect.stringContaining('<Translate> accepts only plain string children') }));
  });

  it('fails the build on a translation declaration with neither id nor message', async () => {
    const bad = `import { translate } from '@docusaurus/Translate';\nexport default function P() {\n  return <p title={translate({ description: 'x' })}>x</p>;\n}\n`;
    const { configFile } = site({ 'pages/bad.tsx': bad });
    const e = await buildError(configFile);
    expect(e.problems?.[0].message).toBe('translate() needs an id or a default message');
  });

  it('fails the build on a page module without a default export', async () => {
    const { configFile } = site({ 'pages/nodefault.tsx': 'export const x = 1;\n' });
    const e = await buildError(configFile);
    expect(e.problems?.[0].message).toBe('the page component has no default export');
  });

  it('write-translations adds every string and keeps existing translations', async () => {
    const { dir, configFile } = site({ 'pages/index.tsx': home }, { 'i18n/zh-Hans/code.json': JSON.stringify({ 'home.hello': { message: '你好' } }) });
    const { config, siteDir } = await loadConfig({ configFile });
    writeTranslations({ config, siteDir, locale: 'zh-Hans' });
    const code = JSON.parse(fs.readFileSync(path.join(dir, 'i18n/zh-Hans/code.json'), 'utf8'));
    expect(code['home.hello']).toEqual({ message: '你好', description: 'greeting' });
    expect(code['home.title'].message).toBe('Home');
    expect(code['theme.common.editThisPage'].message).toBe('编辑此页');
    const navbar = JSON.parse(fs.readFileSync(path.join(dir, 'i18n/zh-Hans/docusaurus-theme-classic/navbar.json'), 'utf8'));
    expect(navbar['item.label.Docs'].message).toBe('Docs');
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'i18n/zh-Hans/docusaurus-plugin-content-docs/current.json'), 'utf8'))['version.label'].message).toBe('Next');
  });

  it('maps page files to routes as Docusaurus does', async () => {
    const simple = (t: string) => `export default function P() { return <p>${t}</p>; }\n`;
    const { configFile } = site({
      'pages/index.tsx': simple('home'),
      'pages/product/index.tsx': simple('product'),
      'pages/product/feature.tsx': simple('feature'),
      'pages/_parts/helper.tsx': simple('x'),
      'pages/about.md': '# About\n\nText.\n',
    });
    const { sink } = await buildSite(configFile);
    for (const f of ['index.html', 'product/index.html', 'product/feature/index.html', 'about/index.html', 'zh-Hans/product/feature/index.html']) expect(sink.read(f), f).toBeDefined();
    expect(sink.paths().some((p) => p.includes('_parts'))).toBe(false);
  });
});
