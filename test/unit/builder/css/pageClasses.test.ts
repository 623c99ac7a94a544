import { describe, expect, it } from 'vitest';
import { ClassSet } from '../../../../src/builder/css/classSet.js';
import { pageClasses, type DataClasses } from '../../../../src/builder/css/pageClasses.js';
import { addDataClasses } from '../../../../src/builder/css/usedClasses.js';
import { KeyedCache } from '../../../../src/builder/cacheKey.js';

// The classes of the pages' data with the build cache (builder/css/pageClasses.ts): each page's
// sidebar is an object of its own around the items its sidebar's pages share.

const sorted = (s: ClassSet) => ({ names: [...s.names].sort(), prefixes: [...s.prefixes].sort(), elements: [...s.elements].sort() });

describe('page classes', () => {
  const items = [
    { type: 'link', label: 'A', href: '/a', className: 'menu-a' },
    { type: 'category', label: 'B', items: [{ type: 'link', label: 'C', href: '/c', className: 'menu-c' }], customProps: { note: '<em class="hint">x</em>' } },
  ];
  const pages = ['a', 'b', 'c'].map((id) => ({
    page: { route: `/${id}`, bodyHtml: `<p class="p-${id}">text</p>` },
    // As the docs plugin makes them: a new object per page around the shared items; a key with markup in it counts too.
    sidebar: { key: id === 'c' ? '<b class="odd-key">' : 'docs/current/s', items },
  }));

  it('reads the same classes as the whole data read page by page', () => {
    const whole = new ClassSet();
    for (const p of pages) {
      addDataClasses(whole, p.page);
      addDataClasses(whole, p.sidebar);
    }
    const used = pageClasses(pages, undefined, new KeyedCache<DataClasses>());
    expect(sorted(used)).toEqual(sorted(whole));
    expect(used.names).toContain('odd-key');
    expect(used.names).toContain('menu-c');
    expect(used.names).toContain('hint');
  });

  it('keys the shared items once, not once per page', () => {
    const next = new KeyedCache<DataClasses>();
    pageClasses(pages, undefined, next);
    // Three pages and one sidebar's items.
    expect(next.size).toBe(4);
    const again = new KeyedCache<DataClasses>();
    // A warm build reads the entries back: the same classes.
    expect(sorted(pageClasses(pages, next as unknown as KeyedCache<object>, again))).toEqual(sorted(pageClasses(pages, undefined, new KeyedCache<DataClasses>())));
    expect(again.size).toBe(4);
  });
});
