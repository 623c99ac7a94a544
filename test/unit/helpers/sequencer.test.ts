import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LongestFirstSequencer } from '../../helpers/sequencer.js';
import { repoRoot } from '../../helpers/paths.js';

// The order the run starts its files in (test/helpers/sequencer.ts), on specifications of the two
// projects of vitest.config.ts: vitest's own order knows none of these files (no timings, no stats).

const shared = { name: 'shared', config: { root: repoRoot, isolate: false, sequence: { groupOrder: 0 } } };
const isolated = { name: 'isolated', config: { root: repoRoot, isolate: true, sequence: { groupOrder: 0 } } };
const spec = (project: typeof shared, file: string) => ({ project, moduleId: path.join(repoRoot, file) }) as unknown as TestSpecification;
const ctx = { config: { root: repoRoot }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } } as unknown as Vitest;

async function order(specs: TestSpecification[]): Promise<string[]> {
  const sorted = await new LongestFirstSequencer(ctx).sort(specs);
  return sorted.map((s) => `${s.project.name}:${path.relative(repoRoot, s.moduleId)}`);
}

describe('LongestFirstSequencer', () => {
  it('starts the longest files first, then the browser, integration and unit files, and the isolated project last', async () => {
    expect(
      await order([
        spec(isolated, 'test/integration/builder/pipeline/scan-once.test.ts'),
        spec(shared, 'test/unit/architecture.test.ts'),
        spec(isolated, 'test/unit/builder/output/launcher.test.ts'),
        spec(shared, 'test/integration/builder/plugins/blog/blog.test.ts'),
        spec(shared, 'test/e2e/theme/infima.test.ts'),
        spec(shared, 'test/e2e/theme/marketing.test.ts'),
        spec(shared, 'test/integration/builder/cache/persistent.test.ts'),
      ]),
    ).toEqual([
      'shared:test/integration/builder/cache/persistent.test.ts',
      'shared:test/e2e/theme/marketing.test.ts',
      'shared:test/e2e/theme/infima.test.ts',
      'shared:test/integration/builder/plugins/blog/blog.test.ts',
      'shared:test/unit/architecture.test.ts',
      // Among themselves, in vitest's own order (here the order given: no timings).
      'isolated:test/integration/builder/pipeline/scan-once.test.ts',
      'isolated:test/unit/builder/output/launcher.test.ts',
    ]);
  });

  it('keeps the shared files together: no isolated file between two of them', async () => {
    const files = [
      spec(shared, 'test/integration/builder/build.test.ts'),
      spec(isolated, 'test/integration/builder/pipeline/bundle-once.test.ts'),
      spec(shared, 'test/integration/builder/corpus.test.ts'),
      spec(isolated, 'test/integration/builder/pipeline/scan-once.test.ts'),
      spec(shared, 'test/integration/builder/shifu-site.test.ts'),
    ];
    const projects = (await order(files)).map((f) => f.split(':')[0]);
    expect(projects).toEqual(['shared', 'shared', 'shared', 'isolated', 'isolated']);
  });
});
