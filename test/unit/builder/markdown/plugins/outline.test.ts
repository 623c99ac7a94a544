import { beforeAll, describe, expect, it } from 'vitest';
import type { Root } from 'hast';
import type { Code } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { codeHandler } from '../../../../../src/builder/markdown/plugins/code.js';
import { collectOutline } from '../../../../../src/builder/markdown/plugins/outline.js';
import { headingIds } from '../../../../../src/builder/markdown/plugins/headingIds.js';
import { headingAnchors } from '../../../../../src/builder/markdown/plugins/headingAnchors.js';
import { mermaidPlaceholder } from '../../../../../src/builder/markdown/plugins/mermaid.js';
import { loadHtmlParser } from '../../../../../src/builder/markdown/plugins/htmlBlocks.js';
import { hast, mdast, renderContext } from './trees.js';

// The finished body read once: its table of contents, every anchor, and the text of each section
// for search (prose and code apart, the markup the file's components drew counted as prose only).

// A slot's HTML is parsed to be read (parseHtmlFragment).
beforeAll(loadHtmlParser);

function body(source: string): Root {
  const tree = mdast(source);
  headingIds(tree);
  const h = hast(tree);
  headingAnchors(h, renderContext());
  return h;
}

const levels = { min: 2, max: 3 };

describe('collectOutline', () => {
  it('lists the headings of the levels asked for, with their markup but without links or the hash link', () => {
    const tree = body('# Title\n\n## Install `kind`\n\n### On [Linux](https://x.org)\n\n#### Deep\n\n## Run *it*\n');
    expect(collectOutline(tree, levels).toc).toEqual([
      { id: 'install-kind', level: 2, html: 'Install <code>kind</code>' },
      { id: 'on-linux', level: 3, html: 'On Linux' },
      { id: 'run-it', level: 2, html: 'Run <em>it</em>' },
    ]);
    expect(collectOutline(tree, { min: 3, max: 4 }).toc.map((t) => t.id)).toEqual(['on-linux', 'deep']);
  });

  it('lists every id of the body and every <a name> as anchors', () => {
    const tree = body('## A\n\nText.\n');
    tree.children.push({ type: 'element', tagName: 'div', properties: { id: 'box' }, children: [{ type: 'element', tagName: 'a', properties: { name: 'old-anchor' }, children: [] }] });
    tree.children.push({ type: 'element', tagName: 'span', properties: { id: '' }, children: [] });
    expect(collectOutline(tree, levels).anchors).toEqual(['a', 'box', 'old-anchor']);
  });

  it('cuts the text into the intro and one section per h2 and h3, deeper headings staying in theirs', () => {
    const tree = body('Intro *text*.\n\n# Title\n\n## Install\n\nFirst.\n\n- one\n- two\n\n### On Linux\n\nSecond.\n\n#### Deep\n\nDeeper.\n\n## Empty\n');
    expect(collectOutline(tree, levels).sections).toEqual([
      { level: 1, text: 'Intro text.' },
      { id: 'install', heading: 'Install', level: 2, text: 'First. one two' },
      // The h4's hash link leaves its zero-width space in the text (so do the search index and a
      // description cut there): today's output, kept byte-identical; the heading's own text drops it.
      { id: 'on-linux', heading: 'On Linux', level: 3, text: 'Second. Deep\u200B Deeper.' },
      { id: 'empty', heading: 'Empty', level: 2, text: '' },
    ]);
  });

  it('leaves out an empty intro', () => {
    expect(collectOutline(body('## Only\n\nText.\n'), levels).sections).toEqual([{ id: 'only', heading: 'Only', level: 2, text: 'Text.' }]);
  });

  it('keeps code in the text, apart from the prose and one line per code line', () => {
    const tree = body('## Run\n\nStart it:\n\n```bash\nkind   create\n\ncluster\n```\n\nDone.\n');
    expect(collectOutline(tree, levels).sections).toEqual([
      { id: 'run', heading: 'Run', level: 2, text: 'Start it: kind create cluster Done.', prose: 'Start it: Done.', code: 'kind create\ncluster' },
    ]);
  });

  it('reads highlighted code blocks (their lines HTML, plugins/code.ts) as the same blocks of token spans', () => {
    const source = '## Run\n\nStart it:\n\n```bash\nkind   create # <now> & "then"\n\ncluster\n```\n\nDone.\n';
    const sections = (asHast: boolean) => {
      const tree = mdast(source);
      headingIds(tree);
      return collectOutline(toHast(tree, { handlers: { code: (state, node: Code) => codeHandler(state, node, { hast: asHast }) } }) as Root, levels).sections;
    };
    expect(sections(false)).toEqual([
      { id: 'run', heading: 'Run', level: 2, text: 'Start it: kind create # <now> & "then" cluster Done.', prose: 'Start it: Done.', code: 'kind create # <now> & "then"\ncluster' },
    ]);
    expect(sections(true)).toEqual(sections(false));
  });

  it("reads a diagram's source as code of its section, and no button or svg text", () => {
    const tree = body('## Flow\n\nSee:\n');
    tree.children.push(mermaidPlaceholder('graph LR\n  A[OPC UA server] --> B', {}));
    tree.children.push({ type: 'element', tagName: 'button', properties: {}, children: [{ type: 'text', value: 'Copy' }] });
    tree.children.push({ type: 'element', tagName: 'svg', properties: {}, children: [{ type: 'text', value: 'label' }] });
    expect(collectOutline(tree, levels).sections).toEqual([{ id: 'flow', heading: 'Flow', level: 2, text: 'See:', prose: 'See:', code: 'graph LR\nA[OPC UA server] --> B' }]);
  });

  it("counts what the file's components drew as prose of its section only; their headings start no section", () => {
    const tree = body('## Cards\n\nOwn words.\n');
    tree.children.push({ type: 'raw', value: '<div><h2 id="inner">Inner</h2><p>Drawn text.</p><pre>drawn code</pre></div>', data: { slot: true } } as never);
    tree.children.push({ type: 'raw', value: '<p>Not a slot.</p>' } as never);
    const outline = collectOutline(tree, levels);
    expect(outline.sections).toEqual([{ id: 'cards', heading: 'Cards', level: 2, text: 'Own words.', prose: 'Own words. Inner Drawn text.', code: 'drawn code' }]);
    expect(outline.toc.map((t) => t.id)).toEqual(['cards']);
    expect(outline.anchors).toEqual(['cards']);
  });

  it('lists the anchors in document order, those inside headings, buttons and svg too (which the sections do not read)', () => {
    const tree = body('# Title\n\n## A\n\nText.\n');
    const el = (tagName: string, id: string, children: never[] = []) => ({ type: 'element', tagName, properties: { id }, children }) as never;
    (tree.children[0] as { children: unknown[] }).children.push(el('span', 'in-title'));
    (tree.children[2] as { children: unknown[] }).children.push(el('span', 'in-heading', [el('b', 'deeper')]));
    tree.children.push(el('button', 'copy', [el('span', 'in-button')]));
    tree.children.push(el('svg', 'chart', [el('g', 'in-svg')]));
    tree.children.push(el('p', 'after'));
    expect(collectOutline(tree, levels).anchors).toEqual(['title', 'in-title', 'a', 'in-heading', 'deeper', 'copy', 'in-button', 'chart', 'in-svg', 'after']);
  });

  it('collapses white space as /\\s+/ does: a run of any white space is one space', () => {
    const tree = body('Intro.\n');
    tree.children.push({ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: '  a\t\tb\nc\u00a0d \u3000 e  ' }] });
    expect(collectOutline(tree, levels).sections[0].text).toBe('Intro. a b c d e');
  });
});
