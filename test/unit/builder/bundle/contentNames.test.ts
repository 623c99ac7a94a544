import type * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { contentNamed } from '../../../../src/builder/bundle/contentNames.js';

// The browser scripts renamed by their content: esbuild's names (which hold the paths of the
// modules) make no difference, a script's change renames every script that leads to it, and scripts
// that import one another (a cycle through a dynamic import) are named and linked consistently.

const root = '/work';
const out = (name: string) => `${root}/.virtual/assets/js/${name}`;

/** A build's outputs and metafile: each script's text and the scripts it imports, under esbuild's names. */
function bundle(files: Record<string, { text: string; imports?: string[] }>): { outputs: esbuild.OutputFile[]; metafile: esbuild.Metafile } {
  const outputs = Object.entries(files).map(([name, f]) => ({ path: out(name), contents: Buffer.from(f.text), text: f.text, hash: '' }));
  const metafile = {
    inputs: {},
    outputs: Object.fromEntries(
      Object.entries(files).map(([name, f]) => [
        `.virtual/assets/js/${name}`,
        { bytes: 0, inputs: {}, exports: [], imports: (f.imports ?? []).map((i) => ({ path: `.virtual/assets/js/${i}`, kind: 'import-statement' })) },
      ]),
    ),
  } as unknown as esbuild.Metafile;
  return { outputs, metafile };
}

/** The scripts as named: new name → text. */
function named(files: Record<string, { text: string; imports?: string[] }>): Map<string, string> {
  const r = contentNamed({ ...bundle(files), absWorkingDir: root });
  return new Map(r.files.map((f) => [f.path.slice(out('').length), Buffer.from(f.contents).toString()]));
}

/** A site's scripts under esbuild's names `a`, `b`, `c`: main imports the shared chunk; page and shared import each other. */
const site = (a: string, b: string, c: string, shared = 'export const s = 1;') => ({
  [`main.${a}.js`]: { text: `import "./chunk.${c}.js"; main();`, imports: [`chunk.${c}.js`] },
  [`chunk.${b}.js`]: { text: `import "./chunk.${c}.js"; page();`, imports: [`chunk.${c}.js`] },
  [`chunk.${c}.js`]: { text: `${shared} import("./chunk.${b}.js");`, imports: [`chunk.${b}.js`] },
});

describe('scripts named by their content', () => {
  it('gives the same names and texts whatever names esbuild gave', () => {
    const one = named(site('AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC'));
    const two = named(site('ZZZZZZZZ', 'YYYYYYYY', 'XXXXXXXX'));
    expect([...one.keys()].sort()).toEqual([...two.keys()].sort());
    for (const [name, text] of one) expect(two.get(name)).toBe(text);
    expect([...one.keys()].every((n) => /^(main|chunk)\.[A-Z2-7]{8}\.js$/.test(n))).toBe(true);
  });

  it('links each script by the new names, cycles included', () => {
    const scripts = named(site('AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC'));
    for (const [, text] of scripts) {
      for (const ref of text.match(/chunk\.[A-Z2-7]{8}\.js/g) ?? []) expect(scripts.has(ref), ref).toBe(true);
    }
  });

  it('renames a changed script and every script that imports it, and only those', () => {
    const before = named({ ...site('AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC'), 'other.DDDDDDDD.js': { text: 'other();' } });
    const after = named({ ...site('AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC', 'export const s = 2;'), 'other.DDDDDDDD.js': { text: 'other();' } });
    const names = (m: Map<string, string>, prefix: string) => [...m.keys()].filter((n) => n.startsWith(prefix)).sort();
    expect(names(after, 'main.')).not.toEqual(names(before, 'main.'));
    expect(names(after, 'chunk.').some((n) => names(before, 'chunk.').includes(n))).toBe(false);
    expect(names(after, 'other.')).toEqual(names(before, 'other.'));
  });
});
