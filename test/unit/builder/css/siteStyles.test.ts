import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundle, transform } from 'lightningcss';
import { siteStyles, type StylesCacheEntry } from '../../../../src/builder/css/siteStyles.js';
import { KeyedCache } from '../../../../src/builder/cacheKey.js';
import { themeStylesheets } from '../../../../src/builder/css/themeStylesheets.js';
import type { ClientBundle } from '../../../../src/builder/bundle/client.js';
import { repoRoot } from '../../../helpers/paths.js';

// The build's step (builder/css/siteStyles.ts) on a bundle made by hand: the stylesheet is given back
// untouched when nothing in it is unused, and renamed by its new content, with the pages' link, when
// a theme rule goes.

/** A custom property the theme's stylesheets declare. */
function themeVariable(): string {
  let found: string | undefined;
  transform({
    filename: 'theme.css',
    code: bundle({ filename: themeStylesheets(repoRoot)[0] }).code,
    visitor: { Declaration: { custom: (d) => void (found ??= d.name.startsWith('--') ? d.name : undefined) } },
  });
  return found!;
}

/** A rule of the theme's stylesheets for one class (whatever the theme's classes are). */
function themeRule(): { css: string; name: string } {
  let found: { css: string; name: string } | undefined;
  const code = bundle({ filename: themeStylesheets(repoRoot)[0] }).code;
  transform({
    filename: 'theme.css',
    code,
    visitor: {
      Rule: {
        style(rule) {
          const [s] = rule.value.selectors;
          if (!found && rule.value.selectors.length === 1 && s.length === 1 && s[0].type === 'class') found = { css: `.${s[0].name}{outline:1px solid red}`, name: s[0].name };
        },
      },
    },
  });
  return found!;
}

const clientWith = (css: string, js = ''): ClientBundle => ({
  assets: { js: '/b/assets/js/main.AAAAAAAA.js', css: ['/b/assets/css/styles.AAAAAAAA.css'], preload: [], pageChunks: {}, pageCss: {}, layoutChunks: {} },
  files: [
    { path: 'assets/css/styles.AAAAAAAA.css', contents: Buffer.from(css) },
    { path: 'assets/js/main.AAAAAAAA.js', contents: Buffer.from(js) },
  ],
  read: [],
  styles: 'assets/css/styles.AAAAAAAA.css',
});

describe('siteStyles', () => {
  const rule = themeRule();
  const params = (client: ClientBundle, pages: { page: unknown }[] = []) => ({ client, pages, chromes: [], customCss: [], siteDir: '/nowhere' });

  it('gives the bundle back as it was when nothing is unused', async () => {
    const client = clientWith(`${rule.css}.site-own{color:red}`, `document.body.className="${rule.name}"`);
    const out = await siteStyles(params(client));
    expect(out.client).toBe(client);
    expect(out.dropped.selectors).toBe(0);
  });

  it('drops an unused theme rule, keeps the others, and names the stylesheet by its new content', async () => {
    const client = clientWith(`${rule.css}.site-own{color:red}`);
    const out = await siteStyles(params(client));
    expect(out.dropped.selectors).toBe(1);
    const [file] = out.client.files.filter((f) => f.path.endsWith('.css'));
    expect(Buffer.from(file.contents).toString()).toBe('.site-own{color:red}');
    expect(file.path).toMatch(/^assets\/css\/styles\.[A-Z2-7]{8}\.css$/);
    expect(file.path).not.toBe('assets/css/styles.AAAAAAAA.css');
    expect(out.client.styles).toBe(file.path);
    expect(out.client.assets.css).toEqual([`/b/${file.path}`]);
  });

  it('keeps a theme rule a page shows', async () => {
    const out = await siteStyles(params(clientWith(rule.css), [{ page: { bodyHtml: `<p class="${rule.name}">x</p>` } }]));
    expect(out.dropped.selectors).toBe(0);
  });

  it('reads its result back from the build cache while nothing it reads changed, and makes it again when a page, a script or the markdown’s code shows a class', async () => {
    const cache = { styles: new KeyedCache<StylesCacheEntry>() };
    const client = clientWith(`${rule.css}.site-own{color:red}`);
    const first = await siteStyles({ ...params(client), cache });
    expect(first.dropped.selectors).toBe(1);
    // A mark on the kept result shows that the next build reads it back.
    const [, site] = cache.styles.dump().find(([name]) => name === 'site')!;
    cache.styles.set('site', site.key, { ...site.value, warnings: [{ message: 'read back' }] });
    const again = await siteStyles({ ...params(client), cache });
    expect(again.warnings).toEqual([{ message: 'read back' }]);
    expect(again.client.styles).toBe(first.client.styles);
    expect(Buffer.from(again.client.files.find((f) => f.path === again.client.styles)!.contents).toString()).not.toContain(rule.name);
    // Each of these shows the rule's class: the rule stays, the bundle is given back as it was.
    const shown = [
      { ...params(client, [{ page: { bodyHtml: `<p class="${rule.name}">x</p>` } }]), cache },
      { ...params(clientWith(`${rule.css}.site-own{color:red}`, `el.className = "${rule.name}"`)), cache },
      { ...params(client), markdownModules: new Map([['a.mdx', `export const A = () => <p className="${rule.name}" />;`]]), cache },
    ];
    for (const p of shown) {
      const out = await siteStyles(p);
      expect(out.dropped.selectors).toBe(0);
      expect(out.client).toBe(p.client);
      expect(out.warnings).toEqual([]);
    }
  });

  it('without a build cache, reads back the stylesheet this process pruned with the same inputs, and prunes again when a page shows a class', async () => {
    // A keyframes rule of the site's nothing names: the stylesheet loses it, and the list of what it
    // lost is the pruned result's own (the same array when the result is read back, a new one when made).
    const client = () => clientWith(`${rule.css}@keyframes unnamed-here{from{opacity:0}to{opacity:1}}.site-own{color:red}`);
    const first = await siteStyles(params(client()));
    expect(first.dropped.selectors).toBe(1);
    const again = await siteStyles(params(client()));
    expect(again.dropped.keyframes).toBe(first.dropped.keyframes);
    expect(again.client.styles).toBe(first.client.styles);
    const shown = await siteStyles(params(client(), [{ page: { bodyHtml: `<p class="${rule.name}">x</p>` } }]));
    expect(shown.dropped.selectors).toBe(0);
    expect(shown.dropped.keyframes).not.toBe(first.dropped.keyframes);
  });

  it('keys its result by the classes of the pages, not their text: an edit that shows no other class reads it back, and a page unchanged is not read again', async () => {
    const cache = { styles: new KeyedCache<StylesCacheEntry>() };
    const client = clientWith(`${rule.css}.site-own{color:red}`);
    let reads = 0;
    const counted = <T extends object>(value: T) =>
      new Proxy(value, {
        ownKeys(target) {
          reads++;
          return Reflect.ownKeys(target);
        },
      });
    const unchanged = { page: counted({ route: '/a', bodyHtml: '<p class="site-own">A</p>' }) };
    const page = (text: string, className = 'site-own') => ({ page: { route: '/b', bodyHtml: `<p class="${className}">${text}</p>` } });
    const first = await siteStyles({ ...params(client, [unchanged, page('B')]), cache });
    expect(first.dropped.selectors).toBe(1);
    const [, site] = cache.styles.dump().find(([name]) => name === 'site')!;
    cache.styles.set('site', site.key, { ...site.value, warnings: [{ message: 'read back' }] });
    reads = 0;
    // The second page's text edited, its classes the same.
    const edited = await siteStyles({ ...params(client, [unchanged, page('B, edited')]), cache });
    expect(edited.warnings).toEqual([{ message: 'read back' }]);
    expect(edited.client.styles).toBe(first.client.styles);
    expect(reads).toBe(0);
    // Edited to show the theme rule's class: made again, the rule kept.
    const shown = await siteStyles({ ...params(client, [unchanged, page('B', rule.name)]), cache });
    expect(shown.warnings).toEqual([]);
    expect(shown.dropped.selectors).toBe(0);
    expect(shown.client).toBe(client);
    expect(reads).toBe(0);
  });

  it('reads a sidebar the pages share once, and keeps the rules of its classes', async () => {
    // Every page of a docs folder of 10,000 files has the folder's sidebar: read again for each page,
    // that was 10,000 x 10,000 items (78 s of CPU in the benchmark's build of that folder).
    let reads = 0;
    const items = [{ type: 'link', label: 'Install', href: '/docs/install', className: rule.name }];
    const sidebar = new Proxy(
      { key: 'docs', items },
      {
        ownKeys(target) {
          reads++;
          return Reflect.ownKeys(target);
        },
      },
    );
    const pages = Array.from({ length: 20 }, (_, i) => ({ page: { route: `/docs/p${i}` }, sidebar }));
    const out = await siteStyles(params(clientWith(rule.css), pages));
    expect(out.dropped.selectors).toBe(0);
    expect(reads).toBe(1);
  });

  it('leaves the stylesheet whole in sitegen dev', async () => {
    const client = clientWith(rule.css);
    expect((await siteStyles({ ...params(client), dev: true })).client).toBe(client);
  });

  it('drops a theme custom property nothing reads, and keeps it when the site’s customCss declares it too', async () => {
    const name = themeVariable();
    const css = `:root{${name}:1px;--site-own:2px}.site-own{color:red}`;
    const dropped = await siteStyles(params(clientWith(css)));
    expect(dropped.dropped.variables).toEqual([name]);
    expect(Buffer.from(dropped.client.files[0].contents).toString()).toBe(':root{--site-own:2px}.site-own{color:red}');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-styles-'));
    try {
      fs.writeFileSync(path.join(dir, 'custom.css'), `:root { ${name}: 1px; }\n`);
      const kept = await siteStyles({ ...params(clientWith(css)), customCss: [path.join(dir, 'custom.css')] });
      expect(kept.dropped.variables).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
