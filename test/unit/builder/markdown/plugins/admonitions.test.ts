import { describe, expect, it } from 'vitest';
import { admonitions } from '../../../../../src/builder/markdown/plugins/admonitions.js';
import { at, hast, html, mdast, renderContext } from './trees.js';

// `:::note` and its kin become admonition boxes; any other directive goes back to the text the author
// wrote, with a warning at its line unless it is a bare `:name` in prose or a name Docusaurus does not read.

function render(source: string, overrides: Parameters<typeof renderContext>[0] = {}) {
  const ctx = renderContext(overrides);
  const tree = mdast(source);
  admonitions(tree, ctx);
  // The icons are the theme's drawings: what a test reads is the box around them.
  return { html: html(hast(tree)).replace(/<svg [^]*?<\/svg>/g, '<svg/>'), problems: ctx.problems };
}

// Infima's alert kind of each type, as theme-classic gives it.
const KIND: Record<string, string> = { note: 'secondary', tip: 'success', info: 'info', warning: 'warning', danger: 'danger', caution: 'warning' };

const box = (type: string, title: string, content: string) =>
  `<div class="theme-admonition theme-admonition-${type} alert alert--${KIND[type]}"><div class="admonition-heading"><span class="admonition-icon" aria-hidden="true"><svg/></span>${title}</div><div class="admonition-content">\n${content}\n</div></div>`;

describe('admonitions', () => {
  it('draws each type with its default title, the aliases as the type they stand for', () => {
    for (const type of ['note', 'tip', 'info', 'caution', 'warning', 'danger']) {
      expect(render(`:::${type}\nText.\n:::\n`).html).toBe(box(type, type, '<p>Text.</p>'));
    }
    expect(render(':::important\nA\n:::\n\n:::success\nB\n:::\n\n:::secondary\nC\n:::\n').html).toBe(
      [box('info', 'info', '<p>A</p>'), box('tip', 'tip', '<p>B</p>'), box('note', 'note', '<p>C</p>')].join('\n'),
    );
  });

  it("takes the title from the label, with its markup, else from the locale's strings", () => {
    expect(render(':::tip[Before **you** start]\nInstall.\n:::\n').html).toBe(box('tip', 'Before <strong>you</strong> start', '<p>Install.</p>'));
    expect(render(':::warning\n注意。\n:::\n', { strings: { 'theme.admonition.warning': '警告' } }).html).toBe(box('warning', '警告', '<p>注意。</p>'));
  });

  it('draws the icon of its type', () => {
    const ctx = renderContext();
    const tree = mdast(':::tip\nA\n:::\n\n:::danger\nB\n:::\n');
    admonitions(tree, ctx);
    const out = html(hast(tree));
    expect(out.match(/viewBox="[^"]+"/g)).toEqual(['viewBox="0 0 12 16"', 'viewBox="0 0 14 16"']);
    expect(out).toContain('<path fill-rule="evenodd" d="M6.5 0C3.48');
    expect(out).toContain('<path fill-rule="evenodd" d="M5.05.31c');
  });

  it('draws admonitions nested in one another and in lists', () => {
    expect(render('::::note\nOuter.\n\n:::tip\nInner.\n:::\n::::\n').html).toBe(box('note', 'note', `<p>Outer.</p>\n${box('tip', 'tip', '<p>Inner.</p>')}`));
    expect(render('- item\n\n  :::info\n  In a list.\n  :::\n').html).toContain(box('info', 'info', '<p>In a list.</p>'));
  });

  it('gives an unknown container back as its text, and warns at its line (front matter counted)', () => {
    const r = render('Intro.\n\n:::foo[Label]{a="1" b}\nBody.\n:::\n', { lineOffset: 3 });
    expect(r.html).toBe('<p>Intro.</p>\n<p>:::foo[Label]{a="1" b}</p>\n<p>Body.</p>\n<p>:::</p>');
    expect(at(r.problems.warnings)).toEqual(['6:1 Unused markdown directive ":::foo": no admonition or directive has this name, so it is shown as the text written']);
    expect(r.problems.warnings[0]).toMatchObject({
      file: '/site/docs/guide/page.md',
      hint: 'Admonitions are :::note, :::tip, :::info, :::caution, :::warning, :::danger, :::important; to show the colons as text, escape the first (\\:::foo).',
    });
    expect(r.problems.errors).toEqual([]);
  });

  it('gives leaf and text directives back as their text, warning about those with a label or attributes', () => {
    const r = render('::youtube{id="x1"}\n\nSee :abbr[HTML]{title="HyperText"} and :kbd[Ctrl].\n');
    expect(r.html).toBe('<p>::youtube{id="x1"}</p>\n<p>See :abbr[HTML]{title="HyperText"} and :kbd[Ctrl].</p>');
    expect(r.problems.warnings.map((w) => `${w.line}:${w.column} ${/"(.*?)"/.exec(w.message)?.[1]}`)).toEqual(['1:1 ::youtube', '3:5 :abbr', '3:40 :kbd']);
  });

  it('gives a leaf directive back with its label in brackets, before its attributes, as written', () => {
    expect(render('::youtube[Demo *video*]{id="x1"}\n\n::toc\n').html).toBe('<p>::youtube[Demo <em>video</em>]{id="x1"}</p>\n<p>::toc</p>');
  });

  it('keeps prose colons as they are, without a warning', () => {
    const r = render('The ratio is 3:1, the key name:value, at 10:30am; see http://x.org:8080.\n');
    expect(r.html).toBe('<p>The ratio is 3:1, the key name:value, at 10:30am; see http://x.org:8080.</p>');
    expect(r.problems.warnings).toEqual([]);
  });

  it('does not warn about a name Docusaurus reads as text (not ASCII)', () => {
    const r = render(':::注意\n内容\n:::\n');
    expect(r.html).toBe('<p>:::注意</p>\n<p>内容</p>\n<p>:::</p>');
    expect(r.problems.warnings).toEqual([]);
  });

  it('reads an escaped directive as text', () => {
    const r = render('\\:::note\nText\n:::\n');
    expect(r.html).toBe('<p>:::note\nText\n:::</p>');
    expect(r.problems.warnings).toEqual([]);
  });
});
