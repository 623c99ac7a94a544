// Regression: a fresh clone at another path named the main script differently (esbuild hashes the
// paths of its inputs, and a generated module was named by a text holding absolute paths), so every
// page of the two builds differed. Two copies of the sources at different paths, at the same depth
// (the packages they link to are then at the same relative path), must bundle to the same files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../helpers/paths.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function checkout(name: string): string {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), `sitegen-${name}-`));
  made.push(top);
  const root = path.join(top, 'repo');
  fs.mkdirSync(root);
  fs.cpSync(path.join(repoRoot, 'src'), path.join(root, 'src'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(root, 'package.json'));
  // Its own node_modules (and so its own cache of generated modules), holding links to the packages.
  fs.mkdirSync(path.join(root, 'node_modules'));
  for (const name of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (name !== '.cache') fs.symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(root, 'node_modules', name));
  }
  const site = path.join(root, 'site');
  fs.mkdirSync(path.join(site, 'pages'), { recursive: true });
  fs.writeFileSync(path.join(site, 'pages/index.tsx'), 'export default function Home() {\n  return <p>home</p>;\n}\n');
  fs.writeFileSync(path.join(site, 'custom.css'), 'p { color: teal; }\n');
  return root;
}

async function bundleFrom(root: string): Promise<Map<string, string>> {
  const { bundleClient } = (await import(path.join(root, 'src/builder/bundle/client.ts'))) as typeof import('../../../../src/builder/bundle/client.js');
  const { scanPages } = (await import(path.join(root, 'src/builder/content/pageFiles.ts'))) as typeof import('../../../../src/builder/content/pageFiles.js');
  const site = path.join(root, 'site');
  const bundle = await bundleClient({ siteDir: site, baseUrl: '/', pages: scanPages({ siteDir: site, pages: { path: 'pages' } }), customCss: [path.join(site, 'custom.css')] });
  return new Map(bundle.files.map((f) => [f.path, Buffer.from(f.contents).toString('utf8')]));
}

describe('the output does not depend on where the checkout is', () => {
  it('two copies of the sources at different paths bundle the browser code to the same files', async () => {
    const a = await bundleFrom(checkout('clone-a'));
    const b = await bundleFrom(checkout('clone-bb'));
    expect([...a.keys()].some((f) => /^assets\/js\/main\.[A-Z0-9]+\.js$/.test(f))).toBe(true);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [file, text] of a) expect(b.get(file), file).toBe(text);
  }, 60_000);
});
