import crypto from 'node:crypto';
import path from 'node:path';
import type * as esbuild from 'esbuild';

// The browser bundle's scripts named by their content alone. esbuild's `[hash]` mixes in the path of
// every module of a chunk relative to the working folder (sitegen's): a site elsewhere (its
// components, its CSS modules' stubs, its packages) gave other names in another folder, and so did
// every page that links them, although the code was the same. Here each script is named by a hash of
// its text with the names of the scripts it imports already replaced by theirs, so that a change
// anywhere still renames every script that leads to it. Scripts that import one another (a cycle
// through dynamic imports) share one hash of all their texts.

const HASHED = /\.([A-Z2-7]{8})\.js$/;

export interface ContentNamed {
  files: { path: string; contents: Uint8Array }[];
  /** The new absolute path of an output (absolute, or relative to the working folder as the metafile has it). */
  nameOf(output: string): string;
}

export function contentNamed(params: { outputs: esbuild.OutputFile[]; metafile: esbuild.Metafile; absWorkingDir: string }): ContentNamed {
  const abs = (p: string) => path.resolve(params.absWorkingDir, p);
  const texts = new Map(params.outputs.filter((f) => HASHED.test(f.path)).map((f) => [f.path, f.text]));
  const imports = new Map<string, string[]>();
  for (const [out, meta] of Object.entries(params.metafile.outputs)) {
    if (texts.has(abs(out))) imports.set(abs(out), [...new Set(meta.imports.filter((i) => !i.external && texts.has(abs(i.path))).map((i) => abs(i.path)))]);
  }
  const names = new Map<string, string>();
  const named = (file: string, hash: string) => file.replace(HASHED, `.${hash}.js`);
  // The text with each imported script's name replaced by `to(it)`, in one pass over the text, and a
  // script outside a cycle made once (a split and join of the whole text per import, done twice, took
  // ~125 ms of CPU in a cold Shifu build, 141 imports in 47 scripts: now ~45 ms). The names are
  // esbuild's `name.HASH8.js`, none inside another, and no new name is an old one: the one pass finds
  // what the passes found one name after the other.
  const replaced = (file: string, to: (dep: string) => string) => {
    const text = texts.get(file)!;
    const deps = imports.get(file) ?? [];
    if (!deps.length) return text;
    const byName = new Map(deps.map((d) => [path.basename(d), d]));
    const pattern = new RegExp([...byName.keys()].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
    return text.replace(pattern, (name) => to(byName.get(name)!));
  };
  const newName = (dep: string) => path.basename(names.get(dep)!);
  // The scripts' final texts, those outside a cycle made once: for hashing and as the output.
  const finals = new Map<string, string>();
  for (const cycle of cyclesFirstImported([...texts.keys()], (f) => imports.get(f) ?? [])) {
    const members = new Set(cycle);
    if (cycle.length === 1 && !(imports.get(cycle[0]) ?? []).includes(cycle[0])) {
      const text = replaced(cycle[0], newName);
      names.set(cycle[0], named(cycle[0], hashOf(text)));
      finals.set(cycle[0], text);
      continue;
    }
    // The names of the same cycle as a fixed mark.
    const own = cycle.map((f) => replaced(f, (dep) => (members.has(dep) ? '\0' : newName(dep))));
    const shared = hashOf([...own].sort().join('\0\0'));
    cycle.forEach((f, i) => names.set(f, named(f, hashOf(`${shared}\0${own[i]}`))));
  }
  const files = params.outputs.map((f) => {
    if (!texts.has(f.path)) return { path: f.path, contents: f.contents };
    const text = finals.get(f.path) ?? replaced(f.path, newName);
    return { path: names.get(f.path)!, contents: Buffer.from(text) };
  });
  return { files, nameOf: (output) => names.get(abs(output)) ?? abs(output) };
}

/** esbuild's hash format: 8 characters of base32. */
export function hashOf(text: string): string {
  const bytes = crypto.createHash('sha256').update(text).digest();
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 8) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length === 8) break;
  }
  return out;
}

/** The strongly connected parts of the import graph (Tarjan), each after the parts it imports. */
function cyclesFirstImported(nodes: string[], edges: (n: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (n: string) => {
    index.set(n, index.size);
    low.set(n, index.get(n)!);
    stack.push(n);
    onStack.add(n);
    for (const m of edges(n)) {
      if (!index.has(m)) {
        visit(m);
        low.set(n, Math.min(low.get(n)!, low.get(m)!));
      } else if (onStack.has(m)) low.set(n, Math.min(low.get(n)!, index.get(m)!));
    }
    if (low.get(n) === index.get(n)) {
      const part: string[] = [];
      let m: string;
      do {
        m = stack.pop()!;
        onStack.delete(m);
        part.push(m);
      } while (m !== n);
      out.push(part);
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return out;
}
