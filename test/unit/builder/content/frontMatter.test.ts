import { describe, expect, it } from 'vitest';
import { docFrontMatterSchema, plainKey, validateFrontMatter } from '../../../../src/builder/content/frontMatter.js';
import { SitegenError } from '../../../../src/builder/errors.js';

// Front matter checked against its schema (src/builder/content/frontMatter.ts), a valid one of plain
// data once per text: the same value for every front matter of the same text, never for another.

describe('validateFrontMatter', () => {
  it('gives the same value for front matters of the same plain data, as checking each would', () => {
    const a = validateFrontMatter(docFrontMatterSchema, { title: 7, tags: ['x', { label: 'y' }], sidebar_position: 2 }, '/a.md');
    const b = validateFrontMatter(docFrontMatterSchema, { title: 7, tags: ['x', { label: 'y' }], sidebar_position: 2 }, '/b.md');
    expect(a).toEqual({ title: '7', tags: ['x', { label: 'y' }], sidebar_position: 2 });
    expect(b).toBe(a);
    expect(validateFrontMatter(docFrontMatterSchema, { title: 8 }, '/c.md')).toEqual({ title: '8' });
  });

  it('reports an invalid front matter at its file each time', () => {
    for (const file of ['/a.md', '/b.md']) {
      let error: unknown;
      try {
        validateFrontMatter(docFrontMatterSchema, { sidebar_position: 'first' }, file);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SitegenError);
      expect((error as SitegenError).problems[0]).toMatchObject({ file, message: expect.stringContaining('sidebar_position') });
    }
  });

  it('keys only data that JSON holds as it is', () => {
    expect(plainKey({ a: [1, 'b', null, true], c: { d: 2 } })).toBe('{"a":[1,"b",null,true],"c":{"d":2}}');
    for (const data of [{ date: new Date(0) }, { n: Number.NaN }, { n: Infinity }, { n: -0 }, { u: undefined }, { a: [1, , 2] }, { f: () => 1 }]) expect(plainKey(data)).toBeUndefined();
    // A date and its text: each checked as it is.
    const date = validateFrontMatter(docFrontMatterSchema, { last_update: { date: new Date('2024-05-30') } }, '/a.md');
    const text = validateFrontMatter(docFrontMatterSchema, { last_update: { date: '2024-05-30T00:00:00.000Z' } }, '/b.md');
    expect((date as { last_update: { date: unknown } }).last_update.date).toBeInstanceOf(Date);
    expect((text as { last_update: { date: unknown } }).last_update.date).toBe('2024-05-30T00:00:00.000Z');
  });
});
