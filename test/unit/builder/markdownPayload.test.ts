import { describe, expect, it } from 'vitest';
import { decodeMarkdown, encodeMarkdown } from '../../../src/builder/markdownPayload.js';
import type { MarkdownResult } from '../../../src/builder/parallel/protocol.js';
import { leadOf, sectionsDeferred, sectionsShownBy, showSections } from '../../../src/builder/markdown/context.js';
import { composedValueKey } from '../../../src/builder/cacheKey.js';
import { keyRendered } from '../../../src/builder/render/renderedKeys.js';
import type { RenderedRoute } from '../../../src/builder/plugins/api.js';

// A markdown render as the content store keeps it (builder/markdownPayload.ts): its HTML as UTF-8,
// the rest as v8 serializes it, its search sections a payload of their own; read back the same,
// whatever the HTML holds, with the sections read at once or when first used.

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
    const [bytes, sections] = encodeMarkdown(result).map((b) => Buffer.from(b));
    expect(decodeMarkdown(bytes, sections)).toEqual(result);
    expect(decodeMarkdown(bytes, () => sections)).toEqual(result);
  });

  it('stores an HTML of Latin-1 and beyond at about a byte a character', () => {
    const html = '<p>words</p>'.repeat(1000) + '​';
    expect(encodeMarkdown(render(html))[0].length).toBeLessThan(html.length * 1.2);
  });

  it('reads no render from bytes that are not one (cut short, or another format)', () => {
    const [bytes, sections] = encodeMarkdown(render('<p>x</p>')).map((b) => Buffer.from(b));
    expect(decodeMarkdown(bytes.subarray(0, 3), sections)).toBeUndefined();
    expect(decodeMarkdown(bytes.subarray(0, 10), sections)).toBeUndefined();
    expect(decodeMarkdown(Buffer.from('not a payload at all'), sections)).toBeUndefined();
    expect(decodeMarkdown(bytes, Buffer.from('not sections'))).toBeUndefined();
  });

  it('reads deferred sections only when used, knows their lead text before, and throws the given error when they cannot be read then', () => {
    const result = render('<p>x</p>');
    result.rendered.sections = [
      { level: 1, text: '' },
      { level: 2, heading: 'First', id: 'first', text: 'The first words.' },
    ];
    const [bytes, sections] = encodeMarkdown(result).map((b) => Buffer.from(b));
    let reads = 0;
    const read = decodeMarkdown(bytes, () => (reads++, sections))!;
    expect(sectionsDeferred(read.rendered)).toBe(true);
    expect(leadOf(read.rendered)).toBe('The first words.');
    // A search input shows them by reference, still unread.
    const input = showSections({ url: '/a', title: 'A' }, read.rendered);
    expect(sectionsShownBy(input)).toBe(read.rendered);
    expect(reads).toBe(0);
    expect(Object.keys(input)).toEqual(['url', 'title', 'sections']);
    expect(input.sections).toEqual(result.rendered.sections);
    expect(input.sections).toBe(read.rendered.sections);
    expect(reads).toBe(1);
    expect(sectionsDeferred(read.rendered)).toBe(false);
    expect(JSON.stringify(input)).toBe(JSON.stringify({ url: '/a', title: 'A', sections: result.rendered.sections }));

    const lost = decodeMarkdown(
      bytes,
      () => undefined,
      () => new Error('lost on purpose'),
    )!;
    expect(leadOf(lost.rendered)).toBe('The first words.');
    expect(() => lost.rendered.sections).toThrow('lost on purpose');
    const garbled = decodeMarkdown(
      bytes,
      () => Buffer.from('garbage'),
      () => new Error('lost on purpose'),
    )!;
    expect(() => structuredClone(showSections({}, garbled.rendered))).toThrow('lost on purpose');
  });

  it('keys a page showing deferred sections as the same page showing them read (a warm build keeps the keys of a cold one)', () => {
    const result = render('<p>' + 'long body '.repeat(20) + '</p>');
    result.rendered.sections = [{ level: 1, text: 'Intro words' }];
    const [bytes, sections] = encodeMarkdown(result).map((b) => Buffer.from(b));
    const routeOf = (md: MarkdownResult['rendered']) =>
      ({
        route: { path: '/a' },
        page: { route: '/a', locale: 'en', head: { title: 'A' }, content: { kind: 'doc', toc: md.toc }, bodyHtml: md.html, chromeKey: 'en' },
        links: [],
        anchors: md.anchors,
        search: showSections({ url: '/a', title: 'A', breadcrumbs: ['x'] }, md),
      }) as unknown as RenderedRoute;
    const keys = (md: MarkdownResult['rendered']) => {
      const r = routeOf(md);
      keyRendered(r, [[md, 'render-key']]);
      return [composedValueKey(r.page, { strings: [], objects: new Map() }), composedValueKey(r.search!, { strings: [], objects: new Map() })];
    };
    let reads = 0;
    const deferred = decodeMarkdown(bytes, () => (reads++, sections))!;
    const eager = decodeMarkdown(bytes, sections)!;
    expect(keys(deferred.rendered)).toEqual(keys(eager.rendered));
    expect(reads).toBe(0);
    // Another render's sections, another key.
    const other = render(result.rendered.html);
    other.rendered.sections = [{ level: 1, text: 'Other words' }];
    const [b2, s2] = encodeMarkdown(other).map((b) => Buffer.from(b));
    const md2 = decodeMarkdown(b2, () => s2)!.rendered;
    const r2 = routeOf(md2);
    keyRendered(r2, [[md2, 'other-key']]);
    expect(composedValueKey(r2.search!, { strings: [], objects: new Map() })).not.toEqual(keys(eager.rendered)[1]);
  });
});
