import { removeRunTmpDir } from './runTmp.js';

// Runs once per test run (vitest.config.ts, `globalSetup`): at the end, removes the run's temporary
// folder on /dev/shm (test/helpers/runTmp.ts), which would otherwise hold its files in memory until the
// machine restarts. Vitest runs a global set-up once for the root config and once for each project that
// inherits it, all in its main process: the folder goes with the last teardown.

const KEY = Symbol.for('sitegen.test.tmp');
const holder = globalThis as { [KEY]?: number };

export default function setup(): () => void {
  holder[KEY] = (holder[KEY] ?? 0) + 1;
  return () => {
    holder[KEY]! -= 1;
    if (holder[KEY] === 0) removeRunTmpDir();
  };
}
