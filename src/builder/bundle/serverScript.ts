import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { Parser, tokenizer } from 'acorn';
import { markUsed } from '../cacheFolder.js';
import { packageRoot } from '../paths.js';
import { markedAscii } from '../../../bin/bundleText.js';
import { serverScriptFile } from './serverRenderer.js';

// The server renderer as a script (the loading side is serverRenderer.ts): the server bundle
// (server.ts, an ES module) imports sitegen's ES module packages at run time (refractor's 43
// grammars, hast-util-to-html and the packages under them: about 220 files), and Node 20 resolves,
// reads and compiles each of them at every load, with no compile cache for ES modules: importing it
// took 265-390 ms of CPU in a new node, 175-215 ms in a warm Shifu build with one doc edited (a
// seventh of the build). Made once per server bundle and installed packages: those packages bundled
// by esbuild into a prelude, then the bundle's own text as it is (its imports hoisted above it, its
// export clause a return), run through vm.Script with V8's code cache: 64-103 ms (5 each,
// alternating, 21:50 UTC, load 15). Lines of the bundle keep their numbers, shifted by the prelude,
// so that an error's stack is mapped back to the bundle's own lines and source map.
// A bundle it cannot read this way (an export other than the clause at its end, an import() in it or
// its packages, import.meta beyond the banner's, a CommonJS package among the imported ones, code
// acorn cannot read) is left an ES module, and so is the bundle of a process that cannot make it.

/** Makes the script of the server bundle `file` (a .mjs in the cache folder) if it is not there yet. */
export async function makeServerScript(file: string): Promise<void> {
  const script = serverScriptFile(file);
  const refused = `${script}.none`;
  if (fs.existsSync(script)) return markUsed(script);
  if (fs.existsSync(refused)) return markUsed(refused);
  let text: string | undefined;
  try {
    text = await scriptOf(file);
  } catch {
    text = undefined;
  }
  const out = text === undefined ? refused : script;
  const tmp = `${out}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, text ?? '');
    fs.renameSync(tmp, out);
  } catch {
    // Made again by the next build.
  }
}

interface Binding {
  /** The index of the imported module among the prelude's. */
  module: number;
  /** `default`, `*` or an export's name, as what local name. */
  imported: string;
  local: string;
}

async function scriptOf(file: string): Promise<string | undefined> {
  const source = fs.readFileSync(file, 'utf8');
  // The banner (requireCommonJs.ts) reads import.meta.url: the only use allowed.
  if (source.split('import.meta').length !== 2 || importsLater(source)) return undefined;
  const program = Parser.parse(source, { ecmaVersion: 'latest', sourceType: 'module', allowAwaitOutsideFunction: true }) as unknown as {
    body: { type: string; start: number; end: number; source?: { value: string } | null; declaration?: unknown; specifiers?: Specifier[] }[];
  };
  const modules: string[] = [];
  const bindings: Binding[] = [];
  let exported: { local: string; exported: string }[] | undefined;
  const cuts: [number, number][] = [];
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') {
      let index = modules.indexOf(node.source!.value);
      if (index < 0) index = modules.push(node.source!.value) - 1;
      for (const s of node.specifiers ?? []) {
        const imported = s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? '*' : nameOf(s.imported!);
        bindings.push({ module: index, imported, local: nameOf(s.local) });
      }
      cuts.push([node.start, node.end]);
    } else if (node.type === 'ExportNamedDeclaration' && !node.declaration && !node.source && exported === undefined) {
      exported = (node.specifiers ?? []).map((s) => ({ local: nameOf(s.local), exported: nameOf(s.exported!) }));
      cuts.push([node.start, node.end]);
    } else if (node.type.startsWith('Export') || node.type === 'ImportDeclaration') return undefined;
  }
  if (!exported) return undefined;
  const prelude = await preludeOf(modules, path.dirname(file), importedNames(program, modules, bindings));
  if (prelude === undefined) return undefined;
  // The bundle's text, each import and the export clause blanked out line for line.
  let body = '';
  let at = 0;
  for (const [start, end] of cuts) {
    body += source.slice(at, start) + source.slice(start, end).replace(/[^\n]/g, ' ');
    at = end;
  }
  body += source.slice(at);
  body = body.replace('import.meta.url', '__sitegenServerUrl');
  const hoisted = bindings.map((b) => `const ${b.local} = __sitegenDeps[${b.module}]${b.imported === '*' ? '' : `[${JSON.stringify(b.imported)}]`};`).join(' ');
  const exports = `{ ${exported.map((e) => `${JSON.stringify(e.exported)}: ${e.local}`).join(', ')} }`;
  const head = [
    '(function (require, module, exports, __sitegenServerUrl) { "use strict";',
    ...prelude.trimEnd().split('\n'),
    'const __sitegenDeps = module.exports.deps;',
    `return (async () => { ${hoisted}`,
  ];
  // The first line says how many lines come before the bundle's (serverRenderer.ts reads it). In ASCII
  // when it can be had, as the CLI's and the threads' bundles (bin/bundleText.js; its lines stay the
  // same, which an error's stack is mapped by): the Shifu site's script (1.4 MB; 63 characters beyond
  // ASCII, in comments and regular expressions of its prelude's packages) was read and decoded in
  // 17.6 ms of CPU, in ASCII in 11.3 (medians of 6 new node processes each, alternating, 14:13 UTC,
  // load 5-7), in every thread that loads the renderer.
  return markedAscii(`// ${head.length + 1}\n${head.join('\n')}\n${body}\nreturn ${exports};\n})();\n})`);
}

type Specifier = { type: string; imported?: Name; local: Name; exported?: Name };
type Name = { type: string; name?: string; value?: string };
const nameOf = (n: Name): string => (n.type === 'Identifier' ? n.name! : String(n.value));

/**
 * For each module the bundle imports, the names it reads of it (a default import is `default`), or
 * undefined when it needs the whole namespace: a namespace import used otherwise than as `ns.name`
 * (passed on, indexed, shadowed), or an import for its side effects only. A namespace read by name
 * is then bundled by name, and esbuild leaves out the rest: the forms of the Shifu site read 9 names
 * of `zod/mini` through `import * as z`, and its namespace brought 680 KB of zod (its 40 locales)
 * into the 1.4 MB script, which each build compiles from V8's code cache (serverRenderer.ts).
 */
function importedNames(program: { body: AstNode[] }, modules: string[], bindings: Binding[]): (Set<string> | undefined)[] {
  const names: (Set<string> | undefined)[] = modules.map(() => new Set());
  const namespaces = new Map<string, number>();
  for (const b of bindings) {
    if (b.imported === '*') namespaces.set(b.local, b.module);
    else names[b.module]?.add(b.imported);
  }
  const bound = new Set(bindings.map((b) => b.module));
  modules.forEach((_, i) => {
    if (!bound.has(i)) names[i] = undefined;
  });
  if (!namespaces.size) return names;
  // Each name read of a namespace; any other use of its identifier takes the whole namespace.
  const visit = (node: AstNode, parent: AstNode | undefined, key: string): void => {
    if (node.type === 'ImportDeclaration') return;
    // A member's or a property's own name is not a reference.
    const named = !parent?.computed && ((parent?.type === 'MemberExpression' && key === 'property') || (key === 'key' && /^(Property|MethodDefinition|PropertyDefinition)$/.test(parent!.type)));
    if (node.type === 'Identifier' && namespaces.has(node.name!) && !named) {
      const module = namespaces.get(node.name!)!;
      const property = parent?.type === 'MemberExpression' && key === 'object' ? memberName(parent) : undefined;
      if (property === undefined) names[module] = undefined;
      else names[module]?.add(property);
      return;
    }
    for (const [k, value] of Object.entries(node)) {
      if (Array.isArray(value)) {
        for (const child of value) if (isNode(child)) visit(child, node, k);
      } else if (isNode(value)) visit(value, node, k);
    }
  };
  for (const node of program.body) visit(node, undefined, 'body');
  // A namespace imported and not read keeps its module's side effects, as before.
  return names.map((n) => (n?.size ? n : undefined));
}

interface AstNode {
  type: string;
  name?: string;
  computed?: boolean;
  property?: AstNode & { value?: unknown };
}

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** The name a member expression reads (`a.b`, `a["b"]`), or undefined when it is computed. */
function memberName(member: AstNode): string | undefined {
  const p = member.property!;
  if (!member.computed && p.type === 'Identifier') return p.name;
  if (member.computed && p.type === 'Literal' && typeof p.value === 'string') return p.value;
  return undefined;
}

/**
 * The modules the bundle imports, bundled as one CommonJS text whose `exports.deps` are, in order,
 * an object of the names the bundle reads of each (`names`), or its namespace: node's own modules
 * stay require()s, every other file must be an ES module (a CommonJS package would be a second
 * instance beside the one node's require() shares). Should the names not bundle (one a module does
 * not export), the namespaces do.
 */
async function preludeOf(modules: string[], dir: string, names: (Set<string> | undefined)[]): Promise<string | undefined> {
  const byName = await preludeBuild(modules, dir, names).catch(() => undefined);
  if (byName !== undefined || names.every((n) => n === undefined)) return byName;
  return preludeBuild(
    modules,
    dir,
    modules.map(() => undefined),
  );
}

async function preludeBuild(modules: string[], dir: string, names: (Set<string> | undefined)[]): Promise<string | undefined> {
  const imports = modules.map((m, i) => {
    const read = names[i];
    if (!read) return `import * as __m${i} from ${JSON.stringify(m)};`;
    const locals = [...read].map((name, j) => `${JSON.stringify(name)} as __m${i}_${j}`);
    return `import { ${locals.join(', ')} } from ${JSON.stringify(m)};`;
  });
  const values = modules.map((_, i) => {
    const read = names[i];
    return read ? `{ ${[...read].map((name, j) => `${JSON.stringify(name)}: __m${i}_${j}`).join(', ')} }` : `__m${i}`;
  });
  const entry = [...imports, `export const deps = [${values.join(', ')}];`].join('\n');
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: dir, loader: 'js', sourcefile: PRELUDE_ENTRY },
    // The metafile names the files relative to it (and the prelude's comments, as when a build is run from sitegen's folder).
    absWorkingDir: packageRoot(),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    metafile: true,
  });
  if (result.errors.length || !esModulesOnly(result.metafile, dir) || importsLater(result.outputFiles[0].text)) return undefined;
  return result.outputFiles[0].text;
}

const PRELUDE_ENTRY = 'sitegen-server-prelude.js';

/**
 * Whether every file the prelude bundled is an ES module, read from its metafile once it is built.
 * It was an onLoad callback that passed every file back (returning nothing): a call between esbuild's
 * process and this one for each of the ~225 files of the Shifu site's prelude. Without them, esbuild
 * made it in 125 ms of CPU instead of 160 (8 builds each in one process, alternating, 23:58 UTC, load
 * 20), and making the script took this process 1045 ms instead of 1126 (medians of 6 new processes
 * each, alternating, 00:12 UTC, load 23-27), the script byte for byte the same.
 */
function esModulesOnly(metafile: esbuild.Metafile, dir: string): boolean {
  const entry = path.join(dir, PRELUDE_ENTRY);
  return Object.keys(metafile.inputs).every((input) => {
    const file = path.resolve(packageRoot(), input);
    return file === entry || isEsModule(file);
  });
}

/** Whether `code` holds an import() (a script run by vm.Script cannot import), its tokens read, not its text. */
function importsLater(code: string): boolean {
  let previous: { type: { keyword?: string } } | undefined;
  for (const token of tokenizer(code, { ecmaVersion: 'latest', sourceType: 'module', allowAwaitOutsideFunction: true })) {
    if (previous?.type.keyword === 'import' && token.type.label === '(') return true;
    previous = token;
  }
  return false;
}

const packageTypes = new Map<string, boolean>();

/** Whether node reads `file` as an ES module (.mjs, or .js in a package of "type": "module"). */
function isEsModule(file: string): boolean {
  if (file.endsWith('.mjs')) return true;
  if (!file.endsWith('.js')) return false;
  let dir = path.dirname(file);
  for (;;) {
    const known = packageTypes.get(dir);
    if (known !== undefined) return known;
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      let esm = false;
      try {
        esm = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { type?: string }).type === 'module';
      } catch {}
      packageTypes.set(dir, esm);
      return esm;
    }
    const up = path.dirname(dir);
    if (up === dir) return false;
    dir = up;
  }
}
