import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ClassSet } from '../../../../src/builder/css/classSet.js';
import { deadThemeClassWarning, docusaurusVocabulary } from '../../../../src/builder/css/vocabulary.js';
import { docusaurusVocabulary as fromPackages, vocabularyFile } from '../../../../scripts/docusaurus-vocabulary.js';

// Issue 39, item 6: one warning for the site's rules that target Docusaurus theme classes no page shows.

const used = (...names: string[]) => {
  const s = new ClassSet();
  for (const n of names) s.add(n);
  return s;
};

describe('the Docusaurus vocabulary', () => {
  it('is what the installed infima and @docusaurus/theme-common give (run scripts/docusaurus-vocabulary.ts after an upgrade)', async () => {
    expect(JSON.parse(fs.readFileSync(vocabularyFile, 'utf8'))).toEqual(await fromPackages());
  });

  it('holds Infima’s component classes and theme-classic’s ThemeClassNames', () => {
    const v = docusaurusVocabulary();
    for (const c of ['navbar__inner', 'menu__link--active', 'pagination-nav__link--next', 'alert--warning', 'col--4', 'theme-doc-markdown', 'theme-doc-sidebar-container', 'docs-doc-page'])
      expect(v.has(c)).toBe(true);
    expect(v.has('header-github-link')).toBe(false);
  });
});

describe('deadThemeClassWarning', () => {
  const custom = [
    '.navbar__inner { padding: 0 }',
    '.my-hero { color: red }',
    '.menu__link--active, .navbar__brand { font-weight: 700 }',
    '@media (max-width: 996px) {',
    '  :is(.pills__item) .my-hero { margin: 0 }',
    '}',
  ].join('\n');

  it('lists every rule that names a Docusaurus class no page shows, in one warning at its file:line, with a hint', () => {
    const w = deadThemeClassWarning({ stylesheets: [{ file: '/site/src/css/custom.css', css: custom }], used: used('navbar__brand', 'my-hero') })!;
    expect(w.file).toBe('/site/src/css/custom.css');
    expect(w.line).toBe(1);
    expect(w.message).toContain('3 Docusaurus theme classes');
    expect(w.message).toContain('/site/src/css/custom.css:1:1 .navbar__inner');
    expect(w.message).toContain('/site/src/css/custom.css:3:1 .menu__link--active');
    expect(w.message).toContain('/site/src/css/custom.css:5:3 .pills__item');
    expect(w.hint).toMatch(/does not draw/);
  });

  it('says nothing of the site’s own classes, nor of the theme classes a page shows', () => {
    expect(deadThemeClassWarning({ stylesheets: [{ file: 'custom.css', css: '.my-hero{color:red}.navbar__inner{padding:0}' }], used: used('navbar__inner') })).toBeUndefined();
  });

  it('reads a stylesheet that names a class through an escape, and one that names it only in a comment says nothing', () => {
    const w = deadThemeClassWarning({ stylesheets: [{ file: 'custom.css', css: '.my-hero{color:red}\n.\\6e avbar__inner{padding:0}' }], used: used() })!;
    expect(w.message).toContain('custom.css:2:1 .navbar__inner');
    expect(deadThemeClassWarning({ stylesheets: [{ file: 'custom.css', css: '/* .navbar__inner */ .my-hero{color:red}' }], used: used() })).toBeUndefined();
  });

  it('finds a class of a nested rule or inside :where(), and says nothing of a stylesheet whose `\\` is in a string', () => {
    const css = ".my-hero::after { content: '\\00a0' }\n.my-card {\n  :where(.card__body) & { color: red }\n}";
    const w = deadThemeClassWarning({ stylesheets: [{ file: 'custom.css', css }], used: used() })!;
    expect(w.message).toContain('custom.css:3:3 .card__body');
    expect(deadThemeClassWarning({ stylesheets: [{ file: 'custom.css', css }], used: used('card__body') })).toBeUndefined();
  });

  it('reads only the :global() classes of a CSS module (the others are the module’s own)', () => {
    const css = '.navbar__inner { color: red }\n:global(.menu__link) .local { color: blue }';
    const w = deadThemeClassWarning({ stylesheets: [{ file: 'x.module.css', css, module: true }], used: used() })!;
    expect(w.message).toContain('x.module.css:2:1 .menu__link');
    expect(w.message).not.toContain('.navbar__inner');
  });
});
