import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/paths.js';
import { loadTypeScript } from '../../../src/builder/typescriptModule.js';
import { cacheFolder } from '../../../src/builder/cacheFolder.js';

// TypeScript loaded with V8's code cache (typescriptModule.ts): the same module as require() gives
// (its API, its version), and a cache file in sitegen's folder that a second process takes.

describe('loadTypeScript', () => {
  it("is TypeScript, as require('typescript') is, once per thread", () => {
    const ts = loadTypeScript();
    const required = JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules/typescript/package.json'), 'utf8')) as { version: string };
    expect(ts.version).toBe(required.version);
    expect(loadTypeScript()).toBe(ts);
    const source = ts.createSourceFile('a.tsx', 'const a: number = <b className="x">{1}</b>;', ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    expect(source.statements).toHaveLength(1);
    expect(ts.isVariableStatement(source.statements[0])).toBe(true);
  });

  it('writes its code cache as the process exits, and a new process loads from it', () => {
    const script = `import { loadTypeScript, typescriptFromCache } from ${JSON.stringify(path.join(repoRoot, 'src/builder/typescriptModule.ts'))}; console.log(loadTypeScript().version, typescriptFromCache());`;
    const run = () => spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    const version = first.stdout.trim().split(' ')[0];
    expect(fs.readdirSync(cacheFolder()).some((f) => f.startsWith(`typescript-${version}.`) && f.endsWith('.v8cache'))).toBe(true);
    const second = run();
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout.trim()).toBe(`${version} true`);
  }, 60_000);
});
