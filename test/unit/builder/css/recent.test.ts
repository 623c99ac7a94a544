import { describe, expect, it } from 'vitest';
import { Recent } from '../../../../src/builder/css/recent.js';

// This process's recent results (builder/css/recent.ts): bounded, the least recently used going first.

describe('Recent', () => {
  it('keeps the last entries up to its limit, a read one counting as recent', () => {
    const recent = new Recent<number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    expect(recent.get('a')).toBe(1);
    recent.set('c', 3);
    expect(recent.get('b')).toBeUndefined();
    expect(recent.get('a')).toBe(1);
    expect(recent.get('c')).toBe(3);
  });
});
