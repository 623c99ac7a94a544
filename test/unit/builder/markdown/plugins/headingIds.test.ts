import { describe, expect, it } from 'vitest';
import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { headingIds } from '../../../../../src/builder/markdown/plugins/headingIds.js';
import { mdast } from './trees.js';

// Heading ids as Docusaurus makes them: github slugs numbered on repeat, `{#id}` and `{/* #id */}`
// taken off the heading's text and used as they are.

function ids(source: string, options: { mdx?: boolean; maintainCase?: boolean } = {}): { id: unknown; text: string }[] {
  const tree = mdast(source, options);
  headingIds(tree, { maintainCase: options.maintainCase });
  return (tree.children.filter((n) => n.type === 'heading') as Heading[]).map((h) => ({ id: h.data?.hProperties?.id, text: toString(h) }));
}

describe('headingIds', () => {
  it('slugs the text as github does, numbering repeats within one document', () => {
    expect(ids('# Install Shifu\n\n## Install Shifu\n\n### Install *Shifu*\n\n## 5. Expose & `Verify`\n\n## 启动 Nginx 服务\n').map((h) => h.id)).toEqual([
      'install-shifu',
      'install-shifu-1',
      'install-shifu-2',
      '5-expose--verify',
      '启动-nginx-服务',
    ]);
  });

  it('starts the numbering again for each document', () => {
    expect(ids('## Setup\n').map((h) => h.id)).toEqual(['setup']);
    expect(ids('## Setup\n').map((h) => h.id)).toEqual(['setup']);
  });

  it('keeps the case with maintainCase', () => {
    expect(ids('## Install Shifu\n\n## Install Shifu\n', { maintainCase: true }).map((h) => h.id)).toEqual(['Install-Shifu', 'Install-Shifu-1']);
  });

  it('uses {#custom-id} as written, takes it off the text, and leaves the slug count alone', () => {
    expect(ids('## Plc4xProtocol(enum) {#plc4x}\n\n## Setup {#Setup_Twice}\n\n## Setup\n\n## {#only-id}\n')).toEqual([
      { id: 'plc4x', text: 'Plc4xProtocol(enum)' },
      { id: 'Setup_Twice', text: 'Setup' },
      { id: 'setup', text: 'Setup' },
      { id: 'only-id', text: '' },
    ]);
  });

  it('reads {#id} only at the end of the last text, without spaces in it', () => {
    expect(ids('## A {#x} b\n\n## C {#two words}\n\n## D {#y} `code`\n')).toEqual([
      { id: 'a-x-b', text: 'A {#x} b' },
      { id: 'c-two-words', text: 'C {#two words}' },
      { id: 'd-y-code', text: 'D {#y} code' },
    ]);
  });

  it('reads the MDX comment form {/* #id */}, dropping the space before it, and leaves other expressions', () => {
    expect(ids('## Plc4xProtocol(enum) {/* #plc4x */}\n\n## Again {/*#again-id*/}\n\n## {/* #bare */}\n\n## Sum {1 + 1}\n', { mdx: true })).toEqual([
      { id: 'plc4x', text: 'Plc4xProtocol(enum)' },
      { id: 'again-id', text: 'Again' },
      { id: 'bare', text: '' },
      { id: 'sum-1--1', text: 'Sum 1 + 1' },
    ]);
  });

  it('keeps the properties a heading already had', () => {
    const tree: Root = mdast('## Title\n');
    const heading = tree.children[0] as Heading;
    heading.data = { hProperties: { className: ['x'] } };
    headingIds(tree);
    expect(heading.data.hProperties).toEqual({ className: ['x'], id: 'title' });
  });
});
