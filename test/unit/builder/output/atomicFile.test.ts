import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStaleTemps, writeFileAtomic } from '../../../../src/builder/output/atomicFile.js';

const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-atomic-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('writeFileAtomic', () => {
  it("keeps a person's file's mode, and sets an explicit one also on a file that exists", () => {
    const dir = tmp();
    const own = path.join(dir, 'code.json');
    fs.writeFileSync(own, '{}\n');
    fs.chmodSync(own, 0o664);
    writeFileAtomic({ file: own, data: '{"a":1}\n' });
    expect(fs.readFileSync(own, 'utf8')).toBe('{"a":1}\n');
    expect(mode(own)).toBe(0o664);

    const exported = path.join(dir, 'export.csv');
    fs.writeFileSync(exported, 'old\n', { mode: 0o644 });
    writeFileAtomic({ file: exported, data: 'id,email\n', mode: 0o600 });
    expect(mode(exported)).toBe(0o600);
    expect(fs.readdirSync(dir).sort()).toEqual(['code.json', 'export.csv']);
  });

  it('says what went wrong, where and that nothing was written, for a missing folder or a folder in the way', () => {
    const dir = tmp();
    expect(() => writeFileAtomic({ file: path.join(dir, 'missing/export.csv'), data: 'x' })).toThrow(
      `Cannot write ${dir}/missing/export.csv\n  - ${dir}/missing/export.csv: the folder ${dir}/missing does not exist (ENOENT)\n    Create the folder first, or write the file elsewhere. Nothing was written.`,
    );
    fs.mkdirSync(path.join(dir, 'taken'));
    expect(() => writeFileAtomic({ file: path.join(dir, 'taken'), data: 'x' })).toThrow(/taken: it is a folder \(EISDIR\)\n {4}Name a file, not a folder\. taken is unchanged\./);
    expect(fs.readdirSync(dir)).toEqual(['taken']);
  });

  it('writes through a symbolic link, leaving the link', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'real.json'), '{}\n');
    fs.symlinkSync('real.json', path.join(dir, 'link.json'));
    writeFileAtomic({ file: path.join(dir, 'link.json'), data: '[]\n' });
    expect(fs.lstatSync(path.join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'real.json'), 'utf8')).toBe('[]\n');
  });

  it('removes the temporary files of processes that are gone, and nothing else', () => {
    const dir = tmp();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const stale = [`.code.json.sitegen-tmp-${dead}-0a1b2c3d`, `.version-1.0.sitegen-tmp-${dead}`];
    const kept = [`.code.json.sitegen-tmp-${process.pid}-0a1b2c3d`, 'notes.sitegen-tmp-1', '.code.json.tmp-1'];
    for (const name of [...stale, ...kept]) fs.writeFileSync(path.join(dir, name), '');
    writeFileAtomic({ file: path.join(dir, 'code.json'), data: '{}\n' });
    expect(fs.readdirSync(dir).sort()).toEqual(['code.json', ...kept].sort());
    expect(removeStaleTemps(dir)).toEqual([]);
  });
});
