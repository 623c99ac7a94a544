import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundle, transform } from 'lightningcss';
import { buildSite } from '../../../helpers/site.js';
import { repoRoot } from '../../../helpers/paths.js';
import type { MemorySink } from '../../../../src/builder/output/sink.js';
import type { BuildResult } from '../../../../src/builder/build.js';
import { themeStylesheets } from '../../../../src/builder/css/themeStylesheets.js';
import { build } from '../../../../src/builder/build.js';
import { createBuildCache } from '../../../../src/builder/cache.js';
import { MemorySink as Sink } from '../../../../src/builder/output/sink.js';

// The stylesheet every page links, cut to what the site shows (builder/css/siteStyles.ts), on a
// fixture of our own (test/fixtures/pruned-css-site). The checks hold whatever classes the theme
// uses: a theme rule is kept when its classes are on the built pages, and dropped only when one of
// its classes is nowhere in the built HTML or scripts.

const fixture = path.join(repoRoot, 'test/fixtures/pruned-css-site/site.config.ts');
const customCss = path.join(repoRoot, 'test/fixtures/pruned-css-site/src/css/custom.css');

const text = (sink: MemorySink, file: string) => {
  const v = sink.files.get(file);
  if (v === undefined) throw new Error(`${file} was not written`);
  return typeof v === 'string' ? v : Buffer.from(v).toString('utf8');
};
/** Each selector of a stylesheet (lightningcss's AST as JSON) and the classes it names outside :not(). */
const selectorsOf = (css: string) => {
  const all = new Map<string, string[]>();
  transform({
    filename: 'x.css',
    code: Buffer.from(css),
    visitor: {
      Selector(s) {
        all.set(
          JSON.stringify(s),
          s.flatMap((c) => (c.type === 'class' ? [c.name] : [])),
        );
      },
    },
  });
  return all;
};

describe('the stylesheet cut to what the site shows', () => {
  let result: BuildResult;
  let sink: MemorySink;
  let shipped: string;
  let html: string[];
  let scripts: string[];
  beforeAll(async () => {
    ({ result, sink } = await buildSite(fixture));
    html = sink
      .paths()
      .filter((f) => f.endsWith('.html'))
      .map((f) => text(sink, f));
    scripts = sink
      .paths()
      .filter((f) => f.endsWith('.js'))
      .map((f) => text(sink, f));
    const href = /<link rel="stylesheet" href="\/base\/([^"]+)">/.exec(text(sink, 'index.html'))![1];
    shipped = text(sink, href);
  });

  it('is linked by every page under a name that is its content’s', () => {
    const links = new Set(html.map((h) => /<link rel="stylesheet" href="([^"]+)">/.exec(h)?.[1]));
    expect(links.size).toBe(1);
    expect([...links][0]).toMatch(/^\/base\/assets\/css\/styles\.[A-Z2-7]{8}\.css$/);
    expect(result.client.css[0]).toBe([...links][0]);
  });

  it('keeps every rule of the site’s customCss, shown or not', () => {
    expect(shipped).toContain('--fixture-accent:#c0ffee');
    expect(shipped).toContain('.fixture-note{');
    expect(shipped).toContain('.fixture-never-shown{color:#639}');
    expect(shipped).toContain('.pills__item--active{');
  });

  it('drops theme rules only for a class neither the pages nor the scripts hold, and keeps those the pages show', () => {
    // The theme's own CSS (the last of its stylesheets; Infima's own pruning is test/unit/builder/css's): the
    // words below over-count, and Infima's generic class names (badge, card) are words of any page.
    const theme = selectorsOf(bundle({ filename: themeStylesheets(repoRoot).at(-1)! }).code.toString());
    const kept = selectorsOf(shipped);
    const classesOnPages = new Set(html.flatMap((h) => [...h.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/))));
    // Every word of the built HTML (its text too) and scripts (identifiers too), but for the selectors
    // a script only looks for (`querySelector('.x')` gives no element the class x).
    const looks = /\b(?:querySelector(?:All)?|closest|matches)(?:<\w+>)?\(\s*(["'])(?:(?!\1).)*\1/g;
    const everywhere = new Set([...html, ...scripts.map((s) => s.replace(looks, ''))].flatMap((t) => t.split(/[^\w-]+/)));
    const dropped = [...theme].filter(([key]) => !kept.has(key));
    expect(dropped.length).toBeGreaterThan(0);
    // The elements a selector names at its top level (`.markdown h3`: h3), and those on the pages.
    const types = (key: string) => (JSON.parse(key) as { type: string; name?: string }[]).flatMap((c) => (c.type === 'type' ? [c.name!] : []));
    const tagsOnPages = new Set(html.flatMap((h) => [...h.matchAll(/<([a-z][\w-]*)/g)].map((m) => m[1])));
    for (const [key, classes] of dropped) expect(classes.some((c) => !everywhere.has(c)) || types(key).some((t) => !tagsOnPages.has(t)), key).toBe(true);
    // A theme selector all of whose classes and elements (and no :is()/:not() argument) are on a page is kept.
    const plain = [...theme].filter(([key, classes]) => classes.length && !key.includes('"selectors"') && classes.every((c) => classesOnPages.has(c)) && types(key).every((t) => tagsOnPages.has(t)));
    expect(plain.length).toBeGreaterThan(5);
    for (const [key] of plain) expect(kept.has(key), key).toBe(true);
  });

  it('keeps the classes a React page builds in code and the ones its markup names', () => {
    // `alert--${kind}` and `className="fixture-note"` in markdown: the page shows them.
    expect(html.join('\n')).toContain('class="alert alert--warning"');
    expect(html.join('\n')).toContain('class="fixture-note"');
  });

  it('gives one warning for the Docusaurus class no page shows, at its rule, and none for the site’s own', () => {
    const warnings = result.warnings.filter((w) => w.message.includes('Docusaurus theme class'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].file).toBe(customCss);
    expect(warnings[0].line).toBe(15);
    expect(warnings[0].message).toContain(`${customCss}:15:1 .pills__item--active`);
    expect(warnings[0].message).not.toContain('fixture-never-shown');
  });

  it('is the same file from one build to the next', async () => {
    const again = await buildSite(fixture);
    expect(again.result.client.css).toEqual(result.client.css);
  });
});

describe('the pruned stylesheet in a build cache', () => {
  it('is reused while nothing changes, and made again when a page shows a class it had dropped', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-pruned-'));
    fs.cpSync(path.dirname(fixture), dir, { recursive: true });
    const configFile = path.join(dir, 'site.config.ts');
    const cache = createBuildCache();
    const once = async () => {
      const sink = new Sink();
      const result = await build({ configFile, sink, cache });
      return selectorsOf(text(sink, result.client.css[0].replace(/^\/base\//, '')));
    };
    try {
      const first = await once();
      expect(cache.styles.size).toBeGreaterThan(1);
      expect([...(await once()).keys()]).toEqual([...first.keys()]);
      // A theme selector of one class the first build dropped: a page now shows that class.
      // The theme's own CSS (the last of its stylesheets; Infima's own pruning is test/unit/builder/css's): the
      // words below over-count, and Infima's generic class names (badge, card) are words of any page.
      const theme = selectorsOf(bundle({ filename: themeStylesheets(repoRoot).at(-1)! }).code.toString());
      const [key, [name]] = [...theme].find(([k, classes]) => !first.has(k) && classes.length === 1 && !k.includes('"selectors"') && !k.includes('combinator'))!;
      fs.appendFileSync(path.join(dir, 'docs/intro.md'), `\n<div className="${name}">shown now</div>\n`);
      expect((await once()).has(key)).toBe(true);
    } finally {
      await cache.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
