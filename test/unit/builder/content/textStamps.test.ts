import { describe, expect, it, beforeEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readTextKeys, TextStamps, STAMP_SETTLED_MS } from '../../../../src/builder/content/textStamps.js';
import { cacheKey } from '../../../../src/builder/cacheKey.js';

// The markdown files' content keys known by their stamps (src/builder/content/textStamps.ts): a file
// whose stamp is as when its key was made is not read again; any write, a new file in its place, or a
// stamp too recent to be sure of makes it read. `started` is passed later than now where a test needs
// its fresh files taken as settled (no test waits for the clock).

let dir: string;
const later = () => Date.now() + STAMP_SETTLED_MS + 1000;
const write = (name: string, text: string | Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};
/** Replaces a file by another (a new inode, as editors and git write), the same size. */
const replace = (file: string, text: string) => {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'text-stamps-'));
});

describe('readTextKeys', () => {
  it('reads and keys every file without stamps, leaving out those that are not UTF-8 or missing', () => {
    const a = write('a.md', '# A\n');
    const bad = write('bad.md', Buffer.from([0x61, 0xe9, 0x62]));
    const { texts, keys } = readTextKeys([a, bad, path.join(dir, 'missing.md')]);
    expect([...texts]).toEqual([[a, '# A\n']]);
    expect([...keys]).toEqual([[a, cacheKey('# A\n')]]);
  });

  it('keeps the key of a settled file and then knows it without reading it, until the file is replaced', () => {
    const a = write('a.md', 'aaaa');
    const b = write('b.md', 'bbbb');
    const stamps = new TextStamps();
    const first = readTextKeys([a, b], stamps, later());
    expect(stamps.learnt).toBe(true);
    // As stored and read back by the next build.
    const next = new TextStamps(stamps.dump());
    const second = readTextKeys([a, b], next, later());
    expect([...second.texts.keys()]).toEqual([]);
    expect(second.keys).toEqual(first.keys);
    expect(next.learnt).toBe(false);
    // The same size, another text: read and keyed again, and learnt.
    replace(a, 'AAAA');
    const third = readTextKeys([a, b], next, later());
    expect([...third.texts.keys()]).toEqual([a]);
    expect(third.keys.get(a)).toBe(cacheKey('AAAA'));
    expect(third.keys.get(b)).toBe(cacheKey('bbbb'));
    expect(next.learnt).toBe(true);
    expect(new Map(next.dump().map(([file, , key]) => [file, key]))).toEqual(new Map([[a, cacheKey('AAAA')], [b, cacheKey('bbbb')]]));
  });

  it('sees a write into the same file', () => {
    const a = write('a.md', 'one');
    const stamps = new TextStamps();
    readTextKeys([a], stamps, later());
    fs.appendFileSync(a, ' two');
    const again = readTextKeys([a], stamps, later());
    expect(again.keys.get(a)).toBe(cacheKey('one two'));
    expect(again.texts.get(a)).toBe('one two');
  });

  it('keeps no stamp of a file written within STAMP_SETTLED_MS of the read, and reads it again next time', () => {
    const a = write('a.md', 'fresh');
    const stamps = new TextStamps();
    readTextKeys([a], stamps);
    expect(stamps.learnt).toBe(false);
    expect(stamps.dump()).toEqual([]);
    expect([...readTextKeys([a], stamps).texts.keys()]).toEqual([a]);
  });

  it('forgets the files a build did not ask about, and a file gone is left out', () => {
    const a = write('a.md', 'a');
    const b = write('b.md', 'b');
    const stamps = new TextStamps();
    readTextKeys([a, b], stamps, later());
    const next = new TextStamps(stamps.dump());
    fs.rmSync(b);
    const { keys } = readTextKeys([a, b], next, later());
    expect([...keys.keys()]).toEqual([a]);
    expect(next.dump().map(([file]) => file)).toEqual([a]);
  });
});
