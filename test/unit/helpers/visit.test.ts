import { describe, expect, it } from 'vitest';
import { sharedVisit } from '../../helpers/visit.js';

// sharedVisit (test/helpers/visit.ts), on a fake page: one open for every reading, the readings in
// their order, each test given its own reading or its own error, the page handed back only when every
// reading passed.

function fakeVisit() {
  const log: string[] = [];
  const page = {
    release: async () => void log.push('release'),
  };
  return { log, open: async () => (log.push('open'), page) };
}

describe('sharedVisit', () => {
  it('opens the page once, takes every reading in order on the first ask, and hands each its own', async () => {
    const { log, open } = fakeVisit();
    const visit = sharedVisit(open, {
      a: async () => (log.push('a'), 1),
      b: async () => (log.push('b'), 'two'),
    });
    expect(log).toEqual([]);
    expect(await visit('b')).toBe('two');
    expect(await visit('a')).toBe(1);
    expect(await visit('b')).toBe('two');
    expect(log).toEqual(['open', 'a', 'b', 'release']);
  });

  it("throws a reading's error in the test that asks for it only, and keeps the page (not handed back)", async () => {
    const { log, open } = fakeVisit();
    const visit = sharedVisit(open, {
      fine: async () => 'ok',
      broken: async () => {
        throw new Error('no such element');
      },
      after: async () => (log.push('after'), 3),
    });
    await expect(visit('broken')).rejects.toThrow('no such element');
    expect(await visit('fine')).toBe('ok');
    expect(await visit('after')).toBe(3);
    expect(log).toEqual(['open', 'after']);
  });

  it('tells `end` whether every reading passed', async () => {
    const ends: boolean[] = [];
    const page = { release: async () => undefined };
    const ok = sharedVisit(
      async () => page,
      { a: async () => 1 },
      async (_, passed) => void ends.push(passed),
    );
    const failing = sharedVisit(
      async () => page,
      { a: async () => Promise.reject(new Error('x')) },
      async (_, passed) => void ends.push(passed),
    );
    await ok('a');
    await failing('a').catch(() => undefined);
    expect(ends).toEqual([true, false]);
  });

  it('fails every test when the page cannot be opened', async () => {
    const visit = sharedVisit(async () => Promise.reject(new Error('net::ERR_CONNECTION_REFUSED')) as Promise<{ release(): Promise<void> }>, { a: async () => 1, b: async () => 2 });
    await expect(visit('a')).rejects.toThrow('ERR_CONNECTION_REFUSED');
    await expect(visit('b')).rejects.toThrow('ERR_CONNECTION_REFUSED');
  });
});
