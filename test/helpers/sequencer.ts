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
//
// The files of a project that runs each file in a fresh process (`isolate`, vitest.config.ts's
// `isolated`) go after all the others. Vitest's pool keeps a worker of the shared project for the next
// file only when the next file in the queue is one of its project's too (vitest 4.1, Pool.schedule);
// an isolated file at the head of the queue ends it, and the shared files after it start in a new
// worker that imports the builder, playwright and the rest again and makes its bundles again. Ranked
// among the integration files, the three isolated files ended both shared workers in the middle of the
// run (CI run of 17:21 UTC: nine worker processes, the second pair of shared workers started at
// 501-503 s); last, each shared worker lives from its first file to its last.

/** The longest files, longest first, by path from the repository's root ('test/e2e/theme/a11y.test.ts'). */
function longestFiles(root: string): string[] {
  const { longest } = JSON.parse(fs.readFileSync(path.join(root, 'test/helpers/durations.json'), 'utf8')) as { longest: { file: string }[] };
  return longest.map((entry) => entry.file);
}

/** A file's place in the order: its index among the longest files, else its kind's; isolated files last. */
function rank(longest: string[], file: string, isolated = false): number {
  if (isolated) return longest.length + 3;
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
      return rank(lists.get(root)!, path.relative(root, spec.moduleId).split(path.sep).join('/'), spec.project.config.isolate);
    };
    const ranks = new Map(sorted.map((spec) => [spec, rankOf(spec)]));
    return sorted.sort((a, b) => ranks.get(a)! - ranks.get(b)! || order.get(a)! - order.get(b)!);
  }
}
