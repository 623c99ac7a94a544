import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LAZY_MODULES, LAZY_NAMESPACE, lazyModules, lightningcssOnFirstCall, nodemailerOutside, ONE_NAMESPACE, oneNamespaceEach } from '../../../bin/cli-bundle.js';

// bin/cli-bundle.js loads the modules a warm build does not use (esbuild, node's http and the like)
// when the bundle's code first reads them, not as the bundle starts; the code reads them as before.

/** A CommonJS bundle of `files` (the first is the entry) as the CLI bundle is made: the banner, oneNamespaceEach, lazyModules. */
async function bundle(files: Record<string, string>): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lazy-modules-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const result = await esbuild.build({
    entryPoints: [path.join(dir, Object.keys(files)[0])],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    external: ['esbuild'],
    plugins: [nodemailerOutside, lightningcssOnFirstCall],
    // The packages the bundle holds (nodemailer's address parser) resolve from the repository's.
    nodePaths: [path.resolve(import.meta.dirname, '../../../node_modules')],
    banner: { js: `${ONE_NAMESPACE}\n${LAZY_NAMESPACE}` },
  });
  fs.rmSync(dir, { recursive: true });
  return lazyModules(oneNamespaceEach(result.outputFiles[0].text));
}

/** Runs `code` with a require() that records what it loads. */
function run(code: string): { exports: Record<string, unknown>; loaded: string[] } {
  const loaded: string[] = [];
  const real = createRequire(import.meta.url);
  const require = Object.assign((id: string) => (loaded.push(id), real(id)), { resolve: real.resolve });
  const module = { exports: {} as Record<string, unknown> };
  vm.runInThisContext(`(function (exports, require, module) {${code}\n})`)(module.exports, require, module);
  return { exports: module.exports, loaded };
}

describe('lazyModules', () => {
  it('requires a lazy module when the code first reads it, default, named and namespace imports alike', async () => {
    expect(LAZY_MODULES).toEqual(expect.arrayContaining(['esbuild', 'node:http']));
    const code = await bundle({
      'entry.ts':
        "import http from 'node:http';\nimport { STATUS_CODES } from 'node:http';\nimport * as eb from 'esbuild';\nimport path from 'node:path';\nexport const sep = path.sep;\nexport const serve = () => [http.STATUS_CODES[404], STATUS_CODES[200], eb.version, 'version' in eb, Object.keys(eb).includes('build')];",
    });
    expect(code).toContain('__sitegenLazy(() => __sitegenToESM(require("node:http")');
    const { exports, loaded } = run(code);
    // node:path is not lazy: it loads as the bundle starts.
    expect(loaded).toEqual(['node:path']);
    expect((exports.serve as () => unknown[])()).toEqual(['Not Found', 'OK', esbuild.version, true, true]);
    expect([...new Set(loaded)]).toEqual(['node:path', 'node:http', 'esbuild']);
  });

  it('leaves nodemailer out of the bundle, loaded when the mail sender first reads it, but bundles its address parser', async () => {
    const code = await bundle({
      'entry.ts':
        "import nodemailer from 'nodemailer';\nimport addressparser from 'nodemailer/lib/addressparser';\nexport const parse = (s: string) => addressparser(s);\nexport const send = () => typeof nodemailer.createTransport({ streamTransport: true }).sendMail;",
    });
    expect(code).toContain('__sitegenLazy(() => __sitegenToESM(require("nodemailer")');
    const { exports, loaded } = run(code);
    expect(loaded).toEqual([]);
    expect((exports.parse as (s: string) => unknown)('A <a@b.c>')).toEqual([{ address: 'a@b.c', name: 'A' }]);
    expect(loaded).toEqual([]);
    expect((exports.send as () => string)()).toBe('function');
    expect(loaded).toContain('nodemailer');
  });

  it("opens lightningcss's native binding at the first call of its functions, not as the bundle starts", async () => {
    const code = await bundle({
      'entry.ts': "import { transform } from 'lightningcss';\nexport const min = (css: string) => transform({ filename: 'a.css', code: Buffer.from(css), minify: true }).code.toString();",
    });
    const { exports, loaded } = run(code);
    expect(loaded.filter((id) => id.includes('lightningcss'))).toEqual([]);
    expect((exports.min as (css: string) => string)('a { color: red; }')).toBe('a{color:red}');
    expect(loaded.filter((id) => id.includes('lightningcss')).length).toBeGreaterThan(0);
  });

  it('leaves other requires, and those inside functions, as they are', () => {
    expect(lazyModules('var import_node_fs = __sitegenToESM(require("node:fs"), 1);')).toBe('var import_node_fs = __sitegenToESM(require("node:fs"), 1);');
    expect(lazyModules('    var http = require("node:http");')).toBe('    var http = require("node:http");');
    expect(lazyModules('var esbuild3 = require("esbuild");')).toBe('var esbuild3 = __sitegenLazy(() => require("esbuild"));');
  });
});
