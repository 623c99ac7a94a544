import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type * as esbuild from 'esbuild';
import { cacheFolder, markUsed, pruneCacheFolder } from '../cacheFolder.js';

/** esbuild options for code that runs in this Node process (server renderer, build workers). */
export const nodeBundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  write: false,
  logLevel: 'silent',
  define: { __SITEGEN_DEV__: 'false', __SITEGEN_COLOR_MODE_SWITCH__: 'true' },
} satisfies esbuild.BuildOptions;

/**
 * Writes bundled code under node_modules/.cache/sitegen, named by its content hash, and returns the
 * file: the same code is one file, imported once by a long-running process, and its bare imports
 * resolve from sitegen's own dependencies.
 */
export function writeCachedModule(prefix: string, code: string): string {
  return writeCached(`${prefix}-${hashOf(code)}.mjs`, code);
}

/** The same for a generated stylesheet. */
export function writeCachedStylesheet(prefix: string, css: string): string {
  return writeCached(`${prefix}-${hashOf(css)}.css`, css);
}

const hashOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Whether writeCachedModule found `file` made already (by this process or an earlier one). */
export function foundCached(file: string): boolean {
  return found.has(file);
}

const found = new Set<string>();

function writeCached(name: string, code: string): string {
  const dir = cachedModuleDir();
  const file = path.join(dir, name);
  if (fs.existsSync(file)) {
    markUsed(file);
    found.add(file);
  } else {
    pruneCacheFolder();
    fs.mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, code);
    fs.renameSync(tmp, file);
  }
  return file;
}

/**
 * The module cached under `name` (a key of its inputs) and `ext`, made by `make` and written only if
 * missing: a later process reuses it without making it again.
 */
export async function writeKeyedModule(name: string, make: () => Promise<string>, ext = '.mjs'): Promise<string> {
  const file = path.join(cachedModuleDir(), `${name}${ext}`);
  if (fs.existsSync(file)) {
    markUsed(file);
    return file;
  }
  pruneCacheFolder();
  const code = await make();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, code);
  fs.renameSync(tmp, file);
  return file;
}

function cachedModuleDir(): string {
  return cacheFolder();
}

/**
 * How a cached module imports a file: a path relative to the cache folder. esbuild hashes the paths
 * of its inputs into the names of its outputs, and a cached module is named by its text: with
 * absolute paths in it, a checkout at another path would name the site's scripts differently.
 */
export function specifierFromCache(file: string): string {
  // esbuild resolves an import from the importer's real folder (node_modules may be a link).
  const dir = cachedModuleDir();
  fs.mkdirSync(dir, { recursive: true });
  const rel = path.relative(fs.realpathSync(dir), file).split(path.sep).join('/');
  return JSON.stringify(rel.startsWith('.') ? rel : `./${rel}`);
}
