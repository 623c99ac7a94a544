import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { transform } from 'lightningcss';
import { buildSite } from '../../../helpers/site.js';
import { repoRoot } from '../../../helpers/paths.js';
import type { MemorySink } from '../../../../src/builder/output/sink.js';

// A right-to-left locale (test/fixtures/rtl-site: `fa` with i18n.localeConfigs.fa.direction 'rtl', as
// Docusaurus reads it): its pages say dir="rtl" and link the stylesheet built on Infima's RTL build
// (infima/dist/css/default/default-rtl.css), pruned as the other; the English pages keep the
// left-to-right stylesheet. A site without such a locale ships no second stylesheet.

const fixture = path.join(repoRoot, 'test/fixtures/rtl-site/site.config.ts');

/** A file the build wrote (it fails the test when there is none). */
const text = (sink: MemorySink, file: string) => sink.read(file) ?? expect.unreachable(`${file} was not written`);
const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="\/([^"]+)">/g)].map((m) => m[1]);

/** The declarations (lightningcss's AST as JSON) of the style rules whose only selector is exactly `.name` or `name`. */
function declarationsOf(css: string, selector: string): string {
  const found: string[] = [];
  transform({
    filename: 'styles.css',
    code: Buffer.from(css),
    visitor: {
      Rule: {
        style(rule) {
          const named = rule.value.selectors.some((s) => s.length === 1 && (s[0].type === 'class' || s[0].type === 'type') && (s[0].type === 'class' ? `.${s[0].name}` : s[0].name) === selector);
          if (named) found.push(JSON.stringify(rule.value.declarations));
          return undefined;
        },
      },
    },
  });
  return found.join('\n');
}

describe('a right-to-left locale', () => {
  let sink: MemorySink;
  let en: string;
  let fa: string;
  beforeAll(async () => {
    ({ sink } = await buildSite(fixture));
    en = text(sink, 'docs/intro/index.html');
    fa = text(sink, 'fa/docs/intro/index.html');
  }, 120_000);

  it('writes dir="rtl" on the html of its pages, and "ltr" on the others', () => {
    expect(fa).toMatch(/<html lang="fa" dir="rtl"/);
    expect(en).toMatch(/<html lang="en" dir="ltr"/);
  });

  it('links the stylesheet made with Infima’s RTL build on its pages, the left-to-right one on the others', () => {
    const [ltr] = stylesheets(en);
    const [rtl] = stylesheets(fa);
    expect(ltr).toMatch(/^assets\/css\/styles\.[A-Z2-7]{8}\.css$/);
    expect(rtl).toMatch(/^assets\/css\/styles-rtl\.[A-Z2-7]{8}\.css$/);
    expect(stylesheets(en)).not.toContain(rtl);
    expect(stylesheets(fa)).not.toContain(ltr);
    const ltrCss = text(sink, ltr);
    const rtlCss = text(sink, rtl);
    // Lists are indented on the right, the "next" button sits on the left (Infima's RTL build).
    expect(declarationsOf(rtlCss, 'ul')).toContain('"padding-right"');
    expect(declarationsOf(ltrCss, 'ul')).toContain('"padding-left"');
    expect(declarationsOf(rtlCss, '.pagination-nav__link--next')).toContain('"left"');
    expect(declarationsOf(ltrCss, '.pagination-nav__link--next')).toContain('"right"');
    // Pruned as the other: an Infima component no page shows is in neither.
    for (const css of [ltrCss, rtlCss]) expect(declarationsOf(css, '.avatar__photo')).toBe('');
    expect(Math.abs(rtlCss.length - ltrCss.length)).toBeLessThan(ltrCss.length / 10);
  });

  it('is not shipped by a site without one', async () => {
    const { sink: other } = await buildSite(path.join(repoRoot, 'test/fixtures/pruned-css-site/site.config.ts'));
    expect(other.paths().filter((p) => p.includes('styles-rtl'))).toEqual([]);
  });
});
