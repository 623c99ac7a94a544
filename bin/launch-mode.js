// Whether `sitegen build` runs in this node or in a second one started with NODE_FLAGS (bin/sitegen.js).
// The second node pays for itself on a build that parses and renders the site (cli-bundle.js says what
// its flags save), not on one that reads it back from the build cache: there, starting node twice was
// a fifth of the CPU (warm Shifu build, nothing changed: 1.41 -> 1.15 s of CPU, medians of 6 alternating,
// 10:21 UTC, load 9). So a build whose last run of the same command (same folder, arguments, cache
// folder and sitegen code) wrote its cache runs here; the first, and any after a change of sitegen's
// code (which makes the cache new), starts the second node. The build leaves a mark (a small file in
// the cache folder) after it has written its cache; `sitegen clear` removes it with the cache. A mark
// that is wrong (the cache was pruned meanwhile) costs that one build the flags, never its output.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import vm from 'node:vm';
import v8 from 'node:v8';
import { cacheRoot, cliKey, NODE_FLAGS } from './cli-bundle.js';

/** The environment variable that tells the build where its mark goes (src/cli/build.ts writes it). */
export const MARK_ENV = 'SITEGEN_LAUNCH_MARK';

/**
 * The mark of this command (`argv` as process.argv, run in `cwd` with `env`): in the build cache's
 * folder, as src/builder/cacheFolder.ts's storeFolder() finds it (SITEGEN_CACHE_DIR, or the package's
 * cacheRoot).
 */
export function markFile(argv = process.argv, { cwd = process.cwd(), env = process.env } = {}) {
  const dir = env.SITEGEN_CACHE_DIR ? path.resolve(cwd, env.SITEGEN_CACHE_DIR) : cacheRoot;
  const key = crypto
    .createHash('sha1')
    .update([cliKey(), cwd, dir, ...argv.slice(2)].join('\0'))
    .digest('hex')
    .slice(0, 16);
  return path.join(dir, `launch-${key}`);
}

/** Whether the command's last run wrote the build cache (then this one is most likely read back from it). */
export function buildsWarm(mark) {
  return fs.existsSync(mark);
}

/**
 * Sets the flags of NODE_FLAGS that V8 takes at run time, before the bundle is compiled and before
 * any thread starts (this process has one thread now). `--max-semi-space-size` then applies to the
 * worker threads only (this thread's heap is made), and `--v8-pool-size` (node's, not V8's) not at all.
 * `--expose-gc` stays on, so that threads started later have their `gc` (heapBound.ts), and this
 * thread gets its own from a new context: never turned off, no thread can turn it off under another.
 * Returns the flags set, which the bundle's code cache is keyed by (V8 takes a cache only from a node
 * with the same flags).
 */
export function setRuntimeFlags() {
  const flags = NODE_FLAGS.filter((f) => !f.startsWith('--v8-pool-size'));
  for (const flag of flags) v8.setFlagsFromString(flag);
  globalThis.gc ??= vm.runInNewContext('gc');
  return flags;
}
