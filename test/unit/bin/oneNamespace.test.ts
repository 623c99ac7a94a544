import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ONE_NAMESPACE, oneNamespaceEach } from '../../../bin/cli-bundle.js';

// bin/cli-bundle.js makes one ES namespace per module left out of the CLI bundle (node's own), not one
// per importing module: esbuild's `__toESM(require("..."))` calls go through a memo in the banner.

describe('oneNamespaceEach', () => {
  it('gives every module of a CommonJS bundle the same namespace of node:path, which works as before', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'one-namespace-'));
    fs.writeFileSync(path.join(dir, 'a.ts'), "import path from 'node:path';\nimport * as ns from 'node:path';\nexport const a = () => [path.join('x', 'y'), ns];");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import * as ns from 'node:path';\nimport { a } from './a';\nexport const out = [...a(), ns];");
    const result = await esbuild.build({ entryPoints: [path.join(dir, 'b.ts')], bundle: true, platform: 'node', format: 'cjs', write: false, banner: { js: ONE_NAMESPACE } });
    const code = oneNamespaceEach(result.outputFiles[0].text);
    fs.rmSync(dir, { recursive: true });
    expect(code).toContain('__sitegenToESM(require("node:path")');
    expect(code).not.toContain('__toESM(require("node:path")');
    const module = { exports: {} as { out?: unknown[] } };
    vm.runInThisContext(`(function (exports, require, module) {${code}\n})`)(module.exports, createRequire(import.meta.url), module);
    const [joined, first, second] = module.exports.out!;
    expect(joined).toBe(path.join('x', 'y'));
    expect(first).toBe(second);
    expect((first as typeof path).basename('/a/b.txt')).toBe('b.txt');
  });

  it('leaves the imports of bundled CommonJS modules as they are', () => {
    expect(oneNamespaceEach('var c = __toESM(require_lunr());')).toBe('var c = __toESM(require_lunr());');
  });
});
