// Import rules of src/, checked on the sources: browser code (shared, theme, client) imports no Node
// module and nothing of the builder, the servers, the tools or the CLI, the theme never imports the
// client (the client depends on the theme), folders follow lifetimes (the build pipeline in builder/
// knows nothing of the long-running servers in server/ or the one-shot tools in tools/; only the CLI
// starts them), plugins reach the core through their API (plugins/api.ts) and nothing reaches into a
// plugin, and no module imports itself back through others, type-only imports included.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import ts from 'typescript';
import { repoRoot } from '../helpers/paths.js';

const srcDir = path.join(repoRoot, 'src');

interface ImportEdge {
  /** Module path relative to src/ ("theme/App.tsx"), or the bare specifier of a package. */
  to: string;
  specifier: string;
  /** `import('...')`: a lazy chunk boundary, not part of the module's static graph. */
  dynamic: boolean;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(e.name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(srcDir, file).split(path.sep).join('/');

/** A relative specifier's file: "./x.js" → "x.ts", "x.tsx", "x/index.ts"... */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.d.ts`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

/** Every import, export-from, `import type`, `import('...')` type query and dynamic import of a file. */
function importsOf(file: string): ImportEdge[] {
  const text = fs.readFileSync(file, 'utf8');
  const info = ts.preProcessFile(text, true, true);
  // `import('x')` as an expression is dynamic; `import('x').Name` in a type is a type-only import.
  const dynamicSpecifiers = new Set([...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)(?!\.(?!then\b|catch\b|finally\b)[A-Za-z_$])/g)].map((m) => m[1]));
  const staticSpecifiers = new Set([...text.matchAll(/(?:\bfrom\s*|^\s*import\s*|\bimport\(\s*)['"]([^'"]+)['"](?=\s*;|\s*$|\)\.(?!then\b|catch\b|finally\b)[A-Za-z_$])/gm)].map((m) => m[1]));
  return info.importedFiles.map(({ fileName: specifier }) => {
    const dynamic = dynamicSpecifiers.has(specifier) && !staticSpecifiers.has(specifier);
    if (!specifier.startsWith('.')) return { to: specifier, specifier, dynamic };
    const target = resolveRelative(file, specifier);
    return { to: target ? rel(target) : `unresolved:${specifier}`, specifier, dynamic };
  });
}

const graph = new Map<string, ImportEdge[]>(sourceFiles(srcDir).map((f) => [rel(f), importsOf(f)]));

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]]));
const isNodeModule = (specifier: string) => specifier.startsWith('node:') || NODE_BUILTINS.has(specifier) || NODE_BUILTINS.has(specifier.split('/')[0]);
const BROWSER_FOLDERS = ['shared/', 'theme/', 'client/'];
const NODE_FOLDERS = ['builder/', 'server/', 'tools/', 'cli/'];

/** Groups of modules that import each other in a cycle (type-only imports included), each sorted. */
function cyclicGroups(edges: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components: a component of more than one module, or a module importing
  // itself, holds at least one cycle.
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const components: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (edges.get(v) ?? []).includes(v)) components.push(comp);
    }
  };
  for (const v of [...edges.keys()].sort()) if (!idx.has(v)) visit(v);
  return components.map((comp) => comp.sort());
}

function shortestCycle(edges: Map<string, string[]>, within: Set<string>, start: string): string[] {
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of edges.get(v) ?? []) {
      if (!within.has(w)) continue;
      if (w === start) {
        const cycle = [v];
        while (cycle[0] !== start) cycle.unshift(prev.get(cycle[0])!);
        return cycle;
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

/** A cycle of a group for the report: "a.ts → b.ts → a.ts" (the shortest through its first module). */
const describeGroup = (edges: Map<string, string[]>, group: string[]) => {
  const cycle = shortestCycle(edges, new Set(group), group[0]);
  return `${[...cycle, cycle[0]].join(' → ')}${group.length > cycle.length ? ` (group: ${group.join(', ')})` : ''}`;
};

/** The plugin folder a module is in ("builder/plugins/docs/"); undefined for the core (plugins/api.ts and the plugin list included). */
const pluginFolder = (module: string): string | undefined => /^builder\/plugins\/[^/]+\//.exec(module)?.[0];

const staticEdges = new Map([...graph].map(([from, imports]) => [from, imports.filter((i) => !i.dynamic && graph.has(i.to)).map((i) => i.to)]));

describe('architecture: import rules of src/', () => {
  it('scans the sources and resolves every relative import', () => {
    expect(graph.size).toBeGreaterThan(100);
    const unresolved = [...graph].flatMap(([from, imports]) => imports.filter((i) => i.to.startsWith('unresolved:')).map((i) => `${from} → ${i.specifier}`));
    expect(unresolved).toEqual([]);
  });

  it('browser code (src/shared, src/theme, src/client) imports no Node module and nothing of the builder, the servers, the tools or the CLI', () => {
    const bad = [...graph]
      .filter(([from]) => BROWSER_FOLDERS.some((f) => from.startsWith(f)))
      .flatMap(([from, imports]) => imports.filter((i) => isNodeModule(i.to) || ['builder/', 'server/', 'tools/', 'cli/'].some((f) => i.to.startsWith(f))).map((i) => `${from} → ${i.specifier}`));
    expect(bad).toEqual([]);
  });

  it('the servers (src/server) and the one-shot tools (src/tools) import nothing of each other or of the CLI', () => {
    const bad = [...graph]
      .filter(([from]) => from.startsWith('server/') || from.startsWith('tools/'))
      .flatMap(([from, imports]) => imports.filter((i) => i.to.startsWith('cli/') || i.to.startsWith(from.startsWith('server/') ? 'tools/' : 'server/')).map((i) => `${from} → ${i.specifier}`));
    expect(bad).toEqual([]);
  });

  it('src/shared imports only src/shared (and packages)', () => {
    const bad = [...graph]
      .filter(([from]) => from.startsWith('shared/'))
      .flatMap(([from, imports]) => imports.filter((i) => i.specifier.startsWith('.') && !i.to.startsWith('shared/')).map((i) => `${from} → ${i.specifier}`));
    expect(bad).toEqual([]);
  });

  it('the theme never imports the client (the client depends on the theme)', () => {
    const bad = [...graph].filter(([from]) => from.startsWith('theme/')).flatMap(([from, imports]) => imports.filter((i) => i.to.startsWith('client/')).map((i) => `${from} → ${i.specifier}`));
    expect(bad).toEqual([]);
  });

  it('the build pipeline (src/builder) imports nothing of the servers, the tools or the CLI, but their options', () => {
    // The exceptions: the site config's schema composes the form receiver's and serve's options, which
    // live with their owner; server/forms/options.ts imports zod and the address check (nodemailer's
    // address parser only), server/serve/options.ts zod only, so no server code comes with them.
    const allowed = new Set(['builder/config/schema.ts → server/forms/options.ts', 'builder/config/schema.ts → server/serve/options.ts']);
    const bad = [...graph]
      .filter(([from]) => from.startsWith('builder/'))
      .flatMap(([from, imports]) => imports.filter((i) => ['server/', 'tools/', 'cli/'].some((f) => i.to.startsWith(f))).map((i) => `${from} → ${i.to}`))
      .filter((edge) => !allowed.has(edge));
    expect(bad).toEqual([]);
    const formsOptionsImports = (graph.get('server/forms/options.ts') ?? []).map((i) => i.to);
    expect(formsOptionsImports).toEqual(['zod', 'server/forms/mailbox.ts']);
    expect((graph.get('server/serve/options.ts') ?? []).map((i) => i.to)).toEqual(['zod']);
    expect((graph.get('server/forms/mailbox.ts') ?? []).map((i) => i.to)).toEqual(['nodemailer/lib/addressparser']);
  });

  it('plugins import the core only through plugins/api.ts (and src/shared), and never another plugin', () => {
    // Exactly issue 38's rule, with no list of helper modules besides: a helper a plugin uses is
    // re-exported by the plugin API, which so shows all a plugin may reach of the core.
    const bad = [...graph]
      .filter(([from]) => pluginFolder(from))
      .flatMap(([from, imports]) =>
        imports
          .filter((i) => graph.has(i.to) && !i.to.startsWith(pluginFolder(from)!))
          .filter((i) => i.to !== 'builder/plugins/api.ts' && !i.to.startsWith('shared/'))
          .map((i) => `${from} → ${i.to}`),
      );
    expect(bad).toEqual([]);
  });

  it("the build pipeline names no page kind (the theme's data contract, src/shared/types.ts) or navbar item type of the docs or blog plugin outside that plugin", () => {
    // The core asks what it needs of a page through the plugin API (RenderedRoute.sidebar: a page the
    // theme draws a docs sidebar on; SearchPageInput.indexedBy: the search option that indexes it) or
    // src/shared (docsPage.ts: what the navbar reads of a docs page), never by testing the page's kind;
    // the docs' navbar item types are checked with the schemas of its options.ts (docsNavbarItemSchemas).
    const types = fs.readFileSync(path.join(srcDir, 'shared/types.ts'), 'utf8');
    const kinds = new Map([...types.matchAll(/^export interface (Doc|Blog)\w*PageData \{\s*kind: '(\w+)'/gm)].map((m) => [m[2], m[1] === 'Doc' ? 'docs' : 'blog']));
    expect([...kinds.keys()].sort()).toEqual(['blogArchive', 'blogAuthors', 'blogList', 'blogPost', 'blogTags', 'doc', 'docCategoryIndex', 'docTag', 'docTags']);
    for (const type of ['docSidebar', 'docsVersion', 'docsVersionDropdown']) kinds.set(type, 'docs');
    const bad = sourceFiles(path.join(srcDir, 'builder')).flatMap((file) => {
      const module = rel(file);
      const text = fs.readFileSync(file, 'utf8');
      // Parsed only when a kind is there in quotes (a comment's too): parsing all of builder/ took 5 s.
      if (![...kinds.keys()].some((k) => text.includes(`'${k}'`) || text.includes(`"${k}"`))) return [];
      const found: string[] = [];
      const visit = (node: ts.Node) => {
        if (ts.isStringLiteralLike(node) && kinds.has(node.text) && pluginFolder(module) !== `builder/plugins/${kinds.get(node.text)}/`) found.push(`${module}: ${node.text}`);
        ts.forEachChild(node, visit);
      };
      visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
      return found;
    });
    expect(bad).toEqual([]);
  });

  it("nothing imports a plugin's internals: the plugin list imports its index.ts, the config its options.ts, the tools its public.ts", () => {
    const bad = [...graph].flatMap(([from, imports]) =>
      imports
        .filter((i) => pluginFolder(i.to) && !from.startsWith(pluginFolder(i.to)!))
        .map((i) => `${from} → ${i.to}`)
        .filter((edge) => {
          const [importer, target] = edge.split(' → ');
          const folder = pluginFolder(target)!;
          if (importer === 'builder/plugins/index.ts' && target === `${folder}index.ts`) return false;
          if (importer.startsWith('builder/config/') && target === `${folder}options.ts`) return false;
          // A plugin's own commands (src/tools) reach its files through its public.ts (docs:version: plugins/docs/public.ts).
          return !(importer.startsWith('tools/') && target === `${folder}public.ts`);
        }),
    );
    expect(bad).toEqual([]);
  });

  it('the build pipeline (src/builder) imports the theme only through its render entries and the client bundle entry', () => {
    // The React side of a build is reached through the entries of the bundles that run it: the server
    // bundle's (render/serverEntry.tsx: App, contexts, highlighter), the MDX bundle's (mdx/render.tsx: a
    // file's slots, inside the theme's contexts) and the client bundler (bundle/client.ts: the layouts
    // loaded on demand). Types and strings both sides need live in src/shared.
    const entries = new Set(['builder/render/serverEntry.tsx', 'builder/mdx/render.tsx', 'builder/bundle/client.ts']);
    for (const entry of entries) expect(graph.has(entry), entry).toBe(true);
    const bad = [...graph]
      .filter(([from]) => from.startsWith('builder/') && !entries.has(from))
      .flatMap(([from, imports]) => imports.filter((i) => i.to.startsWith('theme/')).map((i) => `${from} → ${i.to}`));
    expect(bad).toEqual([]);
  });

  it("zod is imported as a namespace (import * as z), never as zod's `z` object", () => {
    // `import { z } from 'zod'` is zod's namespace object of every export: the CLI bundle then holds all
    // of them, zod's 64 locales among them, and builds that object as it loads. Imported as a namespace,
    // esbuild keeps only what the code reads (z.string, z.object...): the bundle went from 4.39 to 3.83 MB
    // (code cache 1.50 -> 1.31 MB) and loading it (loadCli, with its code cache) from 254 to 220 ms of
    // CPU (median of 12 new processes each, alternating, lower in 10 of 12; 17:09 UTC, load 6.1).
    const bad = sourceFiles(srcDir)
      .filter((f) => /^import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*'zod(\/[^']*)?';/m.test(fs.readFileSync(f, 'utf8')))
      .map(rel);
    expect(bad).toEqual([]);
  });

  it('has no import cycles, type-only imports included', () => {
    const groups = cyclicGroups(staticEdges);
    expect(groups.map((g) => describeGroup(staticEdges, g))).toEqual([]);
  });

  it('the scanner sees type-only imports, export-from and cycles (self-check on a made-up graph)', () => {
    const text = `import type { A } from './a.js';\nexport { b } from './b.js';\nexport type { C } from './c.js';\nconst x: import('./d.js').D = 1;\nconst lazy = () => import('./e.js');\n`;
    const found = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
    expect(found.sort()).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js']);
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(
      cyclicGroups(edges)
        .map((g) => g.join(' '))
        .sort(),
    ).toEqual(['a b c', 'e']);
    expect(describeGroup(edges, ['a', 'b', 'c'])).toBe('a → b → c → a');
  });
});
