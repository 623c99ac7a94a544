import { describe, expect, it } from 'vitest';
import { latestVersionHref, pageVersionName, pickTarget, versionCandidates, versionItemHref } from '../../../../src/theme/docsVersions/candidates.js';
import type { DocPageData, PageContent } from '../../../../src/shared/types.js';

// The theme's version choices, pure: which version a navbar item shows (the page's own, then the
// preferred one, then the last), and where the version dropdown and the banner link from a doc page.

const doc = (over: Partial<DocPageData> = {}): PageContent =>
  ({
    kind: 'doc',
    docId: 'install',
    title: 'Install',
    version: { name: '1.0', label: '1.0', isLast: false, banner: 'unmaintained' },
    alternateDocVersions: { current: '/docs/next/install', '2.0': '/docs/install' },
    ...over,
  }) as PageContent;
const blog = { kind: 'blogList' } as unknown as PageContent;

describe('version candidates', () => {
  it('orders the active, preferred and last versions, without repeats or gaps', () => {
    expect(versionCandidates('1.0', 'current', '2.0')).toEqual(['1.0', 'current', '2.0']);
    expect(versionCandidates(undefined, 'current', '2.0')).toEqual(['current', '2.0']);
    expect(versionCandidates('2.0', '2.0', '2.0')).toEqual(['2.0']);
    expect(versionCandidates(undefined, null, '2.0')).toEqual(['2.0']);
  });

  it('picks the first candidate the item has a target in', () => {
    const targets = { current: { href: '/docs/next/calibrate', label: 'Calibrate' }, '2.0': { href: '/docs/install' } };
    expect(pickTarget(targets, ['1.0', 'current', '2.0'])).toEqual({ name: 'current', href: '/docs/next/calibrate', label: 'Calibrate' });
    expect(pickTarget(targets, ['2.0', 'current'])).toEqual({ name: '2.0', href: '/docs/install' });
    expect(pickTarget(targets, ['1.0'])).toBeUndefined();
  });

  it("takes a page's own version only on a doc page of the same instance", () => {
    expect(pageVersionName(doc(), 'default')).toBe('1.0');
    expect(pageVersionName(doc({ pluginId: 'api' }), 'default')).toBeUndefined();
    expect(pageVersionName(doc({ pluginId: 'api' }), 'api')).toBe('1.0');
    expect(pageVersionName(blog, 'default')).toBeUndefined();
  });
});

describe('version links from a page', () => {
  it("links the same doc in another version, the page itself in its own, else the version's main doc", () => {
    expect(versionItemHref(doc(), '/docs/1.0/install', 'default', '2.0', '/docs/')).toBe('/docs/install');
    expect(versionItemHref(doc(), '/docs/1.0/install', 'default', '1.0', '/docs/1.0/intro')).toBe('/docs/1.0/install');
    expect(versionItemHref(doc({ alternateDocVersions: {} }), '/docs/1.0/install', 'default', 'current', '/docs/next/')).toBe('/docs/next/');
    expect(versionItemHref(doc(), '/docs/1.0/install', 'other', '2.0', '/other/')).toBe('/other/');
    expect(versionItemHref(blog, '/blog', 'default', '2.0', '/docs/')).toBe('/docs/');
  });

  it("points the banner at the doc in the last version, else the last version's main doc", () => {
    const last = { name: '2.0', label: '2.0', path: '/docs', mainDocUrl: '/docs/', isLast: true };
    expect(latestVersionHref(doc(), last)).toBe('/docs/install');
    expect(latestVersionHref(doc({ alternateDocVersions: { current: '/docs/next/wiring' } }), last)).toBe('/docs/');
    expect(latestVersionHref({ kind: 'docCategoryIndex' } as unknown as PageContent, last)).toBe('/docs/');
  });
});
