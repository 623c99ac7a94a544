import { describe, expect, it } from 'vitest';
import type { Element } from 'hast';
import { headingAnchors } from '../../../../../src/builder/markdown/plugins/headingAnchors.js';
import { headingIds } from '../../../../../src/builder/markdown/plugins/headingIds.js';
import { hast, html, mdast, renderContext } from './trees.js';

// Every h2-h6 with an id gets the "Direct link to {heading}" hash link, in the locale's words.

function render(source: string, strings: Record<string, string> = {}, withIds = true): string {
  const tree = mdast(source);
  if (withIds) headingIds(tree);
  const h = hast(tree);
  headingAnchors(h, renderContext({ strings }));
  return html(h);
}

describe('headingAnchors', () => {
  it('adds a hash link labelled with the heading text to h2 to h6', () => {
    expect(render('## Install *kind*\n\n###### Deep\n')).toBe(
      '<h2 id="install-kind" class="anchor">Install <em>kind</em><a href="#install-kind" class="hash-link" aria-label="Direct link to Install kind" title="Direct link to Install kind">\u200B</a></h2>\n' +
        '<h6 id="deep" class="anchor">Deep<a href="#deep" class="hash-link" aria-label="Direct link to Deep" title="Direct link to Deep">\u200B</a></h6>',
    );
  });

  it('leaves the page title (h1) and a heading without an id alone', () => {
    expect(render('# Title\n\n## No id\n', {}, false)).toBe('<h1>Title</h1>\n<h2>No id</h2>');
    expect(render('# Title\n')).toBe('<h1 id="title">Title</h1>');
  });

  it("uses the locale's label, with the heading trimmed into it", () => {
    expect(render('## 安装 {#install}\n', { 'theme.common.headingLinkTitle': '{heading}的直接链接' })).toBe(
      '<h2 id="install" class="anchor">安装<a href="#install" class="hash-link" aria-label="安装的直接链接" title="安装的直接链接">\u200B</a></h2>',
    );
  });

  it('trims the heading text in the label', () => {
    const h = hast(mdast('## Install\n'));
    const h2 = h.children[0] as Element;
    h2.properties.id = 'install';
    h2.children.push({ type: 'element', tagName: 'span', properties: {}, children: [{ type: 'text', value: ' ' }] });
    headingAnchors(h, renderContext());
    expect(html(h)).toContain('aria-label="Direct link to Install" title="Direct link to Install"');
  });

  it('does not touch other elements carrying an id', () => {
    const h = hast(mdast('Text.\n'));
    h.children.push({ type: 'element', tagName: 'div', properties: { id: 'x' }, children: [] });
    headingAnchors(h, renderContext());
    expect(html(h)).toBe('<p>Text.</p><div id="x"></div>');
  });
});
