import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The order test files start in (vitest.config.ts, `sequence.sequencer`): the longest first, so that the
// two workers end together instead of one running the longest file alone at the end. A fresh clone has
// no timings from an earlier run (vitest would start the largest files first), so the order is by
// kind: the known longest browser tests, then the other browser tests, the integration tests and the
// unit tests last. Within a kind, vitest's own order (its last timings when it has them).

/** Browser tests that take the longest on CI, longest first. */
const longest = ['runtime-routes', 'a11y', 'a11y-zh-hans', 'search-page', 'marketing', 'reader-layout', 'runtime-navigation', 'search', 'serve-csp'].map((name) => `test/e2e/${name}.test.ts`);

function rank(file: string): number {
  const known = longest.indexOf(file);
  if (known >= 0) return known;
  if (file.startsWith('test/e2e/')) return longest.length;
  if (file.startsWith('test/integration/')) return longest.length + 1;
  return longest.length + 2;
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const order = new Map(sorted.map((spec, i) => [spec, i]));
    const rankOf = (spec: TestSpecification) => rank(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/'));
    return sorted.sort((a, b) => rankOf(a) - rankOf(b) || order.get(a)! - order.get(b)!);
  }
}
