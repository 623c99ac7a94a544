// A killed build leaves its staging folder (`<out>.tmp-<pid>-<time>`), and one killed during the swap
// the previous output (`<out>.old-<pid>-<time>`). The next build into the same folder removes those
// whose process is gone, and only when they carry the output marker: nothing else is touched. One
// killed between the swap's two renames leaves no output folder at all: the previous output is put
// back first, so that neither its removal as stale nor a failing build leaves the site without one.
import fs from 'node:fs';
import path from 'node:path';
import { isOutput } from './safeOutDir.js';
import { processAlive } from '../processAlive.js';

/**
 * The folders beside `outDir` that builds left (`<out>.<kind>-<pid>-<time>`, `kind` one of `kinds`)
 * whose process is gone; `live` are this process's own (one of them not live: left by an earlier
 * process with the same id).
 */
export function deadSiblings(params: { outDir: string; live: Set<string>; kinds: string[] }): string[] {
  const parent = path.dirname(params.outDir);
  const name = path.basename(params.outDir);
  let entries: string[];
  try {
    entries = fs.readdirSync(parent);
  } catch {
    return [];
  }
  const pattern = new RegExp(`^\\.(?:${params.kinds.join('|')})-(\\d+)-\\d+$`);
  const dead: string[] = [];
  for (const entry of entries) {
    const m = entry.startsWith(`${name}.`) ? pattern.exec(entry.slice(name.length)) : null;
    if (!m) continue;
    const dir = path.join(parent, entry);
    const pid = Number(m[1]);
    if (params.live.has(dir) || (pid !== process.pid && processAlive(pid))) continue;
    dead.push(dir);
  }
  return dead;
}

/** Removes the stale staging and replaced folders next to `outDir`; `live` are this process's own. */
export function removeStaleSiblings(params: { outDir: string; live: Set<string> }): string[] {
  const removed: string[] = [];
  for (const dir of deadSiblings({ ...params, kinds: ['tmp', 'old'] })) {
    if (!isOutput(dir)) continue;
    try {
      fs.rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // Being removed by another process too, or not ours to remove: left as it is.
    }
  }
  return removed;
}

/**
 * Renames the previous output a killed swap left beside `outDir` back to it (the newest, if several),
 * when `outDir` is missing; returns the folder restored. `live` are this process's own folders.
 */
export function restoreReplacedOutput(params: { outDir: string; live: Set<string> }): string | undefined {
  if (fs.lstatSync(params.outDir, { throwIfNoEntry: false })) return undefined;
  const parent = path.dirname(params.outDir);
  const name = path.basename(params.outDir);
  let entries: string[];
  try {
    entries = fs.readdirSync(parent);
  } catch {
    return undefined;
  }
  const replaced = entries
    .map((entry) => ({ dir: path.join(parent, entry), m: entry.startsWith(`${name}.`) ? /^\.old-(\d+)-(\d+)$/.exec(entry.slice(name.length)) : null }))
    .filter(({ dir, m }) => m && !params.live.has(dir) && (Number(m[1]) === process.pid || !processAlive(Number(m[1]))) && isOutput(dir))
    .sort((a, b) => Number(b.m![2]) - Number(a.m![2]));
  for (const { dir } of replaced) {
    try {
      fs.renameSync(dir, params.outDir);
      return dir;
    } catch {
      // Restored by another build meanwhile, or being removed: the next one, if any.
      if (fs.existsSync(params.outDir)) return undefined;
    }
  }
  return undefined;
}
