import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SegmentedStore, segmentFile, type PayloadRef } from '../../../src/builder/storeSegments.js';

// The build cache's stores as a head and segments (src/builder/storeSegments.ts): a write adds what
// it made in a segment of its own and keeps the rest where it is; a payload cut short or corrupted
// (a killed or damaged write) is a miss, the others read; segments no head names go; garbage is
// compacted; a write whose old segments another build removed copies what it keeps from them.

type Head = Record<string, PayloadRef>;

let dir: string;
let file: string;
const text = (store: SegmentedStore<Head>, name: string) => {
  const ref = store.value?.[name];
  return ref && store.read(ref)?.toString('utf8');
};
const segments = () =>
  fs
    .readdirSync(dir)
    .filter((n) => /^content-a-b\.[0-9a-f]{16}\.bin$/.test(n))
    .sort();
/** Writes a head of `kept` (read back) and `made` (new payloads). */
function write(store: SegmentedStore<Head>, kept: string[], made: Record<string, string>): void {
  const w = store.writer();
  const head: Head = {};
  for (const name of kept) head[name] = w.keep(store.value![name]);
  for (const [name, payload] of Object.entries(made)) head[name] = w.add(Buffer.from(payload));
  w.commit(head);
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-segments-'));
  file = path.join(dir, 'content-a-b.bin');
  const store = SegmentedStore.open<Head>(file);
  write(store, [], { a: 'payload a', b: 'payload b' });
  store.close();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a store of a head and segments', () => {
  it('adds what a write made in a new segment and keeps the rest where it is', () => {
    const store = SegmentedStore.open<Head>(file);
    const [first] = segments();
    const before = fs.readFileSync(path.join(dir, first));
    write(store, ['a', 'b'], { c: 'payload c' });
    store.close();
    expect(segments()).toHaveLength(2);
    // The old segment is as it was: not written again.
    expect(fs.readFileSync(path.join(dir, first)).equals(before)).toBe(true);
    const again = SegmentedStore.open<Head>(file);
    expect(['a', 'b', 'c'].map((n) => text(again, n))).toEqual(['payload a', 'payload b', 'payload c']);
    again.close();
  });

  it('takes a payload cut short (a killed write) or corrupted for a miss, and reads the others', () => {
    const store = SegmentedStore.open<Head>(file);
    write(store, ['a', 'b'], { c: 'payload c', d: 'payload d' });
    store.close();
    const newest = segments().find((n) => fs.readFileSync(path.join(dir, n)).includes('payload c'))!;
    const bytes = fs.readFileSync(path.join(dir, newest));
    // The last payload cut short, as a write killed half-way (without its rename) would leave it on a machine that lost power.
    fs.writeFileSync(path.join(dir, newest), bytes.subarray(0, bytes.length - 3));
    const cut = SegmentedStore.open<Head>(file);
    expect(['a', 'b', 'c', 'd'].map((n) => text(cut, n))).toEqual(['payload a', 'payload b', 'payload c', undefined]);
    cut.close();
    // A byte of an appended payload altered.
    const altered = Buffer.from(bytes);
    altered[altered.indexOf('payload c') + 8] ^= 0xff;
    fs.writeFileSync(path.join(dir, newest), altered);
    const damaged = SegmentedStore.open<Head>(file);
    expect(['a', 'b', 'c', 'd'].map((n) => text(damaged, n))).toEqual(['payload a', 'payload b', undefined, 'payload d']);
    damaged.close();
    // A head cut short reads as no store at all, and is removed.
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 20));
    const none = SegmentedStore.open<Head>(file);
    expect(none.value).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
    none.close();
  });

  it('ignores what a killed write left (a temporary file, a segment no head names) and removes that segment once it is old', () => {
    const orphan = segmentFile(file, 'abcdefabcdef0123');
    fs.writeFileSync(orphan, 'a segment whose head was never written');
    fs.writeFileSync(`${orphan}.4242-deadbeef.tmp`, 'half a segment');
    const store = SegmentedStore.open<Head>(file);
    expect(text(store, 'a')).toBe('payload a');
    // Young, it may be a build's whose head is on its way: kept. Old, it goes at the next write.
    write(store, ['a', 'b'], { c: 'c' });
    expect(fs.existsSync(orphan)).toBe(true);
    const old = new Date(Date.now() - 3600_000);
    fs.utimesSync(orphan, old, old);
    write(store, ['a', 'b', 'c'], {});
    expect(fs.existsSync(orphan)).toBe(false);
    store.close();
  });

  it('removes a segment no longer named, and compacts the live payloads when garbage outweighs them', () => {
    const store = SegmentedStore.open<Head>(file);
    // b replaced by a larger payload: the first segment is mostly garbage.
    write(store, ['a'], { b: 'x'.repeat(100) });
    expect(segments()).toHaveLength(2);
    write(store, ['a', 'b'], { c: 'y'.repeat(10) });
    // The first segment (9 live bytes of 18) and the second (100 of 100): 9 bytes of garbage, kept.
    expect(segments()).toHaveLength(3);
    write(store, [], { z: 'z' });
    // Nothing kept: only the new segment is named, the others go.
    expect(segments()).toHaveLength(1);
    store.close();
    const compacting = SegmentedStore.open<Head>(file);
    write(compacting, [], { z: 'z', big: 'b'.repeat(1000) });
    write(compacting, ['z'], {});
    // 1 live byte of 1,001 in one segment: copied into a new one, the old one removed.
    expect(segments()).toHaveLength(1);
    expect(fs.statSync(path.join(dir, segments()[0])).size).toBe(1);
    compacting.close();
    const again = SegmentedStore.open<Head>(file);
    expect(text(again, 'z')).toBe('z');
    again.close();
  });

  it('copies what it keeps of segments another build removed, from the files it has open', () => {
    const mine = SegmentedStore.open<Head>(file);
    const other = SegmentedStore.open<Head>(file);
    // The other build writes everything anew: the first segment is removed.
    write(other, [], { a: 'payload a', b: 'payload b', c: 'other c' });
    other.close();
    write(mine, ['a', 'b'], { d: 'mine d' });
    mine.close();
    const again = SegmentedStore.open<Head>(file);
    expect(['a', 'b', 'd'].map((n) => text(again, n))).toEqual(['payload a', 'payload b', 'mine d']);
    again.close();
  });
});
