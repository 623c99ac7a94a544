import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { transform } from 'lightningcss';
import { ClassSet } from '../../../../src/builder/css/classSet.js';
import { pruneCss } from '../../../../src/builder/css/pruneCss.js';
import { addCodeClasses, addHtmlClasses } from '../../../../src/builder/css/usedClasses.js';
import { repoRoot } from '../../../helpers/paths.js';

// The pruner (builder/css/pruneCss.ts): which selectors can match a page, read with lightningcss.

const used = (...names: string[]) => {
  const set = new ClassSet();
  for (const n of names) set.add(n);
  return set;
};
const prune = (css: string, set: ClassSet, keep?: Parameters<typeof pruneCss>[0]['keep']) => pruneCss({ css, filename: 'test.css', used: set, keep, minify: true });

describe('pruneCss', () => {
  it('drops a rule whose classes are not all used, and only the selectors of a list that cannot match', () => {
    const r = prune('.a{color:red}.b{color:blue}.a .b{margin:0}.a,.c{padding:0}', used('a'));
    expect(r.code).toBe('.a{color:red;padding:0}');
    expect(r.selectors).toBe(3);
  });

  it('keeps rules without classes: elements the site shows, ids, :root, attributes, pseudo-elements, dark-mode variables', () => {
    const css = `:root{--x:1}html[data-theme=dark]{--x:2}body{margin:var(--x)}#top{color:red}a::before{content:""}[hidden]{display:none}`;
    expect(prune(css, used('a')).code).toBe(':root{--x:1}html[data-theme=dark]{--x:2}body{margin:var(--x)}#top{color:red}a:before{content:""}[hidden]{display:none}');
  });

  it('reads :is(), :where() and :has() as "one of", :not() as needing nothing, [class~=x] as .x', () => {
    const css = ':is(.a,.b) p{x:a}:where(.b,.c){x:b}div:has(.b){x:c}p:not(.b){x:d}[class~=b]{x:e}[class~=a]{x:f}[class^=b]{x:g}li:nth-child(2 of .b){x:h}';
    expect(prune(css, used('a', 'p', 'div', 'li')).code).toBe(':is(.a,.b) p{x:a}p:not(.b){x:d}[class~=a]{x:f}[class^=b]{x:g}');
  });

  it('drops the rules of elements no page shows and no code names (kbd, details, table), keeps html, body and a table’s tbody', () => {
    const css = 'kbd{x:a}details>summary{x:b}table td{x:c}p{x:d}.a hr{x:e}html{x:f}body{x:g}tbody{x:h}mark{x:i}';
    const set = used('a');
    addHtmlClasses(set, '<p class="a">text</p>');
    addCodeClasses(set, 'jsx("mark", {})');
    const r = prune(css, set);
    expect(r.code).toBe('p{x:d}html{x:f}body{x:g}tbody{x:h}mark{x:i}');
    expect(r.selectors).toBe(4);
  });

  it('drops the declarations a later rule with the same selector sets again, in the same blocks or at the top level, and no others', () => {
    const css = [
      '.a{color:red;margin-top:1px;padding:0}',
      '.a,.b{color:green;width:1px}',
      '@media print{.a{width:2px;border-top-width:1px}}',
      '.a{color:blue;margin:0;width:3px;height:1px!important}',
      '.a{height:2px}',
      '@media print{.a{border:0}}',
      ':root{--x:1px;--y:2px}.b{top:0}:root{--x:3px}.a{padding:var(--x) var(--y)}',
    ].join('');
    const r = prune(css, used('a', 'b', '--x', '--y'));
    // Dropped: the first .a's color, margin-top (margin covers it) and padding (set again by the
    // last .a); the printed width (set again at the top level) and border-top-width (border covers
    // it); the first --x. Kept: `.a,.b`'s color (not set again for .b), height!important (the later
    // height is not important). lightningcss then merges what is left of the adjacent .a rules.
    expect(r.code).toBe(
      '.a,.b{color:green;width:1px}.a{color:#00f;width:3px;height:2px;margin:0;height:1px!important}@media print{.a{border:0}}:root{--y:2px}.b{top:0}:root{--x:3px}.a{padding:var(--x) var(--y)}',
    );
    expect(r.declarations).toBe(6);
  });

  it('drops no declaration of the rules between two of the same selector: @keyframes, @font-face, @page, nested rules', () => {
    // overridden.ts tells which rule a declaration is in by the selectors lightningcss hands over
    // before it: the declarations of rules without selectors that follow a style rule are not its.
    const css = [
      '.a{opacity:1;font-family:x}',
      '@keyframes k{from{opacity:0}}',
      '@font-face{font-family:y;src:url(a.woff2)}',
      '@page{margin:1cm}',
      '.b{margin:0;.a &{opacity:.5}}',
      '.a{opacity:0;font-family:z;animation:k 1s}',
      '.b{margin:1px}',
    ].join('');
    const r = prune(css, used('a', 'b'));
    expect(r.code).toBe('@keyframes k{0%{opacity:0}}@font-face{font-family:y;src:url(a.woff2)}@page{margin:1cm}.a .b{opacity:.5}.a{opacity:0;font-family:z;animation:1s k}.b{margin:1px}');
    expect(r.declarations).toBe(3);
  });

  it('drops the custom properties and @keyframes only an overridden declaration names', () => {
    // The names are read in the pass that drops the overridden declarations (overridden.ts), over
    // the declarations it keeps: the printed .x's var(--a) and k go with it.
    const css = ':root{--a:1px;--b:2px;--c:var(--b)}@media print{.x{margin:var(--a);animation:1s k}}.y{top:0}.x{margin:var(--c);animation:1s j}@keyframes k{to{opacity:0}}@keyframes j{to{opacity:0}}';
    const r = prune(css, used('x', 'y'));
    expect(r.code).toBe(':root{--c:2px}.y{top:0}.x{margin:var(--c);animation:1s j}@keyframes j{to{opacity:0}}');
    expect(r.declarations).toBe(2);
    expect(r.keyframes).toEqual(['k']);
    expect(r.variables).toEqual(['--a']);
    expect(r.inlined).toEqual(['--b']);
  });

  it('drops the @media and @supports blocks left empty, at any depth, and keeps the others with their used rules', () => {
    const css = '@media (min-width:997px){.a{x:a}.b{x:b}}@media (max-width:996px){@supports (display:grid){.b{x:c}}}@supports (display:flex){.b{x:d}}';
    expect(prune(css, used('a')).code).toBe('@media (min-width:997px){.a{x:a}}');
  });

  it('keeps the selectors `keep` says are the site’s own, whatever they name', () => {
    const css = '.theme{x:a}.site{x:b}';
    expect(prune(css, used(), (s) => JSON.stringify(s).includes('"site"')).code).toBe('.site{x:b}');
  });

  it('drops @keyframes nothing kept names, keeps those a declaration, a custom property or the site’s code names', () => {
    const css =
      '@keyframes a{to{opacity:0}}@keyframes b{to{opacity:0}}@keyframes c{to{opacity:0}}@keyframes d{to{opacity:0}}@keyframes e{to{opacity:0}}.x{animation:1s a}.y{--anim:c;animation-name:var(--anim)}.gone{animation-name:b}';
    const r = prune(css, used('x', 'y', 'd'));
    expect(r.keyframes.sort()).toEqual(['b', 'e']);
    expect(r.code).toBe('@keyframes a{to{opacity:0}}@keyframes c{to{opacity:0}}@keyframes d{to{opacity:0}}.x{animation:1s a}.y{--anim:c;animation-name:var(--anim)}');
  });

  it('drops the custom properties nothing kept reads, following var() chains, and keeps those code names or `keepVariable` keeps', () => {
    const css = ':root{--read:1px;--chained:2px;--via:var(--chained);--unread:3px;--unread-chain:var(--read);--in-code:red;--site:blue}.a{margin:var(--read) var(--via)}.gone{padding:var(--unread)}';
    const set = used('a', '--in-code');
    const r = pruneCss({ css, filename: 'test.css', used: set, keepVariable: (n) => n === '--site' });
    // --read and --chained have one value everywhere: written in place (constants.ts); --via read it.
    expect(r.code).toBe(':root{--via:2px;--in-code:red;--site:blue}.a{margin:1px var(--via)}');
    expect(r.inlined).toEqual(['--chained', '--read']);
    expect(r.variables).toEqual(['--unread', '--unread-chain']);
  });

  it('writes the value of a custom property that has one everywhere in place of its var()s, and no other', () => {
    const css = [
      ':root{--one:1rem;--font:system-ui,sans-serif;--chained:calc(var(--one) * 2);--twice:1px;--scoped:red;--in-code:2px;--site:blue;--imp:3px!important}',
      'html{--twice:2px}.b{--scoped:green}',
      '@media print{:root{--printed:0}}',
      '.a{margin:var(--one) var(--chained);font-family:var(--font);padding:var(--twice);color:var(--scoped);top:var(--in-code);outline-color:var(--site);left:var(--imp);bottom:var(--printed)}',
    ].join('');
    const r = pruneCss({ css, filename: 'test.css', used: used('a', 'b', '--in-code'), keepVariable: (n) => n === '--site' });
    // --one and --font have one value on every element; --chained reads another, --twice (html) and
    // --scoped (.b) are set again elsewhere, --in-code is named by code, --site is the site's, --imp important, --printed in @media.
    expect(r.inlined).toEqual(['--font', '--one']);
    expect(r.code).toBe(
      ':root{--chained:calc(1rem * 2);--twice:1px;--scoped:red;--in-code:2px;--site:blue;--imp:3px!important}html{--twice:2px}.b{--scoped:green}@media print{:root{--printed:0}}.a{margin:1rem var(--chained);font-family:system-ui,sans-serif;padding:var(--twice);color:var(--scoped);top:var(--in-code);outline-color:var(--site);left:var(--imp);bottom:var(--printed)}',
    );
  });

  it('keeps a custom property whose value is a CSS-wide keyword: `--x: inherit` inherits the property, not what var(--x) sets', () => {
    // Infima's `--ifm-table-head-background: inherit`: var() of it is invalid at :root, so a th has no
    // background of its own; `background-color: inherit` would give it its row's stripe again.
    const css =
      ':root{--head:inherit;--tone:initial;--loose:unset;--back:revert;--layer:revert-layer;--one:1px}th{background-color:var(--head);color:var(--tone);top:var(--loose);left:var(--back);right:var(--layer);margin:var(--one)}';
    const r = prune(css, used('th'));
    expect(r.inlined).toEqual(['--one']);
    expect(r.code).toBe(
      ':root{--head:inherit;--tone:initial;--loose:unset;--back:revert;--layer:revert-layer}th{background-color:var(--head);color:var(--tone);top:var(--loose);left:var(--back);right:var(--layer);margin:1px}',
    );
  });

  it('counts a class built in code from a prefix as used (alert--${kind})', () => {
    const set = used('alert');
    set.addPrefix('alert--');
    expect(prune('.alert--danger{x:a}.button--danger{x:b}', set).code).toBe('.alert--danger{x:a}');
  });

  it('writes media queries the bundle’s browsers read (no range syntax)', () => {
    expect(prune('@media (min-width: 997px){.a{x:a}}', used('a')).code).toBe('@media (min-width:997px){.a{x:a}}');
  });
});

describe('pruning Infima against a small page', () => {
  const infimaFile = path.join(repoRoot, 'node_modules/infima/dist/css/default/default.css');
  const infima = fs.readFileSync(infimaFile, 'utf8');
  const html = `<nav class="navbar navbar--fixed-top"><div class="navbar__inner"><a class="navbar__brand">x</a></div></nav>
    <main class="container"><div class="row"><div class="col col--4"><a class="button button--primary button--lg">Go</a></div></div></main>`;
  const set = new ClassSet();
  addHtmlClasses(set, html);
  const r = pruneCss({ css: infima, filename: infimaFile, used: set });
  const selectors = (css: string) => {
    const all: string[] = [];
    transform({ filename: 'x.css', code: Buffer.from(css), visitor: { Selector: (s) => void all.push(JSON.stringify(s)) } });
    return all;
  };
  const kept = selectors(r.code);

  it('drops most of Infima', () => {
    expect(r.code.length).toBeLessThan(infima.length / 3);
    expect(kept.length).toBeLessThan(selectors(infima).length / 3);
    expect(r.code).not.toContain('.pagination-nav');
    expect(r.code).not.toContain('.alert--');
    expect(r.code).not.toContain('.menu__link');
  });

  it('keeps the classes the page uses, with their media queries', () => {
    for (const c of ['.navbar__inner', '.navbar__brand', '.container', '.row', '.col--4', '.button--primary', '.button--lg']) expect(r.code).toContain(c);
    // Infima's responsive rules of the used classes: wide containers, columns stacked below 997px.
    expect(r.code).toContain('@media (min-width:1440px){.container{max-width:1320px}}');
    expect(r.code).toMatch(/@media \(max-width:996px\)\{\.col\{--ifm-col-width:100%;/);
    expect(r.code).toContain('.col--4{--ifm-col-width:calc(4 / 12 * 100%)}');
    expect(r.code).toContain('@media print{.navbar{display:none}}');
  });

  it('keeps the variables of both colour modes', () => {
    expect(r.code).toContain(':root{--ifm-color-scheme:light;');
    expect(r.code).toContain('[data-theme=dark]{--ifm-color-scheme:dark;');
    // Set in one place, read by kept rules: written in place (the site sets none here).
    expect(r.inlined).toContain('--ifm-color-primary');
    expect(r.code).toContain(':where(.button--primary){--ifm-button-background-color:#3578e5;');
    // The variables of the components that went, with them.
    expect(r.code).not.toContain('--ifm-pagination-nav-border-radius');
    expect(r.code).not.toContain('--ifm-tabs-color-active');
    expect(r.code).toContain('--ifm-button-background-color');
  });
});
