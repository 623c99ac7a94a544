import fs from 'node:fs';
import path from 'node:path';

// Compares two build folders file by file (the output-comparison scripts of bench/ share it).

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

/** Paths under a and b that differ in content or exist on one side only. */
export function compareFolders(a: string, b: string): { count: number; differ: string[] } {
  const fa = files(a);
  const fb = new Set(files(b));
  const all = [...new Set([...fa, ...fb])].sort();
  const inA = new Set(fa);
  const differ = all.filter((f) => !inA.has(f) || !fb.has(f) || !fs.readFileSync(path.join(a, f)).equals(fs.readFileSync(path.join(b, f))));
  return { count: all.length, differ: differ.map((f) => (!inA.has(f) ? `${f} (only after)` : !fb.has(f) ? `${f} (only before)` : f)) };
}
