// V8's code cache for a script compiled by vm.Script, kept in a file beside it: read when there, and,
// when missing or rejected (another node, other flags, a damaged file), made as this process exits,
// holding everything the process compiled, and written atomically for the next process. Used by the
// CLI's bundle (cli-bundle.js) and the server renderer's script (src/builder/bundle/serverRenderer.ts).
import fs from 'node:fs';
import crypto from 'node:crypto';
import vm from 'node:vm';
import { threadId } from 'node:worker_threads';

/**
 * `source` compiled as `filename` with the code cache of `cacheFile`; `write`: make it if it is not
 * taken, or if a run that compiled only part of the code made it (see partialRun): the next whole run
 * makes it again with all it compiled.
 */
export function scriptWithCodeCache(source, { filename, cacheFile, write }) {
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {}
  const script = new vm.Script(source, { filename, cachedData });
  const partialFile = `${cacheFile}.partial`;
  const missing = !cachedData || script.cachedDataRejected;
  if (write && (missing || fs.existsSync(partialFile))) {
    process.once('exit', () => {
      const partial = Boolean(globalThis.__sitegenPartialRun);
      if (!missing && partial) return;
      if (!writeCodeCache(script, cacheFile)) return;
      try {
        if (partial) fs.writeFileSync(partialFile, '');
        else fs.rmSync(partialFile, { force: true });
      } catch {
        // Only slower next time.
      }
    });
  }
  return script;
}

/**
 * Writes the code cache of `script` (what its thread compiled of it so far) to `cacheFile`, atomically:
 * a file of this process and thread, renamed. Returns whether it was written (a failure is only slower
 * next time).
 */
export function writeCodeCache(script, cacheFile) {
  const tmp = `${cacheFile}.${process.pid}.${threadId}.tmp`;
  try {
    fs.writeFileSync(tmp, script.createCachedData());
    fs.renameSync(tmp, cacheFile);
    return true;
  } catch {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {}
    return false;
  }
}

/**
 * Tells the code caches this process makes that it ran only part of the code (a build that found
 * nothing changed: src/cli/build.ts): a cache it makes is made again by the next whole run, whose
 * functions it lacks (a whole build compiling them lazily took 0.3-0.5 s more CPU, 06:27 UTC A/B).
 */
export function partialRun() {
  globalThis.__sitegenPartialRun = true;
}

/**
 * The key of the V8 flags this process compiles with: V8 takes a code cache only from a node with the
 * same flags. `runtimeFlags`: those set at run time (launch-mode.js), which process.execArgv does not
 * show (the launcher records the key it loaded the CLI with in globalThis.__sitegenCodeCacheFlags).
 */
export function flagsKey(runtimeFlags = []) {
  return crypto
    .createHash('sha1')
    .update(`${process.version}\n${[...process.execArgv, ...runtimeFlags].join('\n')}\n${process.env.NODE_OPTIONS ?? ''}`)
    .digest('hex')
    .slice(0, 8);
}

/**
 * The flags key the code caches of this process are named by: the one the launcher loaded the CLI
 * with (cli-bundle.js records it, runtime flags included), else this process's own.
 */
export function processFlagsKey() {
  return globalThis.__sitegenCodeCacheFlags ?? flagsKey();
}
