import { describe, expect, it } from 'vitest';
import { barTarget, versionParamTarget } from '../../../../../src/theme/components/search/searchContext.js';

// Which index the search bar and the search page use on a site with docs versions: the chrome of
// test/fixtures/versioned-site's zh-Hans locale, written out.

const v = (name: string, path: string, isLast = false) => ({ name, label: name, path, mainDocUrl: `${path}/`, isLast });
const chrome = {
  baseUrl: '/zh-Hans/',
  siteBaseUrl: '/',
  docsPlugins: [{ id: 'default', path: '/zh-Hans/docs', versions: [v('current', '/zh-Hans/docs/next'), v('2.0', '/zh-Hans/docs', true), v('1.0', '/zh-Hans/docs/1.0')] }],
  search: {
    indexUrl: '/assets/search/zh-Hans.current.json',
    hint: true,
    versions: { default: { current: '/assets/search/zh-Hans.default@current.current.json', '1.0': '/assets/search/zh-Hans.default@1.0.current.json' } },
  },
};
const ONE = { indexUrl: '/assets/search/zh-Hans.default@1.0.current.json', version: 'docs/1.0/', label: '1.0' };
const DEFAULT = { indexUrl: '/assets/search/zh-Hans.current.json' };

describe('search context of the bar', () => {
  it("searches the version being read, the preferred one off the docs, else the locale's default index", () => {
    expect(barTarget(chrome, '/zh-Hans/docs/1.0/intro', undefined)).toEqual(ONE);
    expect(barTarget(chrome, '/zh-Hans/docs/next/', undefined)).toEqual({ indexUrl: '/assets/search/zh-Hans.default@current.current.json', version: 'docs/next/', label: 'current' });
    expect(barTarget(chrome, '/zh-Hans/docs/install', undefined)).toEqual(DEFAULT);
    // On the last version's page the page's version wins over a preferred one.
    expect(barTarget(chrome, '/zh-Hans/docs/install', ONE)).toEqual(DEFAULT);
    expect(barTarget(chrome, '/zh-Hans/blog', ONE)).toEqual(ONE);
    expect(barTarget(chrome, '/zh-Hans/blog', undefined)).toEqual(DEFAULT);
  });
});

describe('search context of the search page', () => {
  const origin = 'https://tidewater.example';
  it('takes a version path under the locale base url, or from the site root', () => {
    expect(versionParamTarget(chrome, 'docs/1.0/', origin)).toEqual(ONE);
    expect(versionParamTarget(chrome, 'docs/1.0', origin)).toEqual(ONE);
    expect(versionParamTarget(chrome, '/zh-Hans/docs/1.0/', origin)).toEqual(ONE);
    expect(versionParamTarget(chrome, `${origin}/zh-Hans/docs/1.0/`, origin)).toEqual(ONE);
  });

  it('keeps results under any other path of the site, and refuses a url elsewhere', () => {
    expect(versionParamTarget(chrome, 'docs/', origin)).toEqual({ ...DEFAULT, within: ['/zh-Hans/docs/'] });
    expect(versionParamTarget(chrome, 'https://elsewhere.invalid/docs/', origin)).toBe('unexpected');
    expect(versionParamTarget(chrome, '//elsewhere.invalid/docs/', origin)).toBe('unexpected');
  });
});
