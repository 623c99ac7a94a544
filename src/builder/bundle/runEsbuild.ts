import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import * as esbuild from 'esbuild';
import { isVirtualInput } from './inputs.js';
import { cacheFolder } from '../cacheFolder.js';
import { keepShared, madeOnce, sharedKey, takeShared } from './sharedBundles.js';

type Result = esbuild.BuildResult & { outputFiles: esbuild.OutputFile[] };

/**
 * A bundle as it can be kept on disk between processes (persistentCache.ts): its options' key, the
 * content hash of every file it read, and its output. Files saved while esbuild ran are not kept.
 */
export interface StoredBundle {
  key: string;
  /** Each file the bundle read, its content's sha1 and (stores since 2026-12-06) its size:mtime stamp. */
  hashes: [file: string, sha1: string, stamp?: string][];
  outputFiles: { path: string; contents: Uint8Array }[];
  metafile: esbuild.Metafile;
  watchFiles: string[];
  /** What the caller made of this output (`derived`): valid for as long as the output is. */
  derived?: unknown;
}

/**
 * esbuild contexts kept between builds in one process, by purpose ("client", "server"); a slot read
 * back from the persistent cache has no context yet, only the bundle it stored.
 */
export type EsbuildContexts = Map<
  string,
  { key: string; ctx?: esbuild.BuildContext; last?: { result: Result; inputs: Map<string, string> }; stored?: StoredBundle; derived?: { result: Result; value: unknown } }
>;

// absWorkingDir is given: the metafile names the files read relative to it, and esbuild's default is
// the folder its module was loaded in, which is not this process's folder once it has changed folders.
type Options = esbuild.BuildOptions & { write: false; metafile?: boolean; absWorkingDir: string };

/**
 * One esbuild build; with `contexts`, an incremental rebuild when the options are the same as last
 * time (esbuild then re-reads only what changed), which is what makes a warm rebuild fast. When no
 * file the last build read has changed since (size and modification time), its result is reused
 * without asking esbuild at all. `shareIn` (the site's folder): the bundle may be one another site of
 * this process made, when nothing in it is either site's own (sharedBundles.ts).
 */
export async function runEsbuild(params: { purpose: string; options: Options; key: string; contexts?: EsbuildContexts; shareIn?: string }): Promise<Result> {
  // The shared key is the options written as text: made only on a path that asks for it (not when the
  // bundle is read back from the persistent cache).
  let memo: string | undefined | null = null;
  const shared = () => (memo === null ? (memo = params.shareIn === undefined ? undefined : sharedKey({ ...params, siteDir: params.shareIn })) : memo);
  if (!params.contexts) {
    const other = takeShared<Result, StoredBundle>(shared(), params.shareIn, unchanged);
    if (other) return other.result;
    const started = Date.now();
    const result = (await esbuild.build(params.options)) as Result;
    if (params.shareIn !== undefined) keepShared(shared(), params.shareIn, { result, inputs: inputsOf(result, params.options, started) });
    return result;
  }
  let slot = params.contexts.get(params.purpose);
  if (slot?.stored && !slot.ctx && slot.key === params.key && sameContents(slot.stored.hashes)) {
    // Read back from an earlier process: nothing it read has changed since.
    slot.last ??= { result: fromStored(slot.stored), inputs: new Map() };
    return slot.last.result;
  }
  if (!slot || slot.key !== params.key || !slot.ctx) {
    const other = takeShared<Result, StoredBundle>(shared(), params.shareIn, unchanged);
    if (other) {
      await slot?.ctx?.dispose();
      // The stored form is the site's own: its key, and what the site makes of the output (derived).
      const { result, inputs, stored } = other;
      slot = { key: params.key, last: { result, inputs }, ...(stored ? { stored: { ...stored, key: params.key, derived: undefined } } : {}) };
      params.contexts.set(params.purpose, slot);
      return result;
    }
    await slot?.ctx?.dispose();
    slot = { key: params.key, ctx: await esbuild.context({ ...params.options, metafile: true }) };
    params.contexts.set(params.purpose, slot);
  }
  if (slot.last && slot.last.inputs.size && unchanged(slot.last.inputs)) return slot.last.result;
  const started = Date.now();
  const result = (await slot.ctx!.rebuild()) as Result;
  const inputs = inputsOf(result, params.options, started);
  const watchFiles = (result as Result & { watchFiles?: string[] }).watchFiles ?? [];
  slot.last = { result, inputs };
  slot.stored = [...inputs.values()].includes('recent') ? undefined : toStored(params.key, result, inputs, watchFiles);
  if (params.shareIn !== undefined) keepShared(shared(), params.shareIn, { ...slot.last, stored: slot.stored });
  return result;
}

/** The stamp of every file a build started at `started` read: 'recent' for one that may have changed while it ran. */
function inputsOf(result: Result, options: Options, started: number): Map<string, string> {
  const root = options.absWorkingDir;
  const generated = cacheFolder() + path.sep;
  const inputs = new Map<string, string>();
  for (const input of Object.keys(result.metafile?.inputs ?? {})) {
    // Inputs of plugin namespaces and stdin (the server entry) are made from the key.
    if (isVirtualInput(input)) continue;
    const abs = path.resolve(root, input);
    // The modules sitegen generates are named by their content: touched when used (cacheFolder.ts
    // markUsed), never changed. Their stamp is their name: it used to be their time, which every build
    // moves, and a build whose inputs had not changed asked esbuild again.
    if (abs.startsWith(generated)) {
      inputs.set(abs, CONTENT_NAMED);
      continue;
    }
    // A file saved while esbuild ran may have been read before the save: never trust its stamp.
    const s = stamp(abs);
    inputs.set(abs, Number(s.split(':')[1]) >= started - 2000 ? 'recent' : s);
  }
  // Files a plugin read besides the modules (a stylesheet's Sass partials).
  for (const file of (result as Result & { watchFiles?: string[] }).watchFiles ?? []) inputs.set(file, stamp(file));
  return inputs;
}

/**
 * What `make` makes of a bundle's output (the browser bundle's merged, renamed files and their urls),
 * made once per output: a result reused from this process or read back from the cache on disk takes
 * the value made of it before, without `make` (which must depend on nothing but the output and the
 * options under the slot's key). A value made of a fresh output is kept with it, and stored with it.
 */
export async function derived<T>(params: { purpose: string; result: Result; contexts?: EsbuildContexts }, make: () => Promise<T>): Promise<T> {
  // A bundle other sites share is made into the same value for all of them (sharedBundles.ts).
  const fresh = () => madeOnce(params.result, params.purpose, make);
  const slot = params.contexts?.get(params.purpose);
  if (!slot || slot.last?.result !== params.result) return fresh();
  if (slot.derived?.result === params.result) return slot.derived.value as T;
  // A stored output is always the slot's last one (a rebuild replaces it, or drops it).
  const value = slot.stored?.derived !== undefined ? (slot.stored.derived as T) : await fresh();
  slot.derived = { result: params.result, value };
  if (slot.stored) slot.stored.derived = value;
  return value;
}

const sha1 = (file: string): string => {
  try {
    return crypto.createHash('sha1').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return 'missing';
  }
};

/**
 * Whether every file has the content it had: a file with the size and modification time it had is
 * taken as unchanged (as `unchanged` does within a process), only the others are read and hashed.
 * Reading and hashing every input of the Shifu site's bundles took 40-60 ms of each warm build.
 */
function sameContents(hashes: StoredBundle['hashes']): boolean {
  return hashes.length > 0 && hashes.every(([file, hash, was]) => (was !== undefined && stamp(file) === was) || sha1(file) === hash);
}

/** `inputs`: each file the build read and its stamp (inputsOf), none of them 'recent'. */
function toStored(key: string, result: Result, inputs: Map<string, string>, watchFiles: string[]): StoredBundle {
  return {
    key,
    hashes: [...inputs].map(([f, was]): StoredBundle['hashes'][number] => (was === CONTENT_NAMED ? [f, sha1(f)] : [f, sha1(f), was])),
    outputFiles: result.outputFiles.map((f) => ({ path: f.path, contents: f.contents })),
    metafile: result.metafile!,
    watchFiles,
  };
}

/** esbuild's result again from what was stored: output files with their `text` and `hash`, the metafile. */
function fromStored(stored: StoredBundle): Result {
  const outputFiles = stored.outputFiles.map(({ path: file, contents }) => {
    const bytes = new Uint8Array(contents);
    return {
      path: file,
      contents: bytes,
      get text() {
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
      },
      hash: crypto.createHash('sha1').update(bytes).digest('base64url').slice(0, 16),
    };
  });
  return { errors: [], warnings: [], outputFiles, metafile: stored.metafile, mangleCache: undefined, watchFiles: stored.watchFiles } as unknown as Result;
}

function stamp(file: string): string {
  try {
    const s = fs.statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/** The stamp of a generated module named by its content. */
const CONTENT_NAMED = 'content-named';

function unchanged(inputs: Map<string, string>): boolean {
  for (const [file, was] of inputs) if (was === CONTENT_NAMED ? !fs.existsSync(file) : stamp(file) !== was) return false;
  return inputs.size > 0;
}
