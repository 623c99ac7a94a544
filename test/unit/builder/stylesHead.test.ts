import { describe, it, expect } from 'vitest';
import v8 from 'node:v8';
import { stylesForHead, type ContentHead } from '../../../src/builder/contentStore.js';

// The styles step's entries as the content store's head keeps them (src/builder/contentStore.ts
// stylesForHead): page-data entries of equal classes share one value, so the head holds each once and
// reads them back shared; every entry keeps its own name and key, and the other entries stay as they are.

type Entries = NonNullable<ContentHead['styles']>;
const classes = (...names: string[]) => ({ names, prefixes: ['hotjar-'], elements: ['table'] });

describe('stylesForHead', () => {
  it('shares equal page-data values, keeps distinct ones and every name and key', () => {
    const entries: Entries = [
      ['data:a', { key: 'ka', value: classes('menu', 'navbar') }],
      ['data:b', { key: 'kb', value: classes('menu', 'navbar') }],
      ['data:c', { key: 'kc', value: classes('menu') }],
      ['assets/js/main.js', { key: 'km', value: { names: ['x'], prefixes: [] } }],
      ['site', { key: 'ks', value: { warnings: [], dropped: { selectors: 0, keyframes: [], variables: [], declarations: 0 } } }],
    ];
    const head = stylesForHead(entries);
    expect(head.map(([name, e]) => [name, e.key])).toEqual(entries.map(([name, e]) => [name, e.key]));
    expect(head.map(([, e]) => e.value)).toEqual(entries.map(([, e]) => e.value));
    expect(head[1][1].value).toBe(head[0][1].value);
    expect(head[2][1].value).not.toBe(head[0][1].value);
    // Entries other than the pages' data are the same objects.
    expect(head[3]).toBe(entries[3]);
    expect(head[4]).toBe(entries[4]);
  });

  it('stores a shared value once, and it is read back equal and shared', () => {
    const names = Array.from({ length: 40 }, (_, i) => `theme-class-${i}`);
    const many: Entries = Array.from({ length: 200 }, (_, i) => [`data:${i}`, { key: `k${i}`, value: classes(...names) }]);
    const plain = v8.serialize(many);
    const shared = v8.serialize(stylesForHead(many));
    expect(shared.length).toBeLessThan(plain.length / 4);
    const back = v8.deserialize(shared) as Entries;
    expect(back).toEqual(many);
    expect(back[199][1].value).toBe(back[0][1].value);
    // Read back shared, the values are compared once each and stay shared.
    expect(stylesForHead(back)[199][1].value).toBe(back[0][1].value);
  });
});
