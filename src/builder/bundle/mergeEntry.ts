import path from 'node:path';
import * as esbuild from 'esbuild';

// The main script and the chunks it imports statically, merged into one file. esbuild splits the
// code every page needs into several chunks (React, the theme's shared components, url rules,
// esbuild's own helpers...) because lazy chunks (layouts, React pages, search) import parts of it;
// gzip compresses each file on its own, and one file of the same code is smaller (1.6 KB gzip on a
// Shifu docs page, which loaded seven files). The lazy chunks' imports of the merged chunks are made
// imports of the merged script (which exports those names under short aliases), so they fetch
// nothing more than before. A merged chunk still named otherwise (a dynamic import, a layout's own
// chunk that bundleClient looks up) stays as a facade re-exporting its names from the merged script.
// The metafile returned describes the new files, as contentNames.ts and bundleClient read it.

export interface Merged {
  outputs: esbuild.OutputFile[];
  metafile: esbuild.Metafile;
}

export async function mergeEntry(params: {
  outputs: esbuild.OutputFile[];
  metafile: esbuild.Metafile;
  absWorkingDir: string;
  /** The main script's key in the metafile's outputs. */
  entry: string;
  target: esbuild.BuildOptions['target'];
}): Promise<Merged> {
  const { metafile, entry } = params;
  const abs = (key: string) => path.resolve(params.absWorkingDir, key);
  const staticImports = (key: string) => metafile.outputs[key].imports.filter((i) => i.kind === 'import-statement' && !i.external && i.path.endsWith('.js')).map((i) => i.path);
  // The chunks every page that runs the main script loads with it.
  const merged = new Set([entry]);
  for (const key of merged) for (const dep of staticImports(key)) merged.add(dep);
  if (merged.size === 1) return { outputs: params.outputs, metafile };
  const texts = new Map(params.outputs.map((f) => [f.path, f.text]));
  const keyOf = new Map(Object.keys(metafile.outputs).map((k) => [abs(k), k]));
  const baseOf = new Map([...merged].map((key) => [path.basename(key), key]));
  // The names of merged chunks that other scripts import (lazy chunks, other entries): the merged script exports them.
  const used = new Map<string, Set<string>>();
  // Merged chunks that keep a file of their own (a facade, exporting all their names): a module's own
  // chunk (a layout imported both at once and on demand: bundleClient looks it up), or one a script
  // names otherwise than in its leading imports (a dynamic import).
  const kept = new Set([...merged].filter((key) => key !== entry && metafile.outputs[key].entryPoint));
  for (const [file, key] of keyOf) {
    if (merged.has(key) || !key.endsWith('.js') || !metafile.outputs[key].imports.some((i) => merged.has(i.path))) continue;
    const { imports, rest } = leadingImports(texts.get(file)!);
    for (const i of imports) {
      const mergedKey = baseOf.get(i.base);
      if (!mergedKey) continue;
      if (!used.has(mergedKey)) used.set(mergedKey, new Set());
      for (const [name] of i.specifiers ?? []) used.get(mergedKey)!.add(name);
    }
    for (const [base, mergedKey] of baseOf) if (mergedKey !== entry && rest.includes(base)) kept.add(mergedKey);
  }
  // Short export names of the merged script.
  let count = 0;
  const aliases = new Map<string, [string, string][]>();
  for (const key of [...new Set([...used.keys(), ...kept])].sort()) {
    const names = metafile.outputs[key].exports.filter((name) => kept.has(key) || used.get(key)!.has(name));
    aliases.set(
      key,
      names.map((name) => [name, `m${(count++).toString(36)}`]),
    );
  }
  // All the scripts are in one folder and name one another `./<file>`.
  const dir = path.dirname(abs(entry));
  const relative = (key: string) => JSON.stringify(`./${path.basename(key)}`);
  const entryCode = [`import ${relative(entry)};`, ...[...aliases].map(([key, names]) => `export { ${names.map(([name, alias]) => `${name} as ${alias}`).join(', ')} } from ${relative(key)};`)].join(
    '\n',
  );
  const mergedNames = new RegExp(`^\\./(${[...merged].map((key) => path.basename(key).replace(/[.]/g, '\\.')).join('|')})$`);
  const result = await esbuild.build({
    stdin: { contents: entryCode, resolveDir: dir, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: params.target,
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    // The lazy chunks stay where they are: the merged script imports them by the same name. Only the
    // merged scripts call back into this thread (which may be busy parsing markdown meanwhile).
    external: ['./*'],
    plugins: [
      {
        name: 'sitegen-merge-entry',
        setup(build) {
          build.onResolve({ filter: mergedNames }, (args) => ({ path: path.join(dir, args.path), namespace: 'merged' }));
          build.onLoad({ filter: /.*/, namespace: 'merged' }, (args) => ({ contents: texts.get(args.path)!, loader: 'js', resolveDir: dir }));
        },
      },
    ],
  });
  const mainText = result.outputFiles[0].text;
  const entryBase = path.basename(entry);
  const byBase = new Map([...aliases].map(([key, names]) => [path.basename(key), new Map(names)]));
  const outputs: esbuild.OutputFile[] = [];
  const outs: esbuild.Metafile['outputs'] = {};
  for (const f of params.outputs) {
    const key = keyOf.get(f.path);
    if (!key || merged.has(key)) continue;
    const out = metafile.outputs[key];
    if (!key.endsWith('.js') || !out.imports.some((i) => merged.has(i.path))) {
      outputs.push(f);
      outs[key] = out;
      continue;
    }
    const rewritten = rewriteImports({ text: f.text, byBase, entryBase });
    const imports = out.imports.map((i) => {
      if (!merged.has(i.path)) return i;
      if (i.kind === 'import-statement' && !rewritten.still.has(path.basename(i.path))) return { path: entry, kind: i.kind };
      kept.add(i.path);
      return i;
    });
    outputs.push(textFile(f.path, rewritten.text));
    outs[key] = { ...out, imports: imports.filter((i, n) => imports.findIndex((j) => j.path === i.path && j.kind === i.kind) === n) };
  }
  for (const f of params.outputs) {
    const key = keyOf.get(f.path);
    if (key === entry) {
      outputs.push(textFile(f.path, mainText));
      // What the merged chunks import dynamically, the merged script does.
      const dynamic = [...merged].flatMap((k) => metafile.outputs[k].imports.filter((i) => i.kind === 'dynamic-import' && !merged.has(i.path)));
      outs[key] = { ...metafile.outputs[key], bytes: Buffer.byteLength(mainText), imports: dynamic, exports: [...aliases.values()].flat().map(([, alias]) => alias) };
    } else if (key && kept.has(key)) {
      const names = aliases.get(key)!;
      const text = `export{${names.map(([name, alias]) => `${alias} as ${name}`).join(',')}}from"./${entryBase}";\n`;
      outputs.push(textFile(f.path, text));
      outs[key] = { ...metafile.outputs[key], bytes: Buffer.byteLength(text), imports: [{ path: entry, kind: 'import-statement' }], inputs: {} };
    }
  }
  return { outputs, metafile: { inputs: metafile.inputs, outputs: outs } };
}

/** esbuild's import statements at the top of a chunk, `import{a as b,c}from"./chunk.X.js";` or `import"./chunk.X.js";`. */
const LEADING_IMPORT = /^import(?:\{([^}]*)\}from)?"\.\/([^"/]+)";/;

interface LeadingImport {
  statement: string;
  /** The script imported, by its file name. */
  base: string;
  /** [name, local name] of each import; none for an import for its effects. */
  specifiers?: [string, string][];
}

/** A chunk's leading import statements, and the text after them. */
function leadingImports(text: string): { imports: LeadingImport[]; rest: string } {
  const imports: LeadingImport[] = [];
  let pos = 0;
  for (let m = LEADING_IMPORT.exec(text); m; m = LEADING_IMPORT.exec(text.slice(pos))) {
    pos += m[0].length;
    const specifiers = m[1]?.split(',').map((spec): [string, string] => {
      const [name, local = name] = spec.trim().split(/\s+as\s+/);
      return [name, local];
    });
    imports.push({ statement: m[0], base: m[2], specifiers });
  }
  return { imports, rest: text.slice(pos) };
}

/**
 * A chunk's leading imports of merged chunks made imports of the merged script, by its aliases.
 * `still`: the merged chunks the text names otherwise (they keep a facade).
 */
function rewriteImports(params: { text: string; byBase: Map<string, Map<string, string>>; entryBase: string }): { text: string; still: Set<string> } {
  const { byBase, entryBase } = params;
  const { imports, rest } = leadingImports(params.text);
  // One import of the merged script, where the first import of a merged chunk was (it has run before any other script).
  const fromMerged: string[] = [];
  let head = '';
  for (const i of imports) {
    const names = byBase.get(i.base);
    if (!names) {
      head += i.statement;
      continue;
    }
    if (!head.includes('\0')) head += '\0';
    for (const [name, local] of i.specifiers ?? []) {
      const alias = names.get(name);
      if (!alias) throw new Error(`Merging the main script: ${i.base} does not export ${name} (internal error)`);
      fromMerged.push(`${alias} as ${local}`);
    }
  }
  head = head.replace('\0', fromMerged.length ? `import{${fromMerged.join(',')}}from"./${entryBase}";` : `import"./${entryBase}";`);
  return { text: head + rest, still: new Set([...byBase.keys()].filter((base) => rest.includes(base))) };
}

function textFile(file: string, text: string): esbuild.OutputFile {
  const contents = Buffer.from(text);
  return { path: file, contents, hash: '', text };
}
