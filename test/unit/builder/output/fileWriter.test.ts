// The write mechanics of a folder build: folders made as needed, the last write of a file wins, a
// write past the pending limit still lands, and a failure surfaces at settle().
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileWriter } from '../../../../src/builder/output/fileWriter.js';

describe('file writer', () => {
  it('writes and copies into new folders, in order per file, and runs `then` after each file is there', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-writer-'));
    const w = createFileWriter();
    const seen: string[] = [];
    const a = path.join(dir, 'x/y/a.txt');
    w.write(a, Buffer.from('first'));
    w.write(a, Buffer.from('second'), (f) => seen.push(fs.readFileSync(f, 'utf8')));
    const source = path.join(dir, 'source.txt');
    fs.writeFileSync(source, 'static');
    w.copy(path.join(dir, 'z/b.txt'), source, (f) => seen.push(path.basename(f)));
    // Far past the pending limit: the writes run at once, and all land.
    const big = Buffer.alloc(6 * 1024 * 1024, 97);
    for (let i = 0; i < 5; i++) w.write(path.join(dir, `big/${i}.bin`), big);
    await w.settle();
    expect(fs.readFileSync(a, 'utf8')).toBe('second');
    expect(fs.readFileSync(path.join(dir, 'z/b.txt'), 'utf8')).toBe('static');
    expect(seen.sort()).toEqual(['b.txt', 'second']);
    for (let i = 0; i < 5; i++) expect(fs.statSync(path.join(dir, `big/${i}.bin`)).size).toBe(big.length);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes a text as UTF-8, waiting or at once, the same bytes as its Buffer', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-writer-'));
    const w = createFileWriter();
    // A two-byte string with a lone surrogate: node writes it as U+FFFD either way.
    const text = `<p>caf\u00e9 \u200b \ud800 ${'x'.repeat(1000)}</p>`;
    w.write(path.join(dir, 'waits/a.html'), text);
    // Encoded through one scratch buffer (fileWriter.ts utf8): a longer text with 4-byte characters,
    // then a shorter one (nothing of the longer left in it), and one larger than the buffer.
    const texts = { 'waits/long.html': `${'\u{1f600}\u4e2d'.repeat(5000)}end`, 'waits/short.html': 'short \u4e2d', 'waits/huge.html': '\u4e2d'.repeat(300_000) };
    for (const [f, t] of Object.entries(texts)) w.write(path.join(dir, f), t);
    // Past the pending limit: the next texts are written at once, into folders made now or already made.
    w.write(path.join(dir, 'big.bin'), Buffer.alloc(17 * 1024 * 1024, 97));
    const seen: string[] = [];
    w.write(path.join(dir, 'now/b.html'), text, (f) => seen.push(path.basename(f)));
    expect(seen).toEqual(['b.html']);
    w.write(path.join(dir, 'now/c.json'), text);
    w.write(path.join(dir, 'waits/d.html'), text);
    await w.settle();
    for (const f of ['waits/a.html', 'now/b.html', 'now/c.json', 'waits/d.html']) expect(fs.readFileSync(path.join(dir, f)).equals(Buffer.from(text))).toBe(true);
    for (const [f, t] of Object.entries(texts)) expect(fs.readFileSync(path.join(dir, f)).equals(Buffer.from(t)), f).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports the first failure when settling', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-writer-'));
    fs.writeFileSync(path.join(dir, 'file'), '');
    const w = createFileWriter();
    w.write(path.join(dir, 'file/inside.txt'), Buffer.from('x'));
    await expect(w.settle()).rejects.toThrow(/ENOTDIR|EEXIST/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
