import { describe, expect, it } from 'vitest';
import { ClassSet } from '../../../../src/builder/css/classSet.js';
import { addCodeClasses, addDataClasses, addHtmlClasses } from '../../../../src/builder/css/usedClasses.js';

// Where the pruning reads the classes a site shows (builder/css/usedClasses.ts).

const of = (fill: (s: ClassSet) => void) => {
  const s = new ClassSet();
  fill(s);
  return s;
};

describe('used classes', () => {
  it('reads the class attributes of markup, not its text', () => {
    const s = of((set) => addHtmlClasses(set, `<div class="hero hero--primary"><p>a button</p><span class='badge'>x</span></div>`));
    expect([...s.names].sort()).toEqual(['badge', 'hero', 'hero--primary']);
  });

  it('reads attributes after white space only, quoted, and tags that start with a letter', () => {
    const html = `<a class="x y"class="z"><B\tclass='q'> class="open <DIV-1 style="--ifm-a: 1"><p\nstyle='b'class="w"></p><1 <_u <h2>`;
    const s = of((set) => addHtmlClasses(set, html));
    // ` class="open <DIV-1 style="` is one attribute: its words count, and the `style=` in it starts no other
    // (`--ifm-a` is text after it); `class="z"` and `class="w"` follow no white space.
    expect([...s.names].sort()).toEqual(['DIV-1', 'b', 'open', 'q', 'style', 'x', 'y']);
    expect([...s.elements].sort()).toEqual(['a', 'b', 'div-1', 'h2', 'p']);
  });

  it('reads the tags a set does not hold yet past those it holds: a longer name, another case, a new tag', () => {
    const s = of((set) => {
      addHtmlClasses(set, '<a href="x"><p>one</p></a>');
      expect(addHtmlClasses(set, '<p><abbr>x</abbr><a-b></a-b><P>y</P><a>z</a><mark>m</mark></p>')).toBe(false);
    });
    expect([...s.elements].sort()).toEqual(['a', 'a-b', 'abbr', 'mark', 'p']);
    // `<style` is told whether the set knows the element or not.
    const styled = of((set) => set.addElement('style'));
    expect(addHtmlClasses(styled, '<div><style>.x{}</style></div>')).toBe(true);
    expect(addHtmlClasses(styled, '<div><styles></styles></div>')).toBe(true);
    expect(addHtmlClasses(styled, '<div>a style</div>')).toBe(false);
  });

  it('reads the elements of markup, of the markdown’s JSX, of injected tags and of code strings', () => {
    const s = of((set) => {
      addDataClasses(set, { bodyHtml: '<table><tr><td><kbd>K</kbd></td></tr></table>', tags: [{ tagName: 'IFRAME' }], title: 'a <details> in words is text' });
      addCodeClasses(set, 'export default () => <><hr /><Custom /><section>x</section></>;', 'doc.mdx.jsx');
      addCodeClasses(set, 'x=jsx("mark",{})', 'bundle.js');
    });
    for (const tag of ['table', 'tr', 'td', 'kbd', 'iframe', 'hr', 'section', 'mark', 'details', 'html', 'body', 'tbody']) expect(s.hasElement(tag), tag).toBe(true);
    for (const tag of ['blockquote', 'dl', 'custom']) expect(s.hasElement(tag), tag).toBe(false);
  });

  it('reads `className`s and the markup anywhere in page data', () => {
    const s = of((set) => addDataClasses(set, { items: [{ label: 'x', className: 'header-github-link' }], bodyHtml: '<p class="lead">button</p>', title: 'card' }));
    expect([...s.names].sort()).toEqual(['header-github-link', 'lead']);
  });

  it('reads the strings of minified code, not its identifiers, comments or regular expressions', () => {
    const code = `/* .commented */var row=1,col=a/2/b,re=/"quoted"|'x'/g;function f(k){return "navbar__inner "+(k?"menu__link--active":'')}`;
    const s = of((set) => addCodeClasses(set, code, 'bundle.js'));
    expect(s.has('navbar__inner')).toBe(true);
    expect(s.has('menu__link--active')).toBe(true);
    for (const word of ['row', 'col', 'commented', 'quoted']) expect(s.has(word)).toBe(false);
  });

  it('does not count a class a script only looks for (querySelector, closest): no element gets it there', () => {
    const code = `document.querySelector(".navbar__inner").classList.add("is-open");e.target.closest('.menu__link');x.querySelectorAll(sel,".not-a-query");`;
    const s = of((set) => addCodeClasses(set, code, 'bundle.js'));
    expect(s.has('is-open')).toBe(true);
    expect(s.has('not-a-query')).toBe(true);
    expect(s.has('navbar__inner')).toBe(false);
    expect(s.has('menu__link')).toBe(false);
    const parsed = of((set) => addCodeClasses(set, `export const A = () => { document.querySelector('.navbar__inner'); return <div className="row" />; };`, 'a.jsx'));
    expect([...parsed.names]).toEqual(['row']);
  });

  it('takes a template literal’s part before `${` as a prefix, and goes on reading after it', () => {
    const code = 'const c=`alert alert--${kind} theme-admonition-${type}`;const d={a:1};x(`${d.a}tabs__item`, "after");';
    const s = of((set) => addCodeClasses(set, code, 'bundle.js'));
    expect(s.has('alert--warning')).toBe(true);
    expect(s.has('theme-admonition-note')).toBe(true);
    expect(s.has('tabs__item')).toBe(true);
    expect(s.has('after')).toBe(true);
    expect(s.has('button--warning')).toBe(false);
  });

  it('parses code with JSX (the markdown’s), so that an apostrophe in JSX text is not a string', () => {
    const code = `export const A = () => <div className="card shadow--md"><p>It's here</p><b className={'badge ' + kind}>x</b></div>;`;
    const s = of((set) => addCodeClasses(set, code, 'page.jsx'));
    expect([...s.names].sort()).toEqual(['badge', 'card', 'shadow--md']);
  });
});
