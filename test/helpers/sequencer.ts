import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The order test files start in (vitest.config.ts, `sequence.sequencer`): the longest first, so that the
// two workers end together instead of one running the longest file alone at the end. A fresh clone has
// no timings from an earlier run (vitest would start the largest files first), so the order is the
// known longest files, then by kind: the other browser tests, the integration tests (in any subfolder
// of test/integration/) and the unit tests last. Within a kind, vitest's own order (its last timings when it has them).

/** The files that take the longest, longest first (browser tests under test/e2e/, integration tests under
 *  test/integration/<src path>/): the first eleven as measured in a full `.ci/run` from a fresh clone
 *  (cache-determinism 43 s ... diagrams/cache 20 s); the rest, each under 20 s there, in their earlier
 *  measured order. */
const longest = [
  'integration/builder/output/cache-determinism',
  'integration/builder/cache/persistent',
  'e2e/reader-defects',
  'e2e/shifu-look',
  'e2e/mdx-islands',
  'e2e/runtime-navigation',
  'e2e/runtime-chrome',
  'e2e/docusaurus-classic',
  'e2e/docusaurus-plugins',
  'integration/tools/i18n/write-translations-safety',
  'integration/builder/diagrams/cache',
  'e2e/a11y',
  'e2e/a11y-zh-hans',
  'e2e/marketing',
  'e2e/runtime-routes',
  'e2e/search-page',
  'integration/builder/output/safety',
  'integration/tools/docs-version/cli',
  'e2e/reader-layout',
  'e2e/search',
  'integration/server/dev/dev',
  'integration/server/dev/site-code',
  'e2e/mermaid',
  'e2e/versioned-search',
  'e2e/versioned-docs',
  'e2e/serve-csp',
  'integration/server/forms/mail',
].map((name) => `test/${name}.test.ts`);

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
