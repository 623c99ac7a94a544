import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { mergeEntry } from '../../../../src/builder/bundle/mergeEntry.js';

// The main script merged with the chunks it imports statically: real esbuild output of a small
// program (an entry, a shared module with state, a lazy chunk importing it), merged, written and run
// in Node: the lazy chunk shares the main script's module instance and fetches no other file.

/** `lazy.js` is the lazy module's code; it may import shared.js statically or on demand. */
async function mergedProgram(lazy: string): Promise<{ dir: string; files: Map<string, string> }> {
  const src = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-merge-'));
  fs.writeFileSync(path.join(src, 'shared.js'), 'export let count = 0;\nexport function bump() { count += 1; return count; }\nexport const helper = () => "h";\n');
  fs.writeFileSync(path.join(src, 'lazy.js'), lazy);
  fs.writeFileSync(path.join(src, 'main.js'), 'import { bump, helper } from "./shared.js";\nbump();\nglobalThis.__merged = { helper: helper(), lazy: () => import("./lazy.js") };\n');
  const result = await esbuild.build({
    entryPoints: { main: path.join(src, 'main.js') },
    absWorkingDir: src,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    outdir: path.join(src, 'out'),
    entryNames: '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    write: false,
    metafile: true,
  });
  const entry = Object.keys(result.metafile.outputs).find((k) => result.metafile.outputs[k].entryPoint)!;
  expect(result.metafile.outputs[entry].imports.some((i) => i.kind === 'import-statement')).toBe(true);
  const merged = await mergeEntry({ outputs: result.outputFiles, metafile: result.metafile, absWorkingDir: src, entry, target: 'es2021' });
  const dir = path.join(src, 'out');
  fs.mkdirSync(dir, { recursive: true });
  for (const f of merged.outputs) fs.writeFileSync(f.path, f.contents);
  return { dir, files: new Map(merged.outputs.map((f) => [path.basename(f.path), f.text])) };
}

describe('the main script merged with its static chunks', () => {
  it('is one file that imports nothing at once, and the lazy chunk imports it and shares its modules', async () => {
    const { dir, files } = await mergedProgram('import { bump, count } from "./shared.js";\nexport function fromLazy() { bump(); return count; }\n');
    const main = [...files.keys()].find((f) => f.startsWith('main.'))!;
    // The shared chunk is gone: the main script and the lazy chunk are all there is.
    expect(files.size).toBe(2);
    expect(files.get(main)).not.toMatch(/^import/);
    const lazy = [...files.keys()].find((f) => f !== main)!;
    expect(files.get(lazy)).toContain(`from"./${main}"`);
    await import(pathToFileURL(path.join(dir, main)).href);
    const program = (globalThis as unknown as { __merged: { helper: string; lazy: () => Promise<{ fromLazy: () => number }> } }).__merged;
    expect(program.helper).toBe('h');
    // The main script bumped once; the lazy chunk's bump and its live binding are the same module's.
    expect((await program.lazy()).fromLazy()).toBe(2);
  });

  it('leaves a module the lazy chunk imports on demand sharing the merged script instance', async () => {
    const { dir, files } = await mergedProgram('export async function fromLazy() { const shared = await import("./shared.js"); shared.bump(); return shared.count; }\n');
    const main = [...files.keys()].find((f) => f.startsWith('main.'))!;
    expect(files.get(main)).not.toMatch(/^import/);
    // The main script, the lazy chunk and shared.js's own chunk (what import() returns), which names the merged script's code.
    expect(files.size).toBe(3);
    const own = [...files.entries()].find(([, text]) => text.includes('bump') && text.includes(`from"./${main}"`));
    expect(own).toBeDefined();
    await import(pathToFileURL(path.join(dir, main)).href);
    const program = (globalThis as unknown as { __merged: { lazy: () => Promise<{ fromLazy: () => Promise<number> }> } }).__merged;
    expect(await (await program.lazy()).fromLazy()).toBe(2);
  });
});
