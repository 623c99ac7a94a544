// Regression: a site with MDX code built the same in one folder but not in another (esbuild's chunk
// names mix in the paths of their modules relative to sitegen's folder: the site's components and
// CSS modules), so every page linked other scripts. The same site in two temporary folders of
// different names and depths must build to the same files, byte for byte.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../helpers/site.js';
import { repoRoot } from '../../../helpers/paths.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** The MDX fixture (islands, a static component, a CSS module, an image) copied under a new temporary folder. */
function copyAt(...below: string[]): string {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-site-path-'));
  made.push(top);
  const dir = path.join(top, ...below);
  fs.cpSync(path.join(repoRoot, 'test/fixtures/mdx-site'), dir, { recursive: true });
  // Its config names sitegen's config type by a path relative to the fixture: a type only, not needed to build.
  const config = path.join(dir, 'site.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace(/^import type .*\n/m, ''));
  return config;
}

async function outputOf(configFile: string): Promise<Map<string, Buffer>> {
  const { sink } = await buildSite(configFile);
  return new Map(sink.paths().map((p) => [p, sink.copies.has(p) ? fs.readFileSync(sink.copies.get(p)!) : Buffer.from(sink.files.get(p)!)]));
}

describe('the output does not depend on where the site is', () => {
  it('a site with components and islands in markdown builds to the same files in two folders', async () => {
    const a = await outputOf(copyAt('site'));
    const b = await outputOf(copyAt('much', 'deeper', 'other-name'));
    expect([...a.keys()].some((f) => /^assets\/js\/islands\.[A-Z2-7]{8}\.js$/.test(f))).toBe(true);
    expect([...a.keys()].some((f) => /^assets\/css\/markdown-styles\./.test(f))).toBe(true);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [file, data] of a) expect(b.get(file)?.equals(data), file).toBe(true);
  }, 120_000);
});
