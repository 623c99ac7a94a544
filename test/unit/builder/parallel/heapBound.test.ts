import { describe, expect, it } from 'vitest';
import v8 from 'node:v8';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { heapBound } from '../../../../src/builder/parallel/heapBound.js';

// A thread's heap bound (heapBound.ts): `collect` always collects, `settle` only once the old space
// has grown past the bound since the last collection. The search thread settles after each context:
// a site of many small contexts (versions x locales) must not pay a full collection for each.

const oldSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;

/** Full collections while `run` runs (the observer's entries come a tick later). */
async function fullCollections(run: () => void): Promise<number> {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if ((e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) count++;
  });
  observer.observe({ entryTypes: ['gc'] });
  run();
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return count;
}

describe('a heap bound', () => {
  it('settles without a full collection while the heap has not grown past the bound', async () => {
    const bound = heapBound(64);
    expect(await fullCollections(() => bound.collect())).toBe(1);
    expect(await fullCollections(() => Array.from({ length: 10 }, () => bound.settle()))).toBe(0);
  });

  it('settles with one full collection once the old space has grown past the bound', async () => {
    const bound = heapBound(2);
    bound.collect();
    const start = oldSpace();
    // Small objects kept alive: promoted to the old space as young collections run.
    const kept: object[][] = [];
    while (oldSpace() < start + 4 * 1048576) kept.push(Array.from({ length: 1000 }, (_, i) => ({ i })));
    expect(await fullCollections(() => bound.settle())).toBe(1);
    // The bound starts again from what is live: no collection until it has grown again.
    expect(await fullCollections(() => bound.settle())).toBe(0);
    expect(kept.length).toBeGreaterThan(0);
  });
});
