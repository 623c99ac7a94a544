import { describe, expect, it } from 'vitest';
import { contextIndexes, type SearchInput } from '../../../../../src/builder/passes/search/index.js';
import { indexContexts } from '../../../../../src/builder/passes/search/storedTerms.js';
import { decodeTerms } from '../../../../../src/shared/search/format.js';

// The terms of a search context's texts kept with its files in the cache on disk
// (search/storedTerms.ts): a text whose terms are known is not cut again, an edited one is, and the
// index is the one a build without them makes.

const page = (url: string, ...texts: string[]) => ({ url, title: `Page ${url}`, breadcrumbs: [], sections: texts.map((text) => ({ level: 2, heading: 'h', text })) });
const input = (pages: ReturnType<typeof page>[]): SearchInput => ({ baseUrl: '/', language: ['en'], locales: [{ locale: 'en', name: 'en', pages }] });
const indexTerms = (files: ReturnType<typeof contextIndexes>[number]) => decodeTerms((JSON.parse(files.index.contents) as { terms: string }).terms);

describe('indexContexts', () => {
  it('makes the index a build without stored terms makes, and gives back the terms of each text it used', () => {
    const site = input([page('/a', 'Telemetry from the gateway'), page('/b', 'Restarting a deviceShifu')]);
    const { contexts, terms } = indexContexts(site, [undefined]);
    expect(contexts).toEqual(contextIndexes(input([page('/a', 'Telemetry from the gateway'), page('/b', 'Restarting a deviceShifu')])));
    expect(terms[0].texts.map(([, joined]) => joined.split('\u0000'))).toContainEqual(['restart', 'deviceshifu', 'devic', 'shifu']);
  });

  it('with no terms known nor wanted (a build without a cache), makes the same index and gives back no terms', () => {
    // Two contexts sharing a text, and a text twice in one context: each is cut once either way.
    const pages = [page('/a', 'Telemetry from the gateway', 'Telemetry from the gateway'), page('/b', 'Restarting a deviceShifu')];
    const site: SearchInput = {
      baseUrl: '/',
      language: ['en'],
      locales: [
        { locale: 'en', name: 'en', pages },
        { locale: 'fr', name: 'fr', pages: [pages[0]] },
      ],
    };
    const { contexts, terms } = indexContexts(site, undefined);
    expect(contexts).toEqual(indexContexts(site, [undefined, undefined]).contexts);
    expect(indexTerms(contexts[1])).toContain('telemetri');
    expect(terms).toEqual([]);
  });

  it('reads the terms of a known text back instead of cutting it, and cuts an edited text again', () => {
    const { terms } = indexContexts(input([page('/a', 'Telemetry from the gateway'), page('/b', 'Restarting a deviceShifu')]), [undefined]);
    // A mark on the stored terms of the first text shows that they are read back.
    const marked = { ...terms[0], texts: terms[0].texts.map(([hash, joined]) => [hash, joined.startsWith('telemetri') ? 'marked' : joined] as [string, string]) };
    const again = indexContexts(input([page('/a', 'Telemetry from the gateway'), page('/b', 'Restarting a deviceShifu, edited')]), [marked]);
    const words = indexTerms(again.contexts[0]);
    expect(words).toContain('marked');
    expect(words).not.toContain('telemetri');
    expect(words).toContain('edit');
    // Only the texts this index used are kept: the first one's (as read), the edited one's.
    expect(again.terms[0].texts.map(([, joined]) => joined)).toContain('marked');
    expect(again.terms[0].texts.some(([, joined]) => joined.startsWith('restart') && !joined.includes('edit'))).toBe(false);
  });

  it('cuts the texts again when the search languages changed: terms cut for others are not read back', () => {
    // 设备 is one Han word: cut as a whole without zh, segmented with it (language.ts).
    const text = 'Telemetry 设备管理平台';
    const { terms } = indexContexts(input([page('/a', text)]), [undefined]);
    const withZh: SearchInput = { ...input([page('/a', text)]), language: ['en', 'zh'] };
    const again = indexContexts(withZh, [terms[0]]);
    expect(again.contexts).toEqual(indexContexts(withZh, [undefined]).contexts);
    expect(again.terms[0].languages).not.toBe(terms[0].languages);
    // Terms kept in the layout before languages were kept (an array) are not read back either.
    expect(indexContexts(input([page('/a', text)]), [terms[0].texts as never]).contexts).toEqual(indexContexts(input([page('/a', text)]), [undefined]).contexts);
  });
});
