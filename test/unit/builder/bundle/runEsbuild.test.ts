import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { derived, runEsbuild, type EsbuildContexts } from '../../../../src/builder/bundle/runEsbuild.js';
import { writeCachedModule } from '../../../../src/builder/bundle/nodeModule.js';
import { markUsed } from '../../../../src/builder/cacheFolder.js';

// What a build makes of esbuild's output (the browser bundle's merged and renamed files) is made once
// per output: a later build that reads the same output back from the cache on disk, in a new
// process, takes it from there instead of making it again; an edited input makes it again.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-derived-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const entry = path.join(dir, 'entry.js');
const write = (text: string) => {
  fs.writeFileSync(entry, text);
  // Older than the build: a file saved while esbuild runs is never stored.
  const past = new Date(Date.now() - 60_000);
  fs.utimesSync(entry, past, past);
};
const options = { entryPoints: [entry], bundle: true, write: false as const, format: 'esm' as const, absWorkingDir: dir, outdir: path.join(dir, 'out'), logLevel: 'silent' as const };

async function bundle(contexts: EsbuildContexts): Promise<{ value: string; made: number }> {
  let made = 0;
  const result = await runEsbuild({ purpose: 'client', options, key: 'k', contexts });
  const value = await derived({ purpose: 'client', result, contexts }, async () => {
    made++;
    return result.outputFiles.map((f) => f.text.toUpperCase()).join('');
  });
  return { value, made };
}

/** What a new process reads back from the cache on disk: the stored bundle alone, serialized and read again. */
const readBack = (contexts: EsbuildContexts): EsbuildContexts => new Map([...contexts].map(([purpose, slot]) => [purpose, { key: slot.key, stored: v8.deserialize(v8.serialize(slot.stored)) }]));

describe('derived', () => {
  it('makes the value once per output, also across processes, and again after an input changed', async () => {
    write('export const answer = 42;\n');
    const first = new Map() as EsbuildContexts;
    const cold = await bundle(first);
    expect(cold.made).toBe(1);
    expect(cold.value).toContain('ANSWER');
    expect(await bundle(first)).toEqual({ value: cold.value, made: 0 });

    const second = readBack(first);
    await first.get('client')!.ctx!.dispose();
    expect(await bundle(second)).toEqual({ value: cold.value, made: 0 });

    write('export const question = 6 * 7;\n');
    const third = readBack(second);
    const edited = await bundle(third);
    expect(edited.made).toBe(1);
    expect(edited.value).toContain('QUESTION');
    for (const slot of third.values()) await slot.ctx?.dispose();
  });
});

describe('a stored bundle read back by a new process', () => {
  it('is taken for a file only touched, and made again for an edit of the same size', async () => {
    write('export const letters = "aaaa";\n');
    const first = new Map() as EsbuildContexts;
    const cold = await bundle(first);
    await first.get('client')!.ctx!.dispose();
    // Touched: another modification time, the same content.
    const touched = new Date(Date.now() - 30_000);
    fs.utimesSync(entry, touched, touched);
    const second = readBack(first);
    expect(await bundle(second)).toEqual({ value: cold.value, made: 0 });
    // Same size, other content, another time.
    fs.writeFileSync(entry, 'export const letters = "bbbb";\n');
    const later = new Date(Date.now() - 20_000);
    fs.utimesSync(entry, later, later);
    const third = readBack(second);
    const edited = await bundle(third);
    expect(edited.made).toBe(1);
    expect(edited.value).toContain('BBBB');
    for (const slot of third.values()) await slot.ctx?.dispose();
  });
});

describe('a generated module among the inputs', () => {
  it('does not make a build of unchanged inputs ask esbuild again when the module was marked used', async () => {
    // sitegen's generated modules are named by their content and touched when used (cacheFolder.ts).
    const generated = writeCachedModule('runesbuild-test', `export const generated = ${Date.now()};\n`);
    const importer = path.join(dir, 'imports-generated.js');
    fs.writeFileSync(importer, `export { generated } from ${JSON.stringify(generated)};\n`);
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(importer, past, past);
    const contexts = new Map() as EsbuildContexts;
    const opts = { ...options, entryPoints: [importer] };
    const first = await runEsbuild({ purpose: 'client', options: opts, key: 'g', contexts });
    markUsed(generated);
    const again = await runEsbuild({ purpose: 'client', options: opts, key: 'g', contexts });
    // The same result object: esbuild was not asked again.
    expect(again).toBe(first);
    fs.appendFileSync(importer, 'export const more = 1;\n');
    const edited = await runEsbuild({ purpose: 'client', options: opts, key: 'g', contexts });
    expect(edited).not.toBe(first);
    for (const slot of contexts.values()) await slot.ctx?.dispose();
  });
});
