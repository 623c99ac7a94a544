import os from 'node:os';

/**
 * esbuild bundles in a process of its own while this thread parses markdown; left alone, its Go
 * runtime uses every core, and on a two-core machine it takes turns with the parse instead of running
 * beside it. Leaving one core to this thread (GOMAXPROCS, read when esbuild's process starts) took
 * about 6 % off a cold build of the Shifu site there. A GOMAXPROCS set by the user is kept.
 */
export function leaveACoreToTheBuild(): void {
  const cores = os.availableParallelism();
  process.env.GOMAXPROCS ??= String(Math.max(1, cores - 1));
}
