import { afterEach, describe, expect, it } from 'vitest';
import { withNodeEnv } from '../../../../../src/builder/plugins/docusaurus/nodeEnv.js';

// Two builds in one process loading their Docusaurus plugins at the same time: each sees its own
// NODE_ENV for the whole of its loading, and the variable is as it was once both are done.

const original = process.env.NODE_ENV;
afterEach(() => {
  if (original === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = original;
});

describe('withNodeEnv', () => {
  it('gives each of two overlapping loads its own NODE_ENV from start to end, and puts the variable back', async () => {
    process.env.NODE_ENV = 'test';
    const seen: string[] = [];
    let releaseFirst!: () => void;
    const firstWaits = new Promise<void>((resolve) => (releaseFirst = resolve));
    const load = (name: string, wait?: Promise<void>) => async () => {
      seen.push(`${name} start ${process.env.NODE_ENV}`);
      await wait;
      seen.push(`${name} end ${process.env.NODE_ENV}`);
      return name;
    };
    const first = withNodeEnv('production', load('first', firstWaits));
    const second = withNodeEnv('development', load('second'));
    // The second starts only after the first ended, whatever the first awaits.
    await Promise.resolve();
    releaseFirst();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(seen).toEqual(['first start production', 'first end production', 'second start development', 'second end development']);
    expect(process.env.NODE_ENV).toBe('test');
  });

  it('lets the next load run after one that failed', async () => {
    delete process.env.NODE_ENV;
    await expect(
      withNodeEnv('production', async () => {
        throw new Error('plugin failed');
      }),
    ).rejects.toThrow('plugin failed');
    expect(process.env.NODE_ENV).toBeUndefined();
    expect(await withNodeEnv('production', async () => process.env.NODE_ENV)).toBe('production');
  });
});
