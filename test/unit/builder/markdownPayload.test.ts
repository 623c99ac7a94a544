import { describe, expect, it } from 'vitest';
import { decodeMarkdown, encodeMarkdown } from '../../../src/builder/markdownPayload.js';
import type { MarkdownResult } from '../../../src/builder/parallel/protocol.js';
import { htmlHolds, leadOf, partDeferred, readShownParts, showPart, showSections, shownHtmlHolds, shownParts } from '../../../src/builder/markdown/context.js';
import { composedValueKey } from '../../../src/builder/cacheKey.js';
import { keyRendered, markdownKey } from '../../../src/builder/render/renderedKeys.js';
import type { RenderedRoute } from '../../../src/builder/plugins/api.js';

// A markdown render as the content store keeps it (builder/markdownPayload.ts): its HTML as UTF-8,
// the rest as v8 serializes it, HTML and search sections payloads of their own; read back the same,
// whatever the HTML holds, with HTML and sections read at once or when first used.

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
  const parts = (result: MarkdownResult) => {
    const [bytes, html, sections] = encodeMarkdown(result).map((b) => Buffer.from(b));
    return { bytes, html, sections };
  };
  const long = '<p>' + 'a long body '.repeat(10) + '</p>';

  it.each([
    ['ASCII', '<h2 id="a">A</h2><p>text</p>'],
    ['a zero-width space and Chinese', '<h2 id="a">A<a class="hash-link" href="#a">​</a></h2><p>主题的 text 🙂</p>'],
    ['a lone surrogate', '<p>\ud800 alone</p>'],
    ['nothing', ''],
    ['more than 64 characters', long + '​主题'],
    ['more than 64 characters and a lone surrogate', long + '\ud800'],
  ])('reads back a render whose HTML holds %s as it was, its parts read at once or when used', (_, html) => {
    const result = render(html);
    const { bytes, html: h, sections } = parts(result);
    expect(decodeMarkdown(bytes, { html: h, sections })).toEqual(result);
    expect(decodeMarkdown(bytes, { html: () => h, sections: () => sections })).toEqual(result);
  });

  it('stores an HTML of Latin-1 and beyond at about a byte a character, apart from the render', () => {
    const html = '<p>words</p>'.repeat(1000) + '​';
    const { bytes, html: h } = parts(render(html));
    expect(h.length).toBeLessThan(html.length * 1.2);
    expect(bytes.length).toBeLessThan(1000);
  });

  it('reads no render from bytes that are not one (cut short, or another format)', () => {
    const { bytes, html, sections } = parts(render(long));
    expect(decodeMarkdown(bytes.subarray(0, 3), { html, sections })).toBeUndefined();
    expect(decodeMarkdown(bytes.subarray(0, 10), { html, sections })).toBeUndefined();
    expect(decodeMarkdown(Buffer.from('not a payload at all'), { html, sections })).toBeUndefined();
    expect(decodeMarkdown(bytes, { html, sections: Buffer.from('not sections') })).toBeUndefined();
  });

  it('reads deferred parts only when used, knows their lead text and markers before, and throws the given error when they cannot be read then', () => {
    const result = render(long + '<div data-doc-card-list=""></div>');
    result.rendered.sections = [
      { level: 1, text: '' },
      { level: 2, heading: 'First', id: 'first', text: 'The first words.' },
    ];
    const { bytes, html, sections } = parts(result);
    const reads = { html: 0, sections: 0 };
    const read = decodeMarkdown(bytes, { html: () => (reads.html++, html), sections: () => (reads.sections++, sections) })!;
    expect(partDeferred(read.rendered, 'html')).toBe(true);
    expect(partDeferred(read.rendered, 'sections')).toBe(true);
    expect(leadOf(read.rendered)).toBe('The first words.');
    expect(htmlHolds(read.rendered, ' data-doc-card-list=""')).toBe(true);
    // A page and a search input show them by reference, still unread, each member in its place.
    const page = showPart({ route: '/a', bodyHtml: '', chromeKey: 'en' }, 'bodyHtml', read.rendered, 'html');
    const input = showSections({ url: '/a', title: 'A' }, read.rendered);
    expect(shownHtmlHolds(page, 'bodyHtml', ' data-doc-card-list=""')).toBe(true);
    expect([...shownParts(input)!.keys()]).toEqual(['sections']);
    expect(reads).toEqual({ html: 0, sections: 0 });
    expect(Object.keys(page)).toEqual(['route', 'bodyHtml', 'chromeKey']);
    expect(Object.keys(input)).toEqual(['url', 'title', 'sections']);
    expect(input.sections).toEqual(result.rendered.sections);
    expect(input.sections).toBe(read.rendered.sections);
    expect(reads).toEqual({ html: 0, sections: 1 });
    readShownParts(page);
    expect(reads).toEqual({ html: 1, sections: 1 });
    expect(page.bodyHtml).toBe(result.rendered.html);
    expect(partDeferred(read.rendered, 'html')).toBe(false);
    expect(JSON.stringify(input)).toBe(JSON.stringify({ url: '/a', title: 'A', sections: result.rendered.sections }));

    const lost = () => new Error('lost on purpose');
    const gone = decodeMarkdown(bytes, { html: () => undefined, sections: () => undefined }, lost)!;
    expect(leadOf(gone.rendered)).toBe('The first words.');
    expect(() => gone.rendered.sections).toThrow('lost on purpose');
    expect(() => readShownParts(showPart({ bodyHtml: '' }, 'bodyHtml', gone.rendered, 'html'))).toThrow('lost on purpose');
    const garbled = decodeMarkdown(bytes, { html: () => html, sections: () => Buffer.from('garbage') }, lost)!;
    expect(() => structuredClone(showSections({}, garbled.rendered))).toThrow('lost on purpose');
  });

  it('keys a page showing deferred parts as the same page showing them read (a warm build keeps the keys of a cold one)', () => {
    const result = render(long);
    result.rendered.sections = [{ level: 1, text: 'Intro words' }];
    const { bytes, html, sections } = parts(result);
    const routeOf = (md: MarkdownResult['rendered']) =>
      ({
        route: { path: '/a' },
        page: showPart({ route: '/a', locale: 'en', head: { title: 'A' }, content: { kind: 'doc', toc: md.toc }, bodyHtml: '', chromeKey: 'en' }, 'bodyHtml', md, 'html'),
        links: [],
        anchors: md.anchors,
        search: showSections({ url: '/a', title: 'A', breadcrumbs: ['x'] }, md),
      }) as unknown as RenderedRoute;
    const none = { strings: [], objects: new Map() };
    const keys = (md: MarkdownResult['rendered'], key = 'render-key') => {
      const r = routeOf(md);
      keyRendered(r, [[md, key]]);
      return [composedValueKey(r.page, none), composedValueKey(r.search!, none)];
    };
    let reads = 0;
    const deferred = decodeMarkdown(bytes, { html: () => (reads++, html), sections: () => (reads++, sections) })!;
    const eager = decodeMarkdown(bytes, { html, sections })!;
    expect(keys(deferred.rendered)).toEqual(keys(eager.rendered));
    // The render's own key is stored with it: taking it reads nothing either.
    expect(markdownKey(deferred)).toBe('content-key');
    expect(reads).toBe(0);
    // Another render's key, other keys.
    const other = decodeMarkdown(bytes, { html: () => html, sections: () => sections })!;
    const otherKeys = keys(other.rendered, 'other-key');
    expect(otherKeys[0]).not.toEqual(keys(eager.rendered)[0]);
    expect(otherKeys[1]).not.toEqual(keys(eager.rendered)[1]);
  });
});
