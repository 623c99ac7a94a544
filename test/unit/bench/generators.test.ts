import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateVersionedSite } from '../../../bench/versioned.js';
import { generateFolderSite } from '../../../bench/folder.js';

// The benchmark's sites are what its budgets are measured on: a versioned site shaped like real ones
// (a share of each release distinct, the rest byte-identical to the next) and a folder of N docs.

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-bench-gen-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((e) => (e.isFile() ? [path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')] : []))
    .sort();

describe('bench/versioned.ts', () => {
  const dir = tmp();
  const site = generateVersionedSite({ dir, released: 4, docs: 30 });
  const folders = ['docs', ...['4.0', '3.0', '2.0', '1.0'].map((v) => `versioned_docs/version-${v}`)];
  const docsOf = (folder: string) => filesUnder(path.join(dir, folder)).filter((f) => f.endsWith('.md'));
  const read = (...p: string[]) => fs.readFileSync(path.join(dir, ...p), 'utf8');

  it('keeps the same doc paths in every version, and 40 % of each release distinct from the next version, the rest byte-identical', () => {
    const paths = docsOf('docs');
    expect(paths).toHaveLength(30);
    for (let v = 1; v < folders.length; v++) {
      expect(docsOf(folders[v])).toEqual(paths);
      const same = paths.filter((p) => read(folders[v], p) === read(folders[v - 1], p));
      expect(paths.length - same.length).toBe(12);
    }
    expect(site.docFiles).toBe(150);
    expect(site.distinctDocs).toBe(30 + 4 * 12);
  });

  it('writes realistic docs whose links resolve within their version', () => {
    for (const folder of folders)
      for (const p of docsOf(folder)) {
        const text = read(folder, p);
        expect(text).toMatch(/^---\ntitle: .+\n[\s\S]*?\n---\n/);
        for (const pattern of [/^## /m, /^- /m, /^```yaml/m, /^:::note$/m, /^1\. /m]) expect(text).toMatch(pattern);
        for (const [, link] of text.matchAll(/\]\((\.[^)]+\.md)\)/g)) expect(fs.existsSync(path.join(dir, folder, path.dirname(p), link)), `${folder}/${p} -> ${link}`).toBe(true);
      }
  });

  it('translates a third of the docs, a copied doc with its translation', () => {
    const zh = (version: string) => path.join(dir, 'i18n/zh-Hans/docusaurus-plugin-content-docs', version);
    const current = filesUnder(zh('current'));
    expect(current).toHaveLength(10);
    for (const p of current) {
      const same = read('docs', p) === read('versioned_docs/version-4.0', p);
      expect(fs.readFileSync(path.join(zh('current'), p), 'utf8') === fs.readFileSync(path.join(zh('version-4.0'), p), 'utf8')).toBe(same);
    }
  });

  it('writes the same files for the same options', () => {
    const again = tmp();
    generateVersionedSite({ dir: again, released: 4, docs: 30 });
    const files = filesUnder(dir);
    expect(filesUnder(again)).toEqual(files);
    for (const f of files) expect(fs.readFileSync(path.join(again, f), 'utf8'), f).toBe(read(f));
  });

  it('names a doc and a sidebar file of the working copy to edit', () => {
    expect(site.editDoc.startsWith(path.join(dir, 'docs'))).toBe(true);
    expect(JSON.parse(fs.readFileSync(site.editSidebar, 'utf8'))).toHaveProperty('docsSidebar');
  });
});

describe('bench/folder.ts', () => {
  it('writes N docs in one folder, linking within it', () => {
    const dir = tmp();
    const configFile = generateFolderSite({ dir, docs: 50 });
    expect(fs.existsSync(configFile)).toBe(true);
    const docs = fs.readdirSync(path.join(dir, 'docs'));
    expect(docs).toHaveLength(50);
    for (const d of docs) {
      expect(fs.statSync(path.join(dir, 'docs', d)).isFile()).toBe(true);
      for (const [, link] of fs.readFileSync(path.join(dir, 'docs', d), 'utf8').matchAll(/\]\((\.\/[^)]+\.md)\)/g)) expect(docs).toContain(link.slice(2));
    }
  });
});
