import { describe, expect, it } from 'vitest';
import type { Element, Root } from 'hast';
import { fillInlineTocs } from '../../../../../src/builder/markdown/plugins/tocInline.js';
import { headingIds } from '../../../../../src/builder/markdown/plugins/headingIds.js';
import { headingAnchors } from '../../../../../src/builder/markdown/plugins/headingAnchors.js';
import { hast, html, mdast, renderContext } from './trees.js';

// <TOCInline /> leaves an element naming its levels (components.ts); this pass fills it with the
// headings of the file, as nested lists of links, once every heading has its id and hash link.

function page(source: string, ...levels: string[]): Root {
  const tree = mdast(source);
  headingIds(tree);
  const h = hast(tree);
  headingAnchors(h, renderContext());
  const placeholders = levels.map((level): Element => ({ type: 'element', tagName: 'div', properties: { className: ['toc-inline'], dataTocInline: level }, children: [] }));
  h.children.unshift(...placeholders);
  return h;
}

const tocs = (h: Root) => html({ type: 'root', children: h.children.filter((c) => c.type === 'element' && c.tagName === 'div') });

describe('fillInlineTocs', () => {
  it('lists the headings of its levels as lists nested by level, with their markup but no links', () => {
    const h = page('# Title\n\n## Install `kind`\n\n### On [Linux](https://x.org)\n\n#### Too deep\n\n### On macOS\n\n## Run\n', '2-3');
    fillInlineTocs(h);
    expect(tocs(h)).toBe(
      '<div class="toc-inline"><ul>' +
        '<li><a href="#install-kind">Install <code>kind</code></a><ul><li><a href="#on-linux">On Linux</a></li><li><a href="#on-macos">On macOS</a></li></ul></li>' +
        '<li><a href="#run">Run</a></li>' +
        '</ul></div>',
    );
  });

  it('fills each inline table of contents with its own levels, and drops the marker', () => {
    const h = page('## A\n\n### B\n\n#### C\n', '2-2', '3-4');
    fillInlineTocs(h);
    expect(tocs(h)).toBe('<div class="toc-inline"><ul><li><a href="#a">A</a></li></ul></div><div class="toc-inline"><ul><li><a href="#b">B</a><ul><li><a href="#c">C</a></li></ul></li></ul></div>');
  });

  it('nests a heading that skips a level under the nearest one above, and starts a list again after a shallower one', () => {
    const h = page('### Before\n\n## A\n\n#### Skipped\n\n### B\n\n## C\n', '2-4');
    fillInlineTocs(h);
    expect(tocs(h)).toBe(
      '<div class="toc-inline"><ul><li><a href="#before">Before</a></li><li><a href="#a">A</a><ul><li><a href="#skipped">Skipped</a></li><li><a href="#b">B</a></li></ul></li><li><a href="#c">C</a></li></ul></div>',
    );
  });

  it('draws an empty list for a file without such headings, and nothing without a marker', () => {
    const empty = page('Text only.\n', '2-3');
    fillInlineTocs(empty);
    expect(tocs(empty)).toBe('<div class="toc-inline"><ul></ul></div>');
    const none = page('## A\n');
    const before = html(none);
    fillInlineTocs(none);
    expect(html(none)).toBe(before);
  });
});
