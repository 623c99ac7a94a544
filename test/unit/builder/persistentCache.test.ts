import { describe, it, expect, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codeFingerprint, fingerprint, openPersistentCache, pruneStores, readStore, writeStore } from '../../../src/builder/persistentCache.js';
import { parseMarkdown } from '../../../src/builder/markdown/parse.js';
import { defaultMarkdownLimits } from '../../../src/builder/markdown/limits.js';

// The parts of the build cache on disk that a build test cannot reach: the code fingerprint that keys
// every store (a library's new version makes a new store), the size bound, and the store framing.

const dirs: string[] = [];
const temp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-store-'));
  dirs.push(dir);
  return dir;
};
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A made-up sitegen package: sources, package.json, and its dependencies as installed. */
function fakePackage(params: { remarkVersion: string; source?: string }): string {
  const root = temp();
  write(path.join(root, 'package.json'), JSON.stringify({ name: 'sitegen', dependencies: { remark: '^15.0.0', lunr: '^2.3.9' } }));
  write(path.join(root, 'src/builder/a.ts'), params.source ?? 'export const a = 1;\n');
  write(path.join(root, 'node_modules/remark/package.json'), JSON.stringify({ name: 'remark', version: params.remarkVersion }));
  write(path.join(root, 'node_modules/lunr/package.json'), JSON.stringify({ name: 'lunr', version: '2.3.9' }));
  return root;
}

describe('the build cache on disk', () => {
  it('keys stores by the code that makes them: a dependency’s installed version or a source changes the key, a modification time does not', () => {
    const a = fingerprint(fakePackage({ remarkVersion: '15.0.1' }));
    expect(fingerprint(fakePackage({ remarkVersion: '15.0.1' }))).toBe(a);
    expect(fingerprint(fakePackage({ remarkVersion: '15.0.2' }))).not.toBe(a);
    expect(fingerprint(fakePackage({ remarkVersion: '15.0.1', source: 'export const a = 2;\n' }))).not.toBe(a);
    const touched = fakePackage({ remarkVersion: '15.0.1' });
    fs.utimesSync(path.join(touched, 'src/builder/a.ts'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    expect(fingerprint(touched)).toBe(a);
  });

  it('reads the fingerprint back while the sources keep their sizes and times, and makes it again when one is edited', () => {
    const root = fakePackage({ remarkVersion: '15.0.1' });
    const a = codeFingerprint(root);
    const memoDir = path.join(root, 'node_modules/.cache/sitegen');
    const [memo] = fs.readdirSync(memoDir).filter((n) => n.startsWith('code-'));
    expect(fs.readFileSync(path.join(memoDir, memo), 'utf8')).toBe(a);
    // What is read back is the file's (a made-up value shows it).
    fs.writeFileSync(path.join(memoDir, memo), '0123456789ab');
    expect(codeFingerprint(root)).toBe('0123456789ab');
    write(path.join(root, 'src/builder/a.ts'), 'export const a = 22;\n');
    expect(codeFingerprint(root)).toBe(fingerprint(fakePackage({ remarkVersion: '15.0.1', source: 'export const a = 22;\n' })));
    expect(codeFingerprint(root)).not.toBe(a);
  });

  it('prunes the folder to its size bound, least recently used first, and removes temporary files of killed writes', () => {
    const dir = temp();
    const now = Date.now();
    const files = ['content-a-1.bin', 'html-a-1.bin', 'content-b-1.bin', 'diagrams/x.svg'];
    files.forEach((name, i) => {
      write(path.join(dir, name), 'x'.repeat(1000));
      // The first is the oldest used.
      fs.utimesSync(path.join(dir, name), new Date(now - (10 - i) * 60_000), new Date(now - (10 - i) * 60_000));
    });
    write(path.join(dir, 'content-c-1.bin.123-abcd.tmp'), 'half');
    fs.utimesSync(path.join(dir, 'content-c-1.bin.123-abcd.tmp'), new Date(now - 2 * 3600_000), new Date(now - 2 * 3600_000));
    write(path.join(dir, 'cli-1234.mjs'), 'x'.repeat(5000));
    pruneStores(2500, now, dir);
    const left = fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => fs.statSync(path.join(dir, f)).isFile())
      .sort();
    // 4 × 1000 bytes over a bound of 2,500: the two oldest go; the bundled CLI is never counted nor removed.
    expect(left).toEqual(['cli-1234.mjs', 'content-b-1.bin', 'diagrams/x.svg']);
  });

  it('reads back only a whole store: a cut-short, altered or foreign file reads as none and is removed', () => {
    const dir = temp();
    const file = path.join(dir, 'content-a-1.bin');
    writeStore(file, { parsed: [['doc.md', { hash: 'h', meta: { title: 'T' } as never, tree: { at: 0, length: 0, sum: '' } }]] });
    expect(readStore(file)?.parsed?.[0][0]).toBe('doc.md');
    const bytes = fs.readFileSync(file);
    for (const broken of [bytes.subarray(0, bytes.length - 3), Buffer.concat([bytes.subarray(0, -1), Buffer.from([bytes[bytes.length - 1] ^ 1])]), Buffer.from('not a store at all')]) {
      fs.writeFileSync(file, broken);
      expect(readStore(file)).toBeUndefined();
      expect(fs.existsSync(file)).toBe(false);
    }
  });

  it('writes a store of many parts whole, in order (the parse trees of a large site: more than one write call takes)', () => {
    const file = path.join(temp(), 'content-a-1.bin');
    const tail = Array.from({ length: 1300 }, (_, i) => (i % 7 === 3 ? new Uint8Array(0) : Buffer.from(`tree ${i};`)));
    writeStore(file, { threadParsed: [] }, tail);
    expect(readStore(file)).toEqual({ threadParsed: [] });
    const bytes = fs.readFileSync(file);
    const joined = Buffer.concat(tail);
    expect(bytes.subarray(bytes.length - joined.length).equals(joined)).toBe(true);
  });

  it('reads a stored parse tree only when it is used, and parses the file again when that tree is corrupted', () => {
    const dir = temp();
    const before = process.env.SITEGEN_CACHE_DIR;
    process.env.SITEGEN_CACHE_DIR = path.join(dir, 'cache');
    try {
      const site = path.join(dir, 'site.config.ts');
      const file = path.join(dir, 'doc.md');
      const source = '# Title\n\nSome *text* and a [link](other.md).\n';
      const fresh = parseMarkdown({ file, source, options: defaultMarkdownLimits });
      const first = openPersistentCache({ site });
      expect(first.cache.parse.get(file, source, defaultMarkdownLimits)).toBeUndefined();
      first.cache.parse.set(file, source, fresh);
      first.save();
      const [store] = fs.readdirSync(process.env.SITEGEN_CACHE_DIR).filter((n) => n.startsWith('content-'));
      const storeFile = path.join(process.env.SITEGEN_CACHE_DIR, store);

      const read = openPersistentCache({ site }).cache.parse.get(file, source, defaultMarkdownLimits)!;
      expect(read.contentTitle).toBe('Title');
      expect(read.tree).toEqual(fresh.tree);

      // The tree is the store's last bytes: one of them altered, the parse is still read back, and its tree made again.
      const bytes = fs.readFileSync(storeFile);
      bytes[bytes.length - 2] ^= 0xff;
      fs.writeFileSync(storeFile, bytes);
      const damaged = openPersistentCache({ site });
      const again = damaged.cache.parse.get(file, source, defaultMarkdownLimits)!;
      expect(damaged.cache.stats.parseHits).toBe(1);
      expect(again.tree).toEqual(fresh.tree);
      // Without the options to parse it with, the corrupted tree is a miss.
      expect(openPersistentCache({ site }).cache.parse.get(file, source)).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.SITEGEN_CACHE_DIR;
      else process.env.SITEGEN_CACHE_DIR = before;
    }
  });
});
