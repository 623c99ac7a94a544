// A killed build leaves its staging folder (`<out>.tmp-<pid>-<time>`), and one killed during the swap
// the previous output (`<out>.old-<pid>-<time>`). The next build into the same folder removes those
// whose process is gone, and only when they carry the output marker: nothing else is touched.
import fs from 'node:fs';
import path from 'node:path';
import { isOutput } from './safeOutDir.js';
import { processAlive } from '../processAlive.js';

/** Removes the stale staging and replaced folders next to `outDir`; `live` are this process's own. */
export function removeStaleSiblings(params: { outDir: string; live: Set<string> }): string[] {
  const parent = path.dirname(params.outDir);
  const name = path.basename(params.outDir);
  let entries: string[];
  try {
    entries = fs.readdirSync(parent);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.startsWith(`${name}.`)) continue;
    const m = /^\.(?:tmp|old)-(\d+)-\d+$/.exec(entry.slice(name.length));
    if (!m) continue;
    const dir = path.join(parent, entry);
    const pid = Number(m[1]);
    if (params.live.has(dir) || (pid !== process.pid && processAlive(pid)) || !isOutput(dir)) continue;
    // A folder of this process that is not live: left by an earlier process with the same id.
    try {
      fs.rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // Being removed by another process too, or not ours to remove: left as it is.
    }
  }
  return removed;
}
