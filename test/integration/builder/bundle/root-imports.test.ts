import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildError, buildSite } from '../../../helpers/site.js';
import { repoRoot } from '../../../helpers/paths.js';
import type { MemorySink } from '../../../../src/builder/output/sink.js';

// Root paths in site code (fixture test/fixtures/root-imports): `import u from '/img/dot.png'` and
// `require('/static/img/dot.png')` in MDX and in a React page resolve as webpack's resolve.roots
// resolves them in Docusaurus: under each static folder, then under the site folder.

const fixture = path.join(repoRoot, 'test/fixtures/root-imports');
let sink: MemorySink;

beforeAll(async () => {
  ({ sink } = await buildSite(path.join(fixture, 'site.config.ts')));
}, 120_000);

const srcOf = (file: string, className: string) => new RegExp(`<img class="${className}" src="([^"]+)"`).exec(sink.read(file) ?? '')?.[1];

describe('root paths in site code', () => {
  it('MDX: /img/x from the static folder, /static/img/x and /src/img/x from the site folder', () => {
    const imported = srcOf('docs/intro/index.html', 'imported');
    expect(imported).toMatch(/^\/assets\/images\/dot-[0-9a-f]{8}\.png$/);
    expect(srcOf('docs/intro/index.html', 'required')).toBe(imported);
    expect(srcOf('docs/intro/index.html', 'site')).toMatch(/^\/assets\/images\/mark-[0-9a-f]{8}\.png$/);
    expect(sink.read(imported!.slice(1))).toBeDefined();
  });

  it('a React page: the same file, the same url', () => {
    const imported = srcOf('index.html', 'page-imported');
    expect(imported).toMatch(/^\/assets\/images\/dot-[0-9a-f]{8}\.png$/);
    expect(srcOf('index.html', 'page-required')).toBe(imported);
  });

  it('a root path in none of the roots fails at the import, naming where it looked', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-root-imports-'));
    fs.cpSync(fixture, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'docs/intro.mdx'), "# Intro\n\nimport gone from '/img/gone.png';\n\n<img src={gone} />\n");
    const e = await buildError(path.join(dir, 'site.config.ts'));
    const problem = e.problems?.find((p) => p.message.includes('/img/gone.png'));
    expect(problem).toMatchObject({ file: path.join(dir, 'docs/intro.mdx'), line: 3 });
    expect(problem!.message).toContain(`looked for it in ${path.join(dir, 'static')}, ${dir}`);
  });
});
