import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mapDocusaurusConfig } from '../../../../../src/builder/config/docusaurus/mapConfig.js';
import { validateConfig } from '../../../../../src/builder/config/loadConfig.js';

// The mapping of a docusaurus.config.js (what the config loader reads in a Docusaurus site's folder and
// what `sitegen init --from-docusaurus` writes): what it becomes, and the notes that say what was not
// carried over and why (pinned: they are what a migrating team reads).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-init-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const docusaurusConfig = {
  title: 'Site',
  url: 'https://example.com',
  baseUrl: '/',
  organizationName: 'org',
  clientModules: [path.join(dir, 'src/clientModule.js'), './src/css/extra.css'],
  i18n: { defaultLocale: 'en', locales: ['en', 'fr'], localeConfigs: { fr: { label: 'Français', calendar: 'gregory' } } },
  markdown: { mermaid: true, anchors: { maintainCase: true }, hooks: { onBrokenMarkdownLinks: 'throw' } },
  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: path.join(dir, 'sidebars.js'),
          showLastUpdateTime: true,
          exclude: ['**/wip/**'],
          numberPrefixParser: false,
          tagsBasePath: 'labels',
          tags: 'labels.yml',
          onInlineTags: 'throw',
          remarkPlugins: [],
        },
        blog: { blogTitle: 'News', routeBasePath: 'news', feedOptions: { type: 'all' } },
        theme: { customCss: [path.join(dir, 'src/css/custom.css')] },
        gtag: { trackingID: ['G-1', 'G-2'] },
        sitemap: { changefreq: 'weekly' },
      },
    ],
  ],
  plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community' }], 'docusaurus-plugin-sass'],
  themes: ['@docusaurus/theme-mermaid'],
  themeConfig: {
    navbar: { title: 'Site', style: 'dark', items: [{ label: 'More', items: [{ to: '/a', label: 'A' }] }] },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 },
    docs: { versionPersistence: 'none', sidebar: { hideable: true, autoCollapseCategories: true } },
    algolia: { appId: 'x' },
  },
};

describe('mapDocusaurusConfig', () => {
  const { config, notes } = mapDocusaurusConfig(docusaurusConfig, { siteDir: dir });

  it('maps the preset, the plugins and themeConfig to the same options of sitegen', () => {
    expect(config).toEqual({
      title: 'Site',
      url: 'https://example.com',
      baseUrl: '/',
      clientModules: ['./src/clientModule.js', './src/css/extra.css'],
      i18n: { defaultLocale: 'en', locales: ['en', 'fr'], localeConfigs: { fr: { label: 'Français' } } },
      onBrokenMarkdownLinks: 'throw',
      markdown: { mermaid: true, anchors: { maintainCase: true } },
      docs: {
        exclude: ['**/wip/**'],
        numberPrefixParser: false,
        sidebarPath: './sidebars.js',
        showLastUpdateTime: true,
        tagsBasePath: 'labels',
        tags: 'labels.yml',
        onInlineTags: 'throw',
        tocMinHeadingLevel: 2,
        tocMaxHeadingLevel: 4,
      },
      plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community', tocMinHeadingLevel: 2, tocMaxHeadingLevel: 4 }]],
      blogs: [{ id: 'default', path: 'blog', routeBasePath: 'news', blogSidebarTitle: 'Recent posts', blogSidebarCount: 5, feedOptions: { type: 'all' }, title: 'News' }],
      pages: { path: 'src/pages' },
      analytics: { gtag: { trackingID: 'G-1' } },
      themeConfig: {
        customCss: ['./src/css/custom.css'],
        navbar: { title: 'Site', items: [{ label: 'More', items: [{ to: '/a', label: 'A' }] }] },
        colorMode: { disableSwitch: false },
        docs: { versionPersistence: 'none', sidebar: { hideable: true, autoCollapseCategories: true } },
      },
    });
    expect(() => validateConfig({ raw: config, configFile: 'x.ts', source: '' })).not.toThrow();
  });

  it('says what it left out and why', () => {
    expect(notes).toEqual([
      { key: 'i18n.localeConfigs.fr.calendar', reason: 'sitegen formats dates with the locale itself (htmlLang)' },
      { key: 'presets[0].docs.remarkPlugins', reason: 'sitegen runs its own markdown plugins only' },
      { key: 'presets[0].gtag.trackingID', reason: 'sitegen sends to one tracking id: kept G-1' },
      { key: 'presets[0].sitemap', reason: 'sitegen writes sitemap.xml itself (every indexable page, no changefreq or priority): its options are not used' },
      { key: 'plugins[1]', reason: 'sitegen compiles .scss and .sass files itself, with the site\'s own "sass" package: the plugin is not needed' },
      { key: 'themeConfig.navbar.style', reason: "sitegen's navbar has one style" },
      { key: 'themeConfig.algolia', reason: "sitegen's search is local (the `search` option): no Algolia index is queried" },
      { key: 'organizationName', reason: 'used by `docusaurus deploy` only' },
    ]);
  });
});

describe('mapDocusaurusConfig on plugins named by their resolved file', () => {
  // A real versioned site lists its search as `require.resolve('@easyops-cn/docusaurus-search-local')`
  // under `plugins` and gives its navbar logo a `srcDark`: both carry over.
  const resolved = path.join(dir, 'node_modules', '@easyops-cn', 'docusaurus-search-local', 'dist', 'server', 'server', 'index.js');
  const { config, notes } = mapDocusaurusConfig(
    {
      title: 'T',
      url: 'https://t.example',
      baseUrl: '/t/',
      plugins: [[resolved, { indexDocs: true, indexBlog: false, hashed: true, language: ['en'], docsDir: ['../docs', 'versioned_docs'] }]],
      themes: [path.join(dir, 'node_modules', '@docusaurus', 'theme-mermaid', 'lib', 'index.js')],
      themeConfig: { navbar: { logo: { alt: 'T', src: 'img/logo.png', srcDark: 'img/logo-dark.png', width: 32, height: 32 } } },
    },
    { siteDir: dir },
  );

  it('recognises the local search and the mermaid theme by the package their file is in', () => {
    expect(config.search).toEqual({ language: ['en'], indexDocs: true, indexBlog: false });
    expect(config.markdown).toEqual({ mermaid: true });
    expect(notes.filter((n) => n.key.startsWith('plugins') || n.key.startsWith('themes') || n.key === '(search)')).toEqual([]);
  });

  it("keeps the navbar logo's dark source", () => {
    expect((config.themeConfig as { navbar: { logo: unknown } }).navbar.logo).toEqual({ alt: 'T', src: 'img/logo.png', srcDark: 'img/logo-dark.png', width: 32, height: 32 });
    expect(notes.filter((n) => n.key.includes('logo'))).toEqual([]);
    expect(() => validateConfig({ raw: config, configFile: 'x.ts', source: '' })).not.toThrow();
  });
});

describe('mapDocusaurusConfig on what sitegen does not have', () => {
  it('notes every plugin and option it leaves out, never dropping one in silence', () => {
    const { notes } = mapDocusaurusConfig(
      {
        title: 'N',
        url: 'https://n.example',
        clientModules: [{ not: 'a file' }],
        presets: [['classic', { docs: { sidebarItemsGenerator: () => [] }, blog: { createFeedItems: () => [] }, debug: true, svgr: { svgrConfig: { icon: true } } }]],
        plugins: [['@docusaurus/plugin-sitemap', { changefreq: 'weekly' }], '@docusaurus/plugin-debug', ['@docusaurus/plugin-svgr', { svgrConfig: {} }], '@docusaurus/plugin-sitemap'],
      },
      { siteDir: dir },
    );
    expect(notes.map((n) => n.key)).toEqual([
      'clientModules[0]',
      'presets[0].docs.sidebarItemsGenerator',
      'presets[0].blog.createFeedItems',
      'presets[0].debug',
      'presets[0].svgr',
      'plugins[0]',
      'plugins[1]',
      'plugins[2]',
      '(search)',
    ]);
    expect(notes[1].reason).toContain('a function sitegen does not call');
    expect(notes[3].reason).toBe("the debug plugin's pages (/__docusaurus/debug) are not built: sitegen has none");
  });

  it('keeps editUrl functions, which sitegen calls as Docusaurus does', () => {
    const editUrl = () => 'https://edit.example/x';
    const { config, notes } = mapDocusaurusConfig({ title: 'E', url: 'https://e.example', presets: [['classic', { docs: { editUrl }, blog: { editUrl } }]] }, { siteDir: dir });
    expect((config.docs as { editUrl: unknown }).editUrl).toBe(editUrl);
    expect((config.blogs as { editUrl: unknown }[])[0].editUrl).toBe(editUrl);
    expect(notes.filter((n) => n.key.includes('editUrl'))).toEqual([]);
    expect(() => validateConfig({ raw: config, configFile: 'x.ts', source: '' })).not.toThrow();
  });
});

describe('mapDocusaurusConfig keeps Docusaurus plugins, which sitegen runs', () => {
  function redirectsFrom(path: string) {
    return [path.replace('/docs/', '/guide/')];
  }
  const { config, notes } = mapDocusaurusConfig(
    {
      title: 'T',
      url: 'https://t.example',
      baseUrl: '/',
      plugins: [
        ['@docusaurus/plugin-client-redirects', { redirects: [{ from: '/old', to: '/docs/intro' }], createRedirects: redirectsFrom }],
        './src/plugins/my-plugin',
        'ideal-image',
        ['@docusaurus/plugin-google-tag-manager', { containerId: 'GTM-1' }],
        function tailwind() {
          return { name: 'tailwind' };
        },
      ],
      themes: ['@docusaurus/theme-live-codeblock', 'docusaurus-theme-openapi-docs'],
    },
    { siteDir: dir },
  );

  it('carries the plugins and themes over as they are written', () => {
    expect(config.plugins).toEqual([
      ['@docusaurus/plugin-client-redirects', { redirects: [{ from: '/old', to: '/docs/intro' }] }],
      './src/plugins/my-plugin',
      ['@docusaurus/plugin-google-tag-manager', { containerId: 'GTM-1' }],
    ]);
    expect(config.themes).toEqual(['docusaurus-theme-openapi-docs']);
  });

  it('reports only what it refuses or cannot write, with the reason', () => {
    expect(notes.filter((n) => /^(plugins|themes)/.test(n.key))).toEqual([
      { key: 'plugins[0]', reason: 'the options createRedirects of "@docusaurus/plugin-client-redirects" are functions: the plugin is kept without them; write them into site.config.ts' },
      {
        key: 'plugins[2]',
        reason:
          'sitegen does not run "@docusaurus/plugin-ideal-image": it needs webpack loaders (@docusaurus/responsive-loader and @docusaurus/lqip-loader) to resize images at build time; sitegen has no webpack: use ordinary <img> or import the image',
      },
      { key: 'plugins[4]', reason: 'the plugin function "tailwind" of the config: copy it into site.config.ts\'s `plugins` (sitegen runs it as Docusaurus does)' },
      { key: 'themes[0]', reason: 'sitegen shows live code blocks as ordinary highlighted code' },
    ]);
  });
});

describe('mapDocusaurusConfig on customFields.sitegen', () => {
  // Docusaurus refuses unknown top-level keys (and points to customFields): sitegen's own options, such
  // as serve.csp, live under customFields.sitegen in a config Docusaurus still accepts.
  const { config, notes } = mapDocusaurusConfig(
    {
      title: 'Site',
      url: 'https://example.com',
      baseUrl: '/',
      customFields: { apiKey: 'k', sitegen: { serve: { csp: { 'connect-src': ['https://api.example.com'] } }, title: 'Other' } },
    },
    { siteDir: dir },
  );

  it("takes them as the site config's options, customFields kept as they are", () => {
    expect(config.serve).toEqual({ csp: { 'connect-src': ['https://api.example.com'] } });
    expect(config.customFields).toEqual({ apiKey: 'k', sitegen: { serve: { csp: { 'connect-src': ['https://api.example.com'] } }, title: 'Other' } });
    expect(validateConfig({ raw: config, configFile: path.join(dir, 'docusaurus.config.js') }).serve.csp).toEqual({ 'connect-src': ['https://api.example.com'] });
  });

  it('leaves one the Docusaurus config sets itself, with a note', () => {
    expect(config.title).toBe('Site');
    expect(notes).toContainEqual({ key: 'customFields.sitegen.title', reason: "the Docusaurus config's own options set title" });
  });
});
