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
    writeStore(file, { output: [['/out', [['index.html', { key: 'k', size: 1, mtimeMs: 2 }]]]] });
    expect(readStore(file)?.output?.[0][0]).toBe('/out');
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
    writeStore(file, { output: [] }, tail);
    expect(readStore(file)).toEqual({ output: [] });
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
      // The tree is a payload of the store's one segment (content-<site>-<code>.<segment>.bin).
      const [store] = fs.readdirSync(process.env.SITEGEN_CACHE_DIR).filter((n) => /^content-.*\.[0-9a-f]{16}\.bin$/.test(n));
      const storeFile = path.join(process.env.SITEGEN_CACHE_DIR, store);

      const read = openPersistentCache({ site }).cache.parse.get(file, source, defaultMarkdownLimits)!;
      expect(read.contentTitle).toBe('Title');
      expect(read.tree).toEqual(fresh.tree);

      // The tree is the segment's last bytes: one of them altered, the parse is still read back, and its tree made again.
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

  it('reads each markdown render and search context when first asked for, takes a corrupted render for a miss and a corrupted context for unreadable, and writes only what changed', () => {
    const dir = temp();
    const before = process.env.SITEGEN_CACHE_DIR;
    const cacheDir = path.join(dir, 'cache');
    process.env.SITEGEN_CACHE_DIR = cacheDir;
    try {
      const site = path.join(dir, 'site.config.ts');
      const render = (html: string) => ({ rendered: { html }, errors: [], warnings: [], assets: [], inputs: [] }) as never;
      const file = (name: string, contents: string) => ({ path: `assets/search/${name}.json`, contents, key: `key-${name}` });
      const context = { files: { index: file('en.1', '{"index":1}'), shards: [file('en.t.1', '[1]')], texts: [] }, terms: [['h', 'term']] } as never;
      const first = openPersistentCache({ site });
      first.cache.markdown.set('a.md', 'ka', render('<p>a</p>'));
      first.cache.markdown.set('b.md', 'kb', render('<p>b</p>'));
      first.cache.searchIndex.set('en', 'ke', context);
      first.save();
      const segments = () => fs.readdirSync(cacheDir).filter((n) => /^content-.*\.[0-9a-f]{16}\.bin$/.test(n));
      expect(segments()).toHaveLength(1);

      const read = openPersistentCache({ site }).cache;
      expect(read.markdown.loaded('a.md')).toBe(false);
      expect(read.markdown.get('a.md', 'ka')).toMatchObject({ rendered: { html: '<p>a</p>' } });
      expect(read.markdown.loaded('b.md')).toBe(false);
      const en = read.searchIndex.get('en', 'ke')!;
      expect(en.files.index).toMatchObject({ path: 'assets/search/en.1.json', key: 'key-en.1', contents: '{"index":1}' });
      expect(en.terms).toEqual([['h', 'term']]);

      // b's render altered on disk: a miss, and so is a's, in the same pack (the first payloads of the
      // renders one write made: contentStore.ts). A new render of c: a segment of its own, the first one unchanged.
      const [segment] = segments();
      const bytes = fs.readFileSync(path.join(cacheDir, segment));
      const untouched = Buffer.from(bytes);
      bytes[bytes.indexOf('<p>b</p>') + 3] ^= 0xff;
      fs.writeFileSync(path.join(cacheDir, segment), bytes);
      const damaged = openPersistentCache({ site });
      expect(damaged.cache.markdown.get('b.md', 'kb')).toBeUndefined();
      expect(damaged.cache.markdown.get('a.md', 'ka')).toBeUndefined();
      fs.writeFileSync(path.join(cacheDir, segment), untouched);
      const next = openPersistentCache({ site });
      next.cache.markdown.set('c.md', 'kc', render('<p>c</p>'));
      next.save();
      expect(segments()).toHaveLength(2);
      expect(fs.readFileSync(path.join(cacheDir, segment)).equals(untouched)).toBe(true);
      const again = openPersistentCache({ site }).cache;
      expect(['a.md', 'b.md', 'c.md'].map((n) => (again.markdown.peek(n) as { rendered: { html: string } } | undefined)?.rendered.html)).toEqual(['<p>a</p>', '<p>b</p>', '<p>c</p>']);
      // The first pack damaged again: its renders are misses, c's (another pack) is read.
      fs.writeFileSync(path.join(cacheDir, segment), bytes);
      const packs = openPersistentCache({ site }).cache;
      expect(['a.md', 'b.md', 'c.md'].map((n) => (packs.markdown.peek(n) as { rendered: { html: string } } | undefined)?.rendered.html)).toEqual([undefined, undefined, '<p>c</p>']);
      fs.writeFileSync(path.join(cacheDir, segment), untouched);
      expect(again.searchIndex.get('en', 'ke')!.files.shards[0].contents).toBe('[1]');
      // The search context's files altered: never read wrong. The context says its files cannot be
      // read, and the search pass then indexes it again when a file must be written (its files are
      // read only then: contentStore.test.ts).
      const last = segments()
        .map((n) => path.join(cacheDir, n))
        .find((f) => fs.readFileSync(f).includes('{"index":1}'))!;
      const withFiles = fs.readFileSync(last);
      withFiles[withFiles.indexOf('{"index":1}') + 2] ^= 0xff;
      fs.writeFileSync(last, withFiles);
      const damagedContext = openPersistentCache({ site }).cache.searchIndex.get('en', 'ke')!;
      expect(damagedContext.readable?.()).toBe(false);
      expect(() => damagedContext.files.index.contents).toThrow(/cannot be read/);
    } finally {
      if (before === undefined) delete process.env.SITEGEN_CACHE_DIR;
      else process.env.SITEGEN_CACHE_DIR = before;
    }
  });
});
