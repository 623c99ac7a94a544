import { describe, expect, it } from 'vitest';
import { activeDocsPlugin, docsPluginsOf } from '../../../src/shared/docsPlugins.js';

// The docs instance a page belongs to, as the theme's docs hooks find it.

describe('activeDocsPlugin', () => {
  const plugins = [
    { id: 'default', path: '/' },
    { id: 'android', path: '/android' },
    { id: 'community', path: '/community' },
  ];

  it('takes the longest path that holds the pathname, whatever the order of the instances', () => {
    expect(activeDocsPlugin(plugins, '/android/setup')?.id).toBe('android');
    expect(activeDocsPlugin(plugins, '/android')?.id).toBe('android');
    expect(activeDocsPlugin(plugins, '/community/events/meetups')?.id).toBe('community');
    expect(activeDocsPlugin(plugins, '/intro')?.id).toBe('default');
  });

  it('matches whole path segments only', () => {
    expect(activeDocsPlugin(plugins, '/androids')?.id).toBe('default');
    expect(activeDocsPlugin([{ id: 'community', path: '/community' }], '/community-news')).toBeUndefined();
  });
});

describe('docsPluginsOf', () => {
  it("reads a chrome without a list as the one 'default' instance at {locale base}docs", () => {
    expect(docsPluginsOf({ baseUrl: '/zh-Hans/' })).toEqual([{ id: 'default', path: '/zh-Hans/docs' }]);
    expect(docsPluginsOf({ baseUrl: '/', docsPlugins: [] })).toEqual([]);
  });
});
