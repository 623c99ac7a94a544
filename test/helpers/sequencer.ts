import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The order test files start in (vitest.config.ts, `sequence.sequencer`): the longest first, so that the
// two workers end together instead of one running the longest file alone at the end. A fresh clone has
// no timings from an earlier run (vitest would start the largest files first), so the order is the
// measured one of test/helpers/durations.json (the files that took the longest in a full run, longest
// first; scripts/test-durations.ts writes it from the report `npm test` keeps), then by kind: the other
// browser tests, the integration tests and the unit tests last. Within a kind, vitest's own order (its
// last timings when it has them).

/** The longest files, longest first, by path from the repository's root ('test/e2e/a11y.test.ts'). */
function longestFiles(root: string): string[] {
  const { longest } = JSON.parse(fs.readFileSync(path.join(root, 'test/helpers/durations.json'), 'utf8')) as { longest: { file: string }[] };
  return longest.map((entry) => entry.file);
}

function rank(longest: string[], file: string): number {
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
    const lists = new Map<string, string[]>();
    const rankOf = (spec: TestSpecification) => {
      const root = spec.project.config.root;
      if (!lists.has(root)) lists.set(root, longestFiles(root));
      return rank(lists.get(root)!, path.relative(root, spec.moduleId).split(path.sep).join('/'));
    };
    const ranks = new Map(sorted.map((spec) => [spec, rankOf(spec)]));
    return sorted.sort((a, b) => ranks.get(a)! - ranks.get(b)! || order.get(a)! - order.get(b)!);
  }
}
