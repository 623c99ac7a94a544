// V8's code cache for a script compiled by vm.Script, kept in a file beside it: read when there, and,
// when missing or rejected (another node, other flags, a damaged file), made as this process exits,
// holding everything the process compiled, and written atomically for the next process. Used by the
// CLI's bundle (cli-bundle.js) and the server renderer's script (src/builder/bundle/serverRenderer.ts).
import fs from 'node:fs';
import vm from 'node:vm';

/** `source` compiled as `filename` with the code cache of `cacheFile`; `write`: make it if it is not taken. */
export function scriptWithCodeCache(source, { filename, cacheFile, write }) {
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {}
  const script = new vm.Script(source, { filename, cachedData });
  if (write && (!cachedData || script.cachedDataRejected)) {
    process.once('exit', () => {
      try {
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, script.createCachedData());
        fs.renameSync(tmp, cacheFile);
      } catch {
        // Only slower next time.
      }
    });
  }
  return script;
}
