// The one keying scheme of the build caches: keys change with every part, and entries are served
// only under the key they were made with.
import { describe, expect, it } from 'vitest';
import { cacheKey, KeyedCache, valueKey } from '../../../src/builder/cacheKey.js';

describe('cacheKey', () => {
  it('depends on every part, their order and their boundaries, and on values as JSON', () => {
    expect(cacheKey('a', 'b')).toBe(cacheKey('a', 'b'));
    expect(cacheKey('a', 'b')).not.toBe(cacheKey('b', 'a'));
    expect(cacheKey('ab', 'c')).not.toBe(cacheKey('a', 'bc'));
    expect(cacheKey({ x: 1 })).not.toBe(cacheKey({ x: 2 }));
    expect(cacheKey(new TextEncoder().encode('text'))).toBe(cacheKey('text'));
    expect(cacheKey(undefined)).not.toBe(cacheKey(null));
  });
});

describe('KeyedCache', () => {
  it('serves an entry only under the key it was made with, and reads back what it dumps', () => {
    const c = new KeyedCache<number>();
    c.set('page', 'k1', 1);
    expect(c.get('page', 'k1')).toBe(1);
    expect(c.get('page', 'k2')).toBeUndefined();
    expect(c.get('other', 'k1')).toBeUndefined();
    expect(c.peek('page')).toBe(1);
    const copy = new KeyedCache<number>(c.dump());
    expect(copy.get('page', 'k1')).toBe(1);
    expect(copy.size).toBe(1);
  });

  it('valueKey: the cacheKey of a value, made once per object (a page keyed by the styles step and the HTML stage)', () => {
    let reads = 0;
    const page = {
      route: '/a',
      get bodyHtml() {
        reads++;
        return '<p>A</p>';
      },
    };
    expect(valueKey(page)).toBe(cacheKey({ route: '/a', bodyHtml: '<p>A</p>' }));
    expect(valueKey(page)).toBe(valueKey(page));
    expect(reads).toBe(1);
    expect(valueKey({ route: '/a', bodyHtml: '<p>B</p>' })).not.toBe(valueKey(page));
  });
});
