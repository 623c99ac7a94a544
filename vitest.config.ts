import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/helpers/sequencer.js';

export default defineConfig({
  test: {
    // Two cores: builds in tests are CPU-bound, so run two files at a time at most.
    pool: 'forks',
    maxWorkers: 2,
    // The longest files start first (test/helpers/sequencer.ts), so the two workers end together.
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: a browser test on a loaded two-core CI machine can need more for
    // a client navigation or a hydration. Polls still end as soon as they pass.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default'],
    projects: [
      // Unit and browser tests: each file in a fresh process (some set module state on purpose, such as
      // output/launcher.ts's "launcher gone", which would stop every later build of the process).
      { extends: true, test: { name: 'isolated', include: ['test/unit/**/*.test.{ts,tsx}', 'test/e2e/**/*.test.{ts,tsx}'] } },
      // Integration tests build sites with the builder's own modules: a worker process keeps them loaded
      // from one file to the next instead of importing the builder again for each file (the suite's
      // imports took 125 s of its two workers' time; the integration files alone ran in 192 s instead
      // of 241 s this way). The builder keeps no state between builds but lazy singletons and bounded
      // caches, as a dev server needs.
      { extends: true, test: { name: 'integration', include: ['test/integration/**/*.test.{ts,tsx}'], isolate: false } },
    ],
  },
});
