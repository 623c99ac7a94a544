import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SegmentedStore, segmentFile } from '../../../src/builder/storeSegments.js';
import { ContentPayloads, type ContentHead } from '../../../src/builder/contentStore.js';
import { KeyedCache } from '../../../src/builder/cacheKey.js';
import { storedSearchIndex, type StoredContext } from '../../../src/builder/passes/search/thread.js';
import { contextKey, type SearchInput } from '../../../src/builder/passes/search/index.js';
import type { LocaleSearchFiles } from '../../../src/builder/passes/search/buildIndex.js';
import type { StoredBundle } from '../../../src/builder/bundle/runEsbuild.js';

// A search context read back from the content store (src/builder/contentStore.ts): its files'
// contents are read only when a file is written, so a build whose output keeps them reads none; one
// whose stored files cannot be read (a damaged store) is indexed again when a file must be written,
// never written from them, and kept when the output has its files.

let dir: string;
let file: string;
const input: SearchInput = { baseUrl: '/', language: ['en'], locales: [{ locale: 'en', name: 'en', pages: [] }] };
const stored: LocaleSearchFiles = {
  index: { path: 'search/en.index.1.json', contents: '{"stored":true}', key: 'k1' },
  shards: [],
  texts: [{ path: 'search/en.text.2.json', contents: '["a text"]', key: 'k2' }],
};
const fresh: LocaleSearchFiles = { index: { path: 'search/en.index.3.json', contents: '{"fresh":true}', key: 'k3' }, shards: [], texts: [] };

/** The store's search context as a new build reads it back, and a way to damage its files on disk. */
function reopen(): { cache: { searchIndex: KeyedCache<StoredContext>; stats: { searchIndexed: number; searchReused: number } }; damage(): void; close(): void } {
  const store = SegmentedStore.open<ContentHead>(file);
  const head = store.value!;
  const ref = head.searchIndex![0][1].contents;
  return {
    cache: { searchIndex: new ContentPayloads(store).searchIndex(head), stats: { searchIndexed: 0, searchReused: 0 } },
    damage() {
      const fd = fs.openSync(segmentFile(file, ref.seg), 'r+');
      fs.writeSync(fd, Buffer.from('XX'), 0, 2, ref.at + 1);
      fs.closeSync(fd);
    },
    close: () => store.close(),
  };
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-content-store-'));
  file = path.join(dir, 'content-a-b.bin');
  const store = SegmentedStore.open<ContentHead>(file);
  const payloads = new ContentPayloads(store);
  const cache = new KeyedCache<StoredContext>();
  cache.set('en', contextKey(input, input.locales[0]), { files: stored, terms: { languages: 'en', texts: [['a text', 'a|text']] } });
  const w = store.writer();
  w.commit({ searchIndex: payloads.searchHead(cache, w) });
  store.close();
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('search contexts read back from the content store', () => {
  const indexAgain = async () => ({ contexts: [fresh], terms: [{ languages: 'en', texts: [] }] });

  it('gives the stored files when the input is unchanged, their contents read as they were', async () => {
    const { cache, close } = reopen();
    const { files } = await storedSearchIndex(input, cache, () => Promise.reject(new Error('indexed again')));
    expect(files.slice(0, 2).map((f) => [f.path, f.contents])).toEqual([
      ['search/en.index.1.json', '{"stored":true}'],
      ['search/en.text.2.json', '["a text"]'],
    ]);
    expect(cache.stats).toEqual({ searchIndexed: 0, searchReused: 1 });
    close();
  });

  it('indexes a context again when its stored files cannot be read and a file must be written', async () => {
    const { cache, damage, close } = reopen();
    damage();
    const { files } = await storedSearchIndex(input, cache, indexAgain);
    expect(files[0]).toEqual(fresh.index);
    expect(cache.stats).toEqual({ searchIndexed: 1, searchReused: 0 });
    close();
  });

  it('keeps a context whose files the output keeps without reading them', async () => {
    const { cache, damage, close } = reopen();
    damage();
    const { files } = await storedSearchIndex(
      input,
      cache,
      () => Promise.reject(new Error('indexed again')),
      () => false,
    );
    expect(files.slice(0, 2).map((f) => [f.path, f.key])).toEqual([
      ['search/en.index.1.json', 'k1'],
      ['search/en.text.2.json', 'k2'],
    ]);
    expect(cache.stats).toEqual({ searchIndexed: 0, searchReused: 1 });
    close();
  });
});

// The esbuild bundles are one payload of the store (src/builder/contentStore.ts bundlesHead): a write
// whose bundles are those read back, unchanged, keeps that payload; one whose bundle got its derived
// value since (runEsbuild.ts derived), or a new bundle, writes them again; one unreadable is no bundle.
describe('the bundles read back from the content store', () => {
  const bundle = (key: string): StoredBundle => ({
    key,
    hashes: [['a.js', 'sha']],
    outputFiles: [{ path: 'out.js', contents: new Uint8Array([1, 2, 3]) }],
    metafile: { inputs: {}, outputs: {} },
    watchFiles: [],
  });
  /** Writes `bundles` as a build would: the payload the head names. */
  const writeBundles = (payloads: ContentPayloads, store: SegmentedStore<ContentHead>, bundles: [string, StoredBundle][]) => {
    const w = store.writer();
    const ref = payloads.bundlesHead(bundles, w)!;
    w.commit({ bundles: ref });
    return ref;
  };

  it('keeps the payload read back when the bundles are those, unchanged, and writes them again once one changed', () => {
    const first = SegmentedStore.open<ContentHead>(file);
    const written = writeBundles(new ContentPayloads(first), first, [['client', bundle('c1')]]);
    first.close();
    const store = SegmentedStore.open<ContentHead>(file);
    const payloads = new ContentPayloads(store);
    const read = payloads.bundles(store.value!);
    expect(read.map(([purpose, b]) => [purpose, b.key, [...b.outputFiles[0].contents]])).toEqual([['client', 'c1', [1, 2, 3]]]);
    expect(writeBundles(payloads, store, read)).toEqual(written);
    read[0][1].derived = { made: true };
    const withDerived = writeBundles(payloads, store, read);
    expect(withDerived).not.toEqual(written);
    // Written since: kept while it stays as it is.
    expect(writeBundles(payloads, store, read)).toEqual(withDerived);
    expect(writeBundles(payloads, store, [...read, ['server', bundle('s1')]])).not.toEqual(withDerived);
    store.close();
    const again = SegmentedStore.open<ContentHead>(file);
    expect(new ContentPayloads(again).bundles(again.value!).map(([purpose, b]) => [purpose, b.key, b.derived])).toEqual([
      ['client', 'c1', { made: true }],
      ['server', 's1', undefined],
    ]);
    again.close();
  });

  it('reads no bundles when their payload cannot be read', () => {
    const first = SegmentedStore.open<ContentHead>(file);
    const ref = writeBundles(new ContentPayloads(first), first, [['client', bundle('c1')]]);
    first.close();
    const fd = fs.openSync(segmentFile(file, ref.seg), 'r+');
    fs.writeSync(fd, Buffer.from('XX'), 0, 2, ref.at + 1);
    fs.closeSync(fd);
    const store = SegmentedStore.open<ContentHead>(file);
    expect(new ContentPayloads(store).bundles(store.value!)).toEqual([]);
    store.close();
  });
});
