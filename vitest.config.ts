import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/helpers/sequencer.js';
import { NODE_FLAGS } from './bin/cli-bundle.js';
import { runTmpDir } from './test/helpers/runTmp.js';

const LAUNCHER_TEST = 'test/unit/builder/output/launcher.test.ts';
// Files that count a stage's calls through vi.mock: a mock applies only to modules its file imports first.
const COUNTING_TESTS = 'test/integration/builder/pipeline/*-once.test.ts';
// The tests' temporary files on tmpfs, when /dev/shm has room (test/helpers/runTmp.ts: the kernel's CPU per file).
const tmp = runTmpDir();

export default defineConfig({
  test: {
    // Two cores: builds in tests are CPU-bound, so run two files at a time at most.
    pool: 'forks',
    maxWorkers: 2,
    // The worker processes run with the node options a build runs with (bin/cli-bundle.js, NODE_FLAGS):
    // most of the suite's CPU is builds in these processes and on their worker threads.
    execArgv: NODE_FLAGS,
    // The longest files start first (test/helpers/sequencer.ts), so the two workers end together.
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: a browser test on a loaded two-core CI machine can need more for
    // a client navigation or a hydration. Polls still end as soon as they pass.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default'],
    // os.tmpdir() of the tests and of the processes they start (test/helpers/runTmp.ts).
    env: tmp ? { TMPDIR: tmp } : {},
    // One Chromium for the whole run, which the browser tests connect to (test/helpers/globalSetup.ts);
    // the run's temporary folder removed at its end (test/helpers/tmpSetup.ts).
    globalSetup: ['test/helpers/globalSetup.ts', 'test/helpers/tmpSetup.ts'],
    // In each worker: the builds of a file share their diagram-drawing browsers (test/helpers/workerSetup.ts).
    setupFiles: ['test/helpers/workerSetup.ts'],
    projects: [
      // The one unit test that sets module state on purpose (output/launcher.ts's "launcher gone", which
      // would stop every later folder build of its process): in a fresh process.
      { extends: true, test: { name: 'isolated', include: [LAUNCHER_TEST, COUNTING_TESTS] } },
      // Every other file: a worker process keeps the builder's modules (and playwright's) loaded from one
      // file to the next instead of importing them again for each file (the suite's imports took 125 s of
      // its two workers' time; the integration files alone ran in 192 s instead of 241 s this way, the
      // unit files in 7 s instead of 22 s). The builder keeps no state between builds but lazy singletons
      // and bounded caches, as a dev server needs; a test undoes what it changes outside a build. Browser
      // files connect to the run's one Chromium (test/helpers/globalSetup.ts), each with its own contexts.
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/integration/**/*.test.{ts,tsx}', 'test/e2e/**/*.test.{ts,tsx}'],
          exclude: [LAUNCHER_TEST, COUNTING_TESTS],
          isolate: false,
        },
      },
    ],
  },
});
