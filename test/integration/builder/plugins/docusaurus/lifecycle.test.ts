import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliBuild, textOf, type CliBuild } from '../../../../helpers/cliBuild.js';
import { repoRoot } from '../../../../helpers/paths.js';
import { pagePayload } from '../../../../helpers/site.js';
import { checkSiteLinks } from '../../../../../src/builder/pipeline/checkLinks.js';

// The Docusaurus plugin lifecycle on test/fixtures/docusaurus-plugins (a local CommonJS plugin using
// every method, an ES module theme, a plugin function of the config), in both locales: what each
// method gives ends up where Docusaurus puts it.

const fixture = path.join(repoRoot, 'test/fixtures/docusaurus-plugins');
const config = path.join(fixture, 'site.config.ts');
let built: CliBuild;

beforeAll(async () => {
  built = await cliBuild(config);
  if (built.status) throw new Error(built.stderr);
}, 120_000);

const html = (p: string) => built.sink.read(p) ?? '';

describe('the Docusaurus plugin lifecycle', () => {
  it('adds the routes of contentLoaded and allContentLoaded in each locale, with their modules and props', () => {
    const routes = built.result!.rendered.map((r) => r.route.path);
    expect(routes).toEqual(expect.arrayContaining(['/items', '/all-content', '/fr/items', '/fr/all-content']));
    // createData's JSON (modules) and props reach the component: drawn on the server, in the payload for hydration.
    expect(html('items/index.html')).toContain('<ul id="items"><li>One</li><li>Two</li></ul>');
    expect(html('fr/items/index.html')).toContain('Items (<!-- -->fr<!-- -->)');
    expect(pagePayload(html('fr/items/index.html')).page.content).toMatchObject({
      kind: 'componentPage',
      props: {
        locale: 'fr',
        items: [
          { id: 1, label: 'One' },
          { id: 2, label: 'Two' },
        ],
      },
    });
    // allContentLoaded saw every plugin's content; its route's component is the theme's (getThemePath).
    expect(html('all-content/index.html')).toContain('<ul id="all-content"><li>inline-plugin</li><li>lifecycle-plugin</li><li>theme-plugin</li></ul>');
    expect(html('items/index.html')).toContain('<span id="hello-badge">badge of the theme plugin</span>');
    // The added routes are pages as the others: in the sitemap, and the docs' links to them are not broken.
    expect(html('sitemap.xml')).toContain('<loc>https://plugins.example/fr/items</loc>');
  });

  it('publishes global data by plugin name and id, with the docs plugin’s, per locale', () => {
    const chrome = pagePayload(html('fr/items/index.html')).chrome;
    expect(chrome.globalData).toMatchObject({
      'lifecycle-plugin': { default: { count: 2 } },
      'inline-plugin': { default: { greeting: 'hello', locale: 'fr' } },
      'docusaurus-plugin-content-docs': {
        default: {
          path: '/fr/docs',
          breadcrumbs: true,
          versions: [
            {
              name: 'current',
              isLast: true,
              path: '/fr/docs',
              mainDocId: 'intro',
              docs: [{ id: 'intro', path: '/fr/docs/intro', sidebar: 'tutorialSidebar' }],
              sidebars: { tutorialSidebar: { link: { path: '/fr/docs/intro', label: 'Intro' } } },
            },
          ],
        },
      },
    });
    expect(html('items/index.html')).toContain('<p id="greeting">hello<!-- --> <!-- -->en</p>');
    expect(html('index.html')).toContain('<p id="global-plugins">docusaurus-plugin-content-docs,inline-plugin,lifecycle-plugin</p>');
  });

  it('injects the tags of injectHtmlTags, per locale, in the head and around the body', () => {
    const page = html('fr/docs/intro/index.html');
    expect(page).toMatch(/<meta name="lifecycle-plugin" content="fr">.*<\/head><body><div id="pre-body-tag" hidden><\/div><div id="__sitegen">/s);
    expect(page).toMatch(/<div id="post-body-tag" hidden>2<\/div><\/body><\/html>$/);
    expect(html('docs/intro/index.html')).toContain('<meta name="lifecycle-plugin" content="en">');
  });

  it('bundles the client modules, the resolve.alias of configureWebpack and the PostCSS plugins, and warns once of the rest', () => {
    const scripts = textOf(built.sink, '.js');
    expect(scripts).toContain('clientModule');
    expect(html('items/index.html')).toContain('<p id="aliased">from the alias</p>');
    const css = textOf(built.sink, '.css');
    expect(css).toContain('.hello-title{color:red}');
    expect(css).not.toContain('hello-red');
    expect(built.result!.warnings.map((w) => w.message)).toEqual(['the plugin "lifecycle-plugin" configures webpack: devServer ignored (sitegen bundles with esbuild)']);
  });

  it('runs postBuild per locale once the output is complete, with its folder and routes', () => {
    expect(JSON.parse(built.sink.read('post-build.json')!)).toEqual({
      routesPaths: ['/docs/intro', '/', '/items', '/all-content', '/404.html'],
      locale: 'en',
      title: 'Docusaurus Plugins Fixture',
      baseUrl: '/',
      hasItems: false,
    });
    expect(JSON.parse(built.sink.read('fr/post-build.json')!)).toMatchObject({ locale: 'fr', baseUrl: '/fr/' });
  });

  it('in a folder build, postBuild sees the output; a failing postBuild fails the build and leaves the previous output as it was', async () => {
    const outDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-postbuild-')), 'build');
    const first = await cliBuild(config, { outDir });
    expect(first.status).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(outDir, 'fr/post-build.json'), 'utf8'))).toMatchObject({ hasItems: true, locale: 'fr' });
    const before = fs.readFileSync(path.join(outDir, 'items/index.html'), 'utf8');
    fs.writeFileSync(path.join(outDir, 'post-build.json'), 'from the first build');
    const failed = await cliBuild(path.join(fixture, 'failing-post-build.config.ts'), { outDir });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('The Docusaurus plugin "failing-post-build" failed');
    expect(failed.stderr).toContain('postBuild: the deploy manifest cannot be written');
    expect(fs.readFileSync(path.join(outDir, 'post-build.json'), 'utf8')).toBe('from the first build');
    expect(fs.readFileSync(path.join(outDir, 'items/index.html'), 'utf8')).toBe(before);
    expect(fs.readdirSync(path.dirname(outDir))).toEqual(['build']);
  }, 120_000);

  it('check-links checks the added routes as build does: links to them resolve, their components are drawn', async () => {
    const report = await checkSiteLinks({ config, cache: false });
    expect(report).toMatchObject({ ok: true, brokenLinks: [], errors: [] });
    expect(report.pages).toBe(built.result!.pages);
  });

  it('refuses a plugin whose configureWebpack adds loaders, naming it and the loader', async () => {
    const failed = await cliBuild(path.join(fixture, 'webpack-loaders.config.ts'));
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('The Docusaurus plugin "yaml-loader-plugin" needs webpack');
    expect(failed.stderr).toContain('its configureWebpack adds webpack loaders (yaml-loader), which sitegen does not run');
  });
});
