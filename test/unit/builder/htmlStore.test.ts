import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KeyedCache } from '../../../src/builder/cacheKey.js';
import { openHtmlStore } from '../../../src/builder/htmlStore.js';
import type { HtmlResult } from '../../../src/builder/parallel/protocol.js';

// The page HTML store (src/builder/htmlStore.ts): entries read back without their markup, each
// markup read when asked and checked; a corrupted one is a miss; a write keeps those not read where
// they are and adds the markup made since (a segment of its own: storeSegments.ts).

let dir: string;
let file: string;
const page = (appHtml: string | undefined): Omit<HtmlResult, 'index'> => ({ appHtml, head: { title: 'T' } as unknown as HtmlResult['head'], links: ['/x/'] });

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-htmlstore-'));
  file = path.join(dir, 'html-a-b.bin');
  const entries = new KeyedCache<Omit<HtmlResult, 'index'>>();
  entries.set('/a/', 'ka', page('<main>ä page</main>'));
  entries.set('/b/', 'kb', page('<main>b page</main>'));
  const store = openHtmlStore(file);
  store.write(entries);
  store.close();
});

/** The store's one segment (the markup). */
const segment = () =>
  path.join(
    dir,
    fs.readdirSync(dir).find((n) => /^html-a-b\.[0-9a-f]{16}\.bin$/.test(n))!,
  );
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the page HTML store', () => {
  it('reads entries without their markup, and each markup when asked', () => {
    const store = openHtmlStore(file);
    expect(store.entries.get('/a/', 'ka')).toEqual({ head: { title: 'T' }, links: ['/x/'] });
    expect(store.entries.get('/a/', 'other')).toBeUndefined();
    expect(store.markup('/a/')).toBe('<main>ä page</main>');
    expect(store.markup('/b/')).toBe('<main>b page</main>');
    expect(store.markup('/c/')).toBeUndefined();
    store.close();
  });

  it('takes a corrupted or cut-short markup for a miss, and a write keeps the others as they were', () => {
    const bytes = fs.readFileSync(segment());
    bytes[bytes.length - 3] ^= 0xff;
    fs.writeFileSync(segment(), bytes);
    const store = openHtmlStore(file);
    expect(store.markup('/a/')).toBe('<main>ä page</main>');
    expect(store.markup('/b/')).toBeUndefined();
    // A fresh render of /c/, nothing read of /a/: its stored markup is kept, /c/'s added.
    store.entries.set('/c/', 'kc', page('<main>c</main>'));
    store.write(store.entries);
    store.close();
    const again = openHtmlStore(file);
    expect(again.markup('/a/')).toBe('<main>ä page</main>');
    expect(again.markup('/c/')).toBe('<main>c</main>');
    expect(again.markup('/b/')).toBeUndefined();
    again.close();
    // Cut short: the entries past the cut are misses.
    const segments = fs.readdirSync(dir).filter((n) => /^html-a-b\.[0-9a-f]{16}\.bin$/.test(n));
    for (const name of segments) fs.writeFileSync(path.join(dir, name), fs.readFileSync(path.join(dir, name)).subarray(0, fs.statSync(path.join(dir, name)).size - 5));
    const cut = openHtmlStore(file);
    expect(cut.markup('/a/')).toBe('<main>ä page</main>');
    expect(cut.markup('/c/')).toBeUndefined();
    cut.close();
  });
});
