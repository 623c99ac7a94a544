import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/helpers/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
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
  },
});
