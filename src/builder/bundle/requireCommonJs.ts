import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as esbuild from 'esbuild';

// A bundle for Node (format esm) that leaves packages to be loaded at run time imports them. When
// such a package is CommonJS (React, ReactDOM's server renderer, lunr), Node makes the import by
// scanning the package's source for the names it exports (cjs-module-lexer), in every thread that
// loads the bundle: the server renderer's imports cost each HTML worker about 90 ms of scanning, and
// the scanner is hot enough that V8 optimises it again in each thread (60 ms of compiling each time;
// `node --cpu-prof` and `--trace-opt`, versioned synthetic site, Node 20). Loaded with require(), the
// same module is read as CommonJS, without the scan: one instance still, as Node's import of a
// CommonJS module goes through the same module cache.
//
// API: requireCommonJs({ packages, root }) → an esbuild plugin for a bundle whose code begins with
// REQUIRE_BANNER: the bare imports of those packages (and their subpaths) that resolve, from `root`,
// to CommonJS become require() calls; ES module packages stay imports.

/** Defines `require` in an ES module bundle (esbuild's require() calls of left-out modules use it). */
export const REQUIRE_BANNER = "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);";

const NAMESPACE = 'sitegen-require';

export function requireCommonJs(params: { packages: string[]; root: string }): esbuild.Plugin {
  const packages = new Set(params.packages);
  const req = createRequire(path.join(params.root, 'package.json'));
  const known = new Map<string, boolean>();
  const isCommonJs = (specifier: string): boolean => {
    let cjs = known.get(specifier);
    if (cjs === undefined) {
      cjs = commonJsFile(req, specifier);
      known.set(specifier, cjs);
    }
    return cjs;
  };
  return {
    name: 'sitegen-require-commonjs',
    setup(build) {
      // Only the packages' own specifiers (`react`, `react-dom/server`) are asked about: each path the
      // filter passes is a call from esbuild's process into this one, and a bare import of anything
      // else (a site's package, `node:` modules) was one that answered nothing (75 of 227 calls in a
      // cold Shifu build). Nor those of packages whose manifest says they are ES modules
      // (esModulePackage, read as the build starts: not when a stored bundle is reused): refractor's
      // languages, hast-util-to-html, lodash-es, zod were 47 of the 152 calls left, each a resolve
      // that failed or a manifest read.
      const asked = [...packages].filter((p) => !esModulePackage(req, p));
      if (!asked.length && packages.size) return;
      const names = asked.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const filter = names.length ? new RegExp(`^(?:${names.join('|')})(?:/|$)`) : /^[^./]/;
      build.onResolve({ filter }, (args) => {
        if (args.namespace === NAMESPACE) return { path: args.path, external: true };
        if (!packages.has(packageName(args.path)) || !isCommonJs(args.path)) return undefined;
        return { path: args.path, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js' }));
    },
  };
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Whether every specifier of the package `name` stays an import (commonJsFile says no to each),
 * from its own manifest: one with a `module` field or an `import` condition, or one of `type:
 * module` whose `exports` name no .cjs file and have no `require` or `node` condition. Not found: no.
 */
function esModulePackage(req: NodeJS.Require, name: string): boolean {
  for (const dir of req.resolve.paths(name) ?? []) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(dir, name, 'package.json'), 'utf8');
    } catch {
      continue;
    }
    let json: { type?: string; module?: string; exports?: unknown };
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      return false;
    }
    if (shipsImport(json)) return true;
    return json.type === 'module' && json.exports !== undefined && !/\.cjs"|"require"|"node"/.test(JSON.stringify(json.exports));
  }
  return false;
}

/**
 * Whether require() loads this specifier as CommonJS and an import would load the same file: an ES
 * module package cannot be required in Node 20, and a package that ships both forms (an `import`
 * condition, a `module` field) stays imported, so that it is not one instance here and another in
 * code that imports it.
 */
function commonJsFile(req: NodeJS.Require, specifier: string): boolean {
  let file: string;
  try {
    file = req.resolve(specifier);
  } catch {
    return false;
  }
  if (!file.endsWith('.cjs') && !file.endsWith('.js')) return false;
  // Node reads a .js file's type from the nearest manifest, with or without a `type` field.
  let type: string | undefined | null = null;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      const json = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string; type?: string; module?: string; exports?: unknown };
      if (type === null) type = json.type;
      // The package's own manifest (a folder's manifest may only set its type).
      if (json.name) return (file.endsWith('.cjs') || type !== 'module') && !shipsImport(json);
    }
    if (path.dirname(dir) === dir) return false;
  }
}

/** Whether a package's manifest names an ES module form of it (a `module` field, an `import` condition): such a package stays imported. */
function shipsImport(json: { module?: string; exports?: unknown }): boolean {
  return Boolean(json.module) || JSON.stringify(json.exports ?? null).includes('"import"');
}
