import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scanOutput } from '../../../../src/builder/output/inPlace.js';
import { scanOutputAhead } from '../../../../src/builder/output/scanAhead.js';
import { DirSink, type OutputManifest } from '../../../../src/builder/output/sink.js';
import { OUTPUT_MARKER } from '../../../../src/builder/output/safeOutDir.js';

// The output scan made on a thread of its own while a build goes on (src/builder/output/scanAhead.ts):
// it finds what the scan on the build's thread finds, and a folder sink that scans ahead updates the
// output in place as one that scans at once: a file changed by hand is written again, one the build
// does not write is removed, the others stay; nothing is written before the scan is done.

let top: string;
let out: string;
const put = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
  fs.writeFileSync(path.join(out, rel), text);
};
const byRel = (a: { rel: string }, b: { rel: string }) => (a.rel < b.rel ? -1 : 1);

beforeEach(() => {
  top = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-scan-ahead-'));
  out = path.join(top, 'out');
});
afterEach(() => fs.rmSync(top, { recursive: true, force: true }));

describe('scanOutputAhead', () => {
  it('finds the files (with their sizes and times), other entries and folders scanOutput finds', async () => {
    put(OUTPUT_MARKER, '');
    put('index.html', 'home');
    put('docs/a/index.html', 'a');
    put('docs/a/deep/x.json', '{}');
    fs.mkdirSync(path.join(out, 'empty'));
    fs.symlinkSync(path.join(out, 'index.html'), path.join(out, 'docs/link.html'));
    const here = scanOutput(out, () => true);
    const ahead = await scanOutputAhead(out);
    expect(ahead.files.sort(byRel)).toEqual(here.files.sort(byRel));
    expect(ahead.others.sort()).toEqual(['docs/link.html']);
    expect(ahead.folders.sort()).toEqual(here.folders.sort());
    expect(ahead.files.map((f) => f.rel)).not.toContain(OUTPUT_MARKER);
  });

  it('rejects when the folder cannot be read', async () => {
    await expect(scanOutputAhead(path.join(top, 'missing'))).rejects.toThrow();
  });
});

describe('a folder sink that scans ahead', () => {
  it('scans at once below its number of files', async () => {
    const manifests = new Map<string, OutputManifest>();
    const first = new DirSink(out, { manifests });
    first.write('index.html', 'home');
    await first.commit();
    const second = new DirSink(out, { manifests, scanAhead: 2 });
    expect(second.reuse('index.html', 'any')).toBe(false);
    second.write('index.html', 'home');
    await second.commit();
    expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('home');
  });

  it('updates the output in place once ready, as one that scans at once', async () => {
    const manifests = new Map<string, OutputManifest>();
    const names = Array.from({ length: 20 }, (_, i) => `docs/p${i}/index.html`);
    const first = new DirSink(out, { manifests });
    for (const name of names) first.writeKeyed(name, `page ${name}`, `key ${name}`);
    await first.commit();
    const kept = fs.statSync(path.join(out, names[1])).ino;
    // By hand: a page changed, a file added.
    fs.writeFileSync(path.join(out, names[0]), 'changed by hand, and longer');
    fs.writeFileSync(path.join(out, 'docs/extra.html'), 'not the build’s');

    const second = new DirSink(out, { manifests, scanAhead: 10 });
    expect(() => second.write('late.html', 'x')).toThrow(/before its scan was done/);
    await second.ready();
    const reused = names.filter((name) => second.reuse(name, `key ${name}`));
    expect(reused).toEqual(names.slice(1));
    second.writeKeyed(names[0], `page ${names[0]}`, `key ${names[0]}`);
    await second.commit();
    expect(fs.readFileSync(path.join(out, names[0]), 'utf8')).toBe(`page ${names[0]}`);
    expect(fs.existsSync(path.join(out, 'docs/extra.html'))).toBe(false);
    // Updated in place: the kept pages are the same files.
    expect(fs.statSync(path.join(out, names[1])).ino).toBe(kept);
  });
});
