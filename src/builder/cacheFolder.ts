import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from './paths.js';

// sitegen's folder of generated files kept between runs: node_modules/.cache/sitegen of the sitegen
// package (the bundled build workers and server code, the dev server's cache, drawn diagrams, the
// extracted UI strings, the blog's formatted dates). A file there is named by a key of what made it, so an edited source makes a
// new file and the old one is never read again: every edit of sitegen's sources used to leave a 2 MB
// worker bundle behind for good. Files are marked when used, and the files nobody made or used for a
// week are removed, once per process, when a new one is written.

/** How long an unused file is kept. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** The folder, or a path inside it. Generated modules live here: they import sitegen's packages. */
export function cacheFolder(...parts: string[]): string {
  return path.join(packageRoot(), 'node_modules/.cache/sitegen', ...parts);
}

/**
 * Where the build cache's data goes (the stores of persistentCache.ts, drawn diagrams, extracted
 * strings): the same folder, or `SITEGEN_CACHE_DIR` (a CI cache path, a test's own folder).
 */
export function storeFolder(...parts: string[]): string {
  return process.env.SITEGEN_CACHE_DIR ? path.join(path.resolve(process.env.SITEGEN_CACHE_DIR), ...parts) : cacheFolder(...parts);
}

/** Marks a cached file as used now (its modification time), so that pruning keeps it. */
export function markUsed(file: string): void {
  try {
    const now = new Date();
    fs.utimesSync(file, now, now);
  } catch {
    // A file that cannot be marked is at worst made again after a week.
  }
}

let pruned = false;

/**
 * Removes the folder's top-level files not made or used for a week (the bundled CLI's files are left
 * to bin/cli-bundle.js, which replaces them itself). Runs once per process; `now` is for tests.
 */
export function pruneCacheFolder(now = Date.now()): void {
  if (pruned) return;
  pruned = true;
  const dir = cacheFolder();
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (!e.isFile() || e.name.startsWith('cli-')) continue;
    const file = path.join(dir, e.name);
    try {
      if (now - fs.statSync(file).mtimeMs > KEEP_MS) fs.rmSync(file, { force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

/** For tests: lets the next write prune again. */
export function resetPruning(): void {
  pruned = false;
}

/**
 * Empties the cache (`sitegen clear`): every store, drawn diagram, generated module and worker (those
 * stay where SITEGEN_CACHE_DIR moved the data elsewhere). The bundled CLI's own files (cli-*) stay: a
 * running sitegen is made of them. Returns the bytes freed.
 */
export function clearCacheFolder(dir = storeFolder()): number {
  let freed = 0;
  const size = (p: string): number => {
    const s = fs.lstatSync(p);
    return s.isDirectory() ? fs.readdirSync(p).reduce((n, name) => n + size(path.join(p, name)), 0) : s.size;
  };
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (name.startsWith('cli-')) continue;
    const p = path.join(dir, name);
    try {
      freed += size(p);
      fs.rmSync(p, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
  return freed;
}
