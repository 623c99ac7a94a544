import os from 'node:os';

/**
 * How esbuild's process runs (its Go runtime reads these variables when it starts, at the first
 * bundle of this process); a value set by the user is kept.
 *
 * GOMAXPROCS: esbuild bundles in a process of its own while this thread parses markdown; left alone,
 * its Go runtime uses every core, and on a two-core machine it takes turns with the parse instead of
 * running beside it. Leaving one core to this thread took about 6 % off a cold build of the Shifu
 * site there.
 *
 * GOGC: Go collects garbage each time its heap doubles (GOGC=100), which, from the small heap a new
 * process starts with, was 16 collections in a cold Shifu build (at most 32 MB live), a quarter of
 * esbuild's CPU. GOGC=400 (a collection when the heap is five times what was live after the last)
 * made it 3, and esbuild's CPU 400-450 -> 320-380 ms (peak memory 64-71 -> 76-82 MB; the Shifu
 * bench with its rebuild in the same process: 69 -> 79 MB). GOGC=800 or off saved about 10 ms more
 * (98 or 117 MB: the heap's new pages cost the kernel what the collections no longer did), for a
 * heap of nine times (or any number of times) the live one in a long-running process (`sitegen
 * dev`, whose esbuild keeps its incremental builds).
 */
export function configureEsbuildProcess(): void {
  const cores = os.availableParallelism();
  process.env.GOMAXPROCS ??= String(Math.max(1, cores - 1));
  process.env.GOGC ??= '400';
}
