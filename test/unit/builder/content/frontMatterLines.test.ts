import { describe, expect, it } from 'vitest';
import { frontMatterKeyLine, yamlErrorLine } from '../../../../src/builder/content/frontMatterLines.js';

// Lines in front matter, as messages show them: the key a validation issue names, and the line of a
// YAML error (js-yaml counts in gray-matter's block, which starts on the `---` line).

const doc = [
  '---', //                    1
  '# a comment', //            2
  'title: Hello', //           3
  '', //                       4
  'tags:', //                  5
  '  - one', //                6
  '  - label: two', //         7
  '    permalink: 2', //       8
  'authors:', //               9
  '  - name: A', //            10
  '    title: x', //           11
  '  - name: B', //            12
  '    url: 7', //             13
  'keywords: [a, 1]', //       14
  'sidebar_position: "x"', //  15
  '---', //                    16
  'title: not front matter', // 17
].join('\n');

describe('frontMatterKeyLine', () => {
  it('finds top-level keys, items and keys of items', () => {
    expect(frontMatterKeyLine(doc, ['title'])).toBe(3);
    expect(frontMatterKeyLine(doc, ['sidebar_position'])).toBe(15);
    expect(frontMatterKeyLine(doc, ['tags', 0])).toBe(6);
    expect(frontMatterKeyLine(doc, ['tags', 1])).toBe(7);
    expect(frontMatterKeyLine(doc, ['tags', 1, 'label'])).toBe(7);
    expect(frontMatterKeyLine(doc, ['tags', 1, 'permalink'])).toBe(8);
    expect(frontMatterKeyLine(doc, ['authors', 1, 'url'])).toBe(13);
    expect(frontMatterKeyLine(doc, ['authors', 0, 'title'])).toBe(11);
    // A flow value keeps its key's line; a nested key never matches a top-level search.
    expect(frontMatterKeyLine(doc, ['keywords', 1])).toBe(14);
    expect(frontMatterKeyLine(doc, ['url'])).toBeUndefined();
  });

  it('counts a BOM and CRLF line ends like any other file, and looks only inside the block', () => {
    expect(frontMatterKeyLine(`\uFEFF${doc.replaceAll('\n', '\r\n')}`, ['sidebar_position'])).toBe(15);
    expect(frontMatterKeyLine('# no front matter\ntitle: x\n', ['title'])).toBeUndefined();
    expect(frontMatterKeyLine('\n---\ntitle: x\n---\n', ['title'])).toBeUndefined();
  });
});

describe('yamlErrorLine', () => {
  it('maps a 0-based line of the block to the source line and keeps end-of-stream errors inside the block', () => {
    const src = '---\ntitle: A\ndescription: [oops\n---\n# x\n';
    expect(yamlErrorLine(src, 1)).toBe(2);
    expect(yamlErrorLine(src, 3)).toBe(3);
  });
});
