import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliBuild } from '../../../../helpers/cliBuild.js';
import { repoRoot } from '../../../../helpers/paths.js';
import { readBuilt, sharedBuild, type SharedBuild } from '../../../../helpers/sharedBuild.js';

// Real Docusaurus plugins from npm, unchanged (dev dependencies), on test/fixtures/real-plugins, in two
// locales: what each writes is what it writes under Docusaurus. Their behaviour in a browser (the
// redirect, the zoom, Tailwind's computed styles) is in test/e2e/builder/docusaurus-plugins.test.ts, which
// reads the same build: the run's shared build of the fixture (test/helpers/sharedBuild.ts), made once
// for both files (its own build here was 5-6 s of a worker's CPU more per run).

const fixture = path.join(repoRoot, 'test/fixtures/real-plugins');
let built: SharedBuild;

beforeAll(async () => {
  built = await sharedBuild(path.join(fixture, 'site.config.ts'));
}, 120_000);

const file = (p: string) => readBuilt(built, p) ?? '';
/** The text of every built file whose name ends with `ext`, one after the other. */
const allOf = (ext: string) =>
  (fs.readdirSync(built.outDir, { recursive: true }) as string[])
    .filter((p) => p.endsWith(ext))
    .sort()
    .map((p) => fs.readFileSync(path.join(built.outDir, p), 'utf8'))
    .join('\n');

describe('real Docusaurus plugins from npm', () => {
  it('@docusaurus/plugin-client-redirects writes its redirect pages in every locale (redirects and createRedirects)', () => {
    const redirects = { 'old-intro/index.html': '/docs/intro', 'guide/intro/index.html': '/docs/intro', 'fr/old-intro/index.html': '/fr/docs/intro', 'fr/guide/intro/index.html': '/fr/docs/intro' };
    for (const [from, to] of Object.entries(redirects)) {
      expect(file(from)).toContain(`<meta http-equiv="refresh" content="0; url=${to}">`);
      expect(file(from)).toContain(`<link rel="canonical" href="${to}" />`);
    }
  });

  it('@docusaurus/plugin-google-tag-manager injects its tags in the head and at the start of the body', () => {
    for (const page of ['index.html', 'fr/docs/intro/index.html']) {
      const html = file(page);
      expect(html).toMatch(/<link rel="preconnect" href="https:\/\/www.googletagmanager.com"><script>window.dataLayer = window.dataLayer \|\| \[\];<\/script><script>\(function\(w,d,s,l,i\)/);
      expect(html).toContain("'GTM-TEST123');</script>");
      expect(html).toContain('<body><noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-TEST123"');
    }
  });

  it('Tailwind 3 through configurePostCss: the utilities the site uses, @apply, no directive left', () => {
    const css = allOf('.css');
    expect(css).toContain('.bg-blue-500{');
    expect(css).toContain('.p-4{padding:1rem}');
    expect(css).toContain('.card{border-radius:.5rem;padding:1rem}');
    expect(css).not.toMatch(/@tailwind|@apply/);
    // Only the classes the content uses.
    expect(css).not.toContain('.bg-red-500');
  });

  it('docusaurus-plugin-image-zoom: its client module (medium-zoom) is in the browser bundle, with themeConfig.zoom', () => {
    const js = allOf('.js');
    expect(js).toContain('medium-zoom-overlay');
    expect(js).toContain('.markdown img');
  });

  it('docusaurus-plugin-react-docgen-typescript (loadContent, contentLoaded): the props of the site’s components as global data', () => {
    expect(file('index.html')).toContain('<li>label<!-- -->: <!-- -->What the button says.</li><li>size<!-- -->: <!-- -->Its size.</li>');
  });

  it('refuses @docusaurus/plugin-ideal-image, by its short name too, with what it needs', async () => {
    const failed = await cliBuild(path.join(fixture, 'ideal-image.config.ts'));
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('Cannot load a Docusaurus plugin');
    expect(failed.stderr).toMatch(/plugins\[5\]: sitegen does not run "@docusaurus\/plugin-ideal-image": it needs webpack loaders \(@docusaurus\/responsive-loader and @docusaurus\/lqip-loader\)/);
  });
});
