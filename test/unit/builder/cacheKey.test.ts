// The one keying scheme of the build caches: keys change with every part, and entries are served
// only under the key they were made with.
import { describe, expect, it } from 'vitest';
import { cacheKey, composedValueKey, KeyedCache, valueKey } from '../../../src/builder/cacheKey.js';

describe('cacheKey', () => {
  it('depends on every part, their order and their boundaries, and on values as JSON', () => {
    expect(cacheKey('a', 'b')).toBe(cacheKey('a', 'b'));
    expect(cacheKey('a', 'b')).not.toBe(cacheKey('b', 'a'));
    expect(cacheKey('ab', 'c')).not.toBe(cacheKey('a', 'bc'));
    expect(cacheKey({ x: 1 })).not.toBe(cacheKey({ x: 2 }));
    expect(cacheKey(new TextEncoder().encode('text'))).toBe(cacheKey('text'));
    // Short texts are hashed at once, bytes and long texts piece by piece: the same key either way.
    expect(cacheKey('ab', { x: 'é中' })).toBe(cacheKey(new TextEncoder().encode('ab'), { x: 'é中' }));
    expect(cacheKey('a'.repeat(70_000), 'b')).not.toBe(cacheKey('a'.repeat(70_000), 'c'));
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

  it('composedValueKey: known parts count by their keys, anything else by its content, and valueKey returns it', () => {
    const html = '<p>' + 'A long body. '.repeat(10) + '</p>';
    const toc = [{ id: 'a', value: 'A', level: 2 }];
    const parts = (key: string) => ({ strings: [[html, `${key}.html`]] as [string, string][], objects: new Map<object, string>([[toc, `${key}.toc`]]) });
    const page = (title: string, body = html) => ({ route: '/a', title, bodyHtml: body, content: { toc } });
    const a = page('A');
    const key = composedValueKey(a, parts('md1'));
    expect(valueKey(a)).toBe(key);
    // The same content and part keys: the same key; another render's key, or other content elsewhere: another.
    expect(composedValueKey(page('A'), parts('md1'))).toBe(key);
    expect(composedValueKey(page('A'), parts('md2'))).not.toBe(key);
    expect(composedValueKey(page('B'), parts('md1'))).not.toBe(key);
    // A body that is not the render's counts by its content, and differs from the render's key.
    expect(composedValueKey(page('A', html + ' '), parts('md1'))).not.toBe(key);
    // Unlike the key of the value whole (the two never meet: a value is keyed one way in a build).
    expect(key).not.toBe(cacheKey(page('A')));
    // The value itself is left as it was.
    expect(a.bodyHtml).toBe(html);
    expect(a.content.toc).toBe(toc);
  });
});
