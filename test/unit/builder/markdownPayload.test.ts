import { describe, expect, it } from 'vitest';
import { decodeMarkdown, encodeMarkdown } from '../../../src/builder/markdownPayload.js';
import type { MarkdownResult } from '../../../src/builder/parallel/protocol.js';

// A markdown render as the content store keeps it (builder/markdownPayload.ts): its HTML as UTF-8,
// the rest as v8 serializes it; read back the same, whatever the HTML holds.

const render = (html: string): MarkdownResult => ({
  rendered: {
    html,
    excerptHtml: '<p>Lead​</p>',
    toc: [{ html: 'Section 话', id: 'section', level: 2 }],
    anchors: ['section'],
    links: [],
    sections: [{ level: 1, text: 'Lead 主题' }],
  },
  errors: [],
  warnings: [{ message: 'a warning', file: '/x.md', line: 3 }],
  assets: [['assets/files/a-1234.png', '/site/a.png']],
  inputs: [['/site/a.png', 'abc']],
  islands: ['./C.tsx#default'],
  key: 'content-key',
});

describe('markdown payloads', () => {
  it.each([
    ['ASCII', '<h2 id="a">A</h2><p>text</p>'],
    ['a zero-width space and Chinese', '<h2 id="a">A<a class="hash-link" href="#a">​</a></h2><p>主题的 text 🙂</p>'],
    ['a lone surrogate', '<p>\ud800 alone</p>'],
    ['nothing', ''],
  ])('reads back a render whose HTML holds %s as it was', (_, html) => {
    const result = render(html);
    expect(decodeMarkdown(Buffer.from(encodeMarkdown(result)))).toEqual(result);
  });

  it('stores an HTML of Latin-1 and beyond at about a byte a character', () => {
    const html = '<p>words</p>'.repeat(1000) + '​';
    expect(encodeMarkdown(render(html)).length).toBeLessThan(html.length * 1.2);
  });

  it('reads no render from bytes that are not one (cut short, or another format)', () => {
    const bytes = Buffer.from(encodeMarkdown(render('<p>x</p>')));
    expect(decodeMarkdown(bytes.subarray(0, 3))).toBeUndefined();
    expect(decodeMarkdown(bytes.subarray(0, 10))).toBeUndefined();
    expect(decodeMarkdown(Buffer.from('not a payload at all'))).toBeUndefined();
  });
});
