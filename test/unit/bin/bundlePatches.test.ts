import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { fromMarkdownThis } from '../../../bin/bundlePatches.js';

// bin/bundlePatches.js changes installed packages' code as it goes into sitegen's bundles: it must
// still match the installed package (else the bundles silently lose the change) and change nothing a
// caller sees.

type FromMarkdown = (value: string) => unknown;

/** mdast-util-from-markdown bundled as the CLI's bundle holds it, with or without the change. */
async function bundledFromMarkdown(patched: boolean): Promise<{ code: string; fromMarkdown: FromMarkdown }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-patches-'));
  const entry = path.join(dir, 'entry.js');
  fs.writeFileSync(entry, "export { fromMarkdown } from 'mdast-util-from-markdown';\n");
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    plugins: patched ? [fromMarkdownThis] : [],
    nodePaths: [path.resolve(import.meta.dirname, '../../../node_modules')],
  });
  fs.rmSync(dir, { recursive: true });
  const code = result.outputFiles[0].text;
  const module = { exports: {} as { fromMarkdown: FromMarkdown } };
  new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(entry));
  return { code, fromMarkdown: module.exports.fromMarkdown };
}

const SAMPLE = [
  '# Title {#id}',
  '',
  'Some *emphasis*, **strong**, `code`, a [link](https://example.com "t") and ![img](a.png).',
  '',
  '- one',
  '- two',
  '',
  '  1. nested',
  '  2. list',
  '',
  '> quote with <span>html</span>',
  '',
  '```js title="a.js"',
  'const a = 1;',
  '```',
  '',
  '[ref]: https://example.com/ref',
  'See [ref] and &amp; entities.',
  '',
].join('\n');

describe('bundle patches', () => {
  it("calls mdast-util-from-markdown's handlers with an object made by Object.assign, matching the installed package", async () => {
    const { code } = await bundledFromMarkdown(true);
    expect(code).not.toMatch(/\.\.\.context\d*,\s*sliceSerialize/);
    expect(code.match(/Object\.assign\(\{ sliceSerialize: events\[index\d*\]\[2\]\.sliceSerialize \}, context\d*\)/g)).toHaveLength(3);
  });

  it('leaves the trees mdast-util-from-markdown makes as they were', async () => {
    const [before, after] = await Promise.all([bundledFromMarkdown(false), bundledFromMarkdown(true)]);
    expect(before.code).toMatch(/\.\.\.context\d*,\s*sliceSerialize/);
    expect(after.fromMarkdown(SAMPLE)).toEqual(before.fromMarkdown(SAMPLE));
  });
});
