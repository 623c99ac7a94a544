import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { isVirtualInput } from './inputs.js';

type Result = esbuild.BuildResult & { outputFiles: esbuild.OutputFile[] };

/** esbuild contexts kept between builds in one process, by purpose ("client", "server"). */
export type EsbuildContexts = Map<string, { key: string; ctx: esbuild.BuildContext; last?: { result: Result; inputs: Map<string, string> } }>;

type Options = esbuild.BuildOptions & { write: false; metafile?: boolean };

/**
 * One esbuild build; with `contexts`, an incremental rebuild when the options are the same as last
 * time (esbuild then re-reads only what changed), which is what makes a warm rebuild fast. When no
 * file the last build read has changed since (size and modification time), its result is reused
 * without asking esbuild at all.
 */
export async function runEsbuild(params: { purpose: string; options: Options; key: string; contexts?: EsbuildContexts }): Promise<Result> {
  if (!params.contexts) return (await esbuild.build(params.options)) as Result;
  let slot = params.contexts.get(params.purpose);
  if (!slot || slot.key !== params.key) {
    await slot?.ctx.dispose();
    slot = { key: params.key, ctx: await esbuild.context({ ...params.options, metafile: true }) };
    params.contexts.set(params.purpose, slot);
  }
  if (slot.last && unchanged(slot.last.inputs)) return slot.last.result;
  const root = params.options.absWorkingDir ?? process.cwd();
  const started = Date.now();
  const result = (await slot.ctx.rebuild()) as Result;
  const inputs = new Map<string, string>();
  for (const input of Object.keys(result.metafile?.inputs ?? {})) {
    // Inputs of plugin namespaces and stdin (the server entry) are made from the key.
    if (isVirtualInput(input)) continue;
    const abs = path.resolve(root, input);
    // A file saved while esbuild ran may have been read before the save: never trust its stamp.
    const s = stamp(abs);
    inputs.set(abs, Number(s.split(':')[1]) >= started - 2000 ? 'recent' : s);
  }
  // Files a plugin read besides the modules (a stylesheet's Sass partials).
  for (const file of (result as Result & { watchFiles?: string[] }).watchFiles ?? []) inputs.set(file, stamp(file));
  slot.last = { result, inputs };
  return result;
}

function stamp(file: string): string {
  try {
    const s = fs.statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

function unchanged(inputs: Map<string, string>): boolean {
  for (const [file, was] of inputs) if (stamp(file) !== was) return false;
  return inputs.size > 0;
}
