import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { SourceMapPayload } from 'node:module';
import { cacheFolder, markUsed } from '../cacheFolder.js';
import { writeFileAtomic } from '../output/atomicFile.js';

// The site config as esbuild bundled it, kept in sitegen's cache folder with the sizes and
// modification times of the files it was made from, and of the tsconfig.json, jsconfig.json and
// package.json files esbuild may have read beside them. A build whose config files did not change
// runs the kept bundle (the config's code still runs at every build) without starting esbuild: its
// service took 60 ms of CPU and 0.1-0.3 s of wall time at each start on the two-core machine (Node
// 20, esbuild 0.28, 04:50 UTC, a loaded hour), and nothing else of a warm build needs it.

export interface ConfigBundle {
  code: string;
  map: SourceMapPayload;
  /** The files it was made from (and the settings files esbuild may have read beside them, when kept). */
  inputs: string[];
}

interface Kept extends Omit<ConfigBundle, 'inputs'> {
  /** [file, its size and modification time or '-' when missing] for each file the bundle depends on. */
  stamps: [string, string][];
}

const SETTINGS_FILES = ['tsconfig.json', 'jsconfig.json', 'package.json'];

/** The file that keeps the bundle of `configFile` made with `options` (esbuild's version included). */
function keptFile(configFile: string, options: unknown): string {
  const key = crypto
    .createHash('sha1')
    .update(`${configFile}\n${JSON.stringify(options)}`)
    .digest('hex')
    .slice(0, 16);
  return cacheFolder(`configbundle-${key}.json`);
}

function stamp(file: string): string {
  const s = fs.statSync(file, { throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeMs}` : '-';
}

/** The kept bundle, if every file it was made from is as it was then. */
export function keptConfigBundle(configFile: string, options: unknown): ConfigBundle | undefined {
  const file = keptFile(configFile, options);
  let kept: Kept;
  try {
    kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Kept;
  } catch {
    return undefined;
  }
  if (!Array.isArray(kept.stamps) || typeof kept.code !== 'string' || !kept.stamps.every(([f, s]) => stamp(f) === s)) return undefined;
  markUsed(file);
  return { code: kept.code, map: kept.map, inputs: kept.stamps.map(([f]) => f) };
}

/**
 * Keeps `bundle`, made from `inputs` (absolute paths) by a bundling that started at `started` (ms):
 * not when an input changed since a second before then (esbuild may have read it before or after).
 */
export function keepConfigBundle(configFile: string, options: unknown, bundle: ConfigBundle, inputs: string[], started: number): void {
  if (inputs.some((f) => (fs.statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) > started - 1000)) return;
  const files = new Set(inputs);
  for (const input of inputs) {
    for (let dir = path.dirname(input); ; dir = path.dirname(dir)) {
      for (const name of SETTINGS_FILES) files.add(path.join(dir, name));
      if (path.dirname(dir) === dir) break;
    }
  }
  const kept: Kept = { code: bundle.code, map: bundle.map, stamps: [...files].map((f) => [f, stamp(f)]) };
  try {
    fs.mkdirSync(path.dirname(keptFile(configFile, options)), { recursive: true });
    writeFileAtomic({ file: keptFile(configFile, options), data: JSON.stringify(kept) });
  } catch {
    // A read-only install bundles the config at every build.
  }
}
