import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import type ts from 'typescript';
import { processFlagsKey, scriptWithCodeCache } from '../../bin/codeCache.js';
import { cacheFolder, markUsed } from './cacheFolder.js';

// TypeScript's parser, for the site's React code (the UI strings of i18n/extract.ts, the classes of
// the markdown's JSX in css/usedClasses.ts), loaded once per thread on first use and run with V8's
// code cache beside it in sitegen's folder (bin/codeCache.js, as the CLI's bundle and the server
// renderer: one file per TypeScript version and set of V8 flags, written by the first process without
// one, as it exits). Its 9 MB of JavaScript took 389-413 ms of CPU to load by require(), 261-283 ms
// from the cache (the build's node flags, 3 processes each alternating, 03:25 UTC, load 18). A build
// reads its React pages' UI strings without it where it can (i18n/fastExtract.ts): a cold build of
// the Shifu site no longer loads it. Where the cache cannot be used (no file, a folder that cannot
// be written), the module is required as before.

let loaded: typeof ts | undefined;
let fromCache: boolean | undefined;

/** Whether this thread's TypeScript was compiled from the code cache (undefined: not loaded, or required as before). */
export function typescriptFromCache(): boolean | undefined {
  return fromCache;
}

export function loadTypeScript(): typeof ts {
  return (loaded ??= withCodeCache() ?? (createRequire(import.meta.url)('typescript') as typeof ts));
}

function withCodeCache(): typeof ts | undefined {
  const require = createRequire(import.meta.url);
  let file: string;
  let source: string;
  let version: string;
  try {
    file = require.resolve('typescript');
    version = (JSON.parse(fs.readFileSync(require.resolve('typescript/package.json'), 'utf8')) as { version: string }).version;
    source = fs.readFileSync(file, 'utf8');
    fs.mkdirSync(cacheFolder(), { recursive: true });
  } catch {
    return undefined;
  }
  // Named by the flags the launcher loaded the CLI with (bin/cli-bundle.js), as the server renderer's.
  const flags = processFlagsKey();
  const cacheFile = cacheFolder(`typescript-${version}.${flags}.v8cache`);
  markUsed(cacheFile);
  // As node's CommonJS loader runs a module: its own require, module and exports, `this` its exports.
  const script = scriptWithCodeCache(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cacheFile, write: isMainThread });
  fromCache = script.cachedDataRejected === false;
  const module = { exports: {} as typeof ts };
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}
