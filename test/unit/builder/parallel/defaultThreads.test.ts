// How many threads a build starts by default (executor.ts defaultThreads): none below two threads'
// worth of files (one thread alone runs beside nothing and costs its start and warm-up), then one per
// 600 markdown files up to the cores (at most 8), since each thread pays its own start and warm-up
// whatever its share.
import { describe, expect, it } from 'vitest';
import { defaultThreads } from '../../../../src/builder/parallel/executor.js';

describe('defaultThreads', () => {
  it('keeps a site of fewer than 1,200 markdown files on this thread', () => {
    expect(defaultThreads(0, 2)).toBe(0);
    expect(defaultThreads(399, 2)).toBe(0);
    expect(defaultThreads(400, 2)).toBe(0);
    // The 1,000-docs folder benchmark site (1,001 files): one thread would only cost its start.
    expect(defaultThreads(1001, 2)).toBe(0);
    expect(defaultThreads(1001, 8)).toBe(0);
    expect(defaultThreads(1199, 2)).toBe(0);
  });

  it('gives a larger site one thread per 600 markdown files, at least one', () => {
    // The versioned benchmark site (1,320 files): two, for its wall-time budget.
    expect(defaultThreads(1200, 2)).toBe(2);
    expect(defaultThreads(1320, 2)).toBe(2);
    expect(defaultThreads(2000, 8)).toBe(3);
  });

  it('starts no more threads than cores, and at most 8', () => {
    expect(defaultThreads(10000, 2)).toBe(2);
    expect(defaultThreads(10000, 4)).toBe(4);
    expect(defaultThreads(10000, 16)).toBe(8);
    expect(defaultThreads(1001, 1)).toBe(0);
    expect(defaultThreads(1200, 1)).toBe(1);
  });
});
