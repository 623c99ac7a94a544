import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { JOURNAL, applyJournal, journalOf, lock, lockFile, rollForward, scanOutput, tryLock, unlock, writeJournal } from '../../../../src/builder/output/inPlace.js';
import { OUTPUT_MARKER } from '../../../../src/builder/output/safeOutDir.js';

// An output folder updated in place (src/builder/output/inPlace.ts): the journal of a commit, its
// roll-forward after a build killed while applying it, and the lock one build holds.

let top: string;
let out: string;
const put = (dir: string, rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};
const tree = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).sort().map((f) => (fs.statSync(path.join(dir, f)).isDirectory() ? `${f}/` : `${f}=${fs.readFileSync(path.join(dir, f), 'utf8')}`));
/** A process id that is no longer running. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

beforeEach(() => {
  top = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-inplace-'));
  out = path.join(top, 'out');
  put(out, OUTPUT_MARKER, '');
  put(out, 'index.html', 'home 1');
  put(out, 'docs/a/index.html', 'a 1');
  put(out, 'docs/b/index.html', 'b 1');
  put(out, 'old/gone.html', 'gone');
  put(out, 'page', 'a file that becomes a folder');
});
afterEach(() => fs.rmSync(top, { recursive: true, force: true }));

describe('a commit in place', () => {
  it('moves the written files in, keeps the kept ones, and removes every other file and folder', () => {
    const staging = path.join(top, `out.tmp-${process.pid}-1`);
    put(staging, 'docs/a/index.html', 'a 2');
    put(staging, 'page/index.html', 'now a folder');
    put(staging, 'new/deep/index.html', 'new');
    const hardLink = path.join(top, 'a-before.html');
    fs.linkSync(path.join(out, 'docs/a/index.html'), hardLink);
    const scanned = scanOutput(out, () => true);
    expect(scanned.files.map((f) => f.rel).sort()).toEqual(['docs/a/index.html', 'docs/b/index.html', 'index.html', 'old/gone.html', 'page']);
    const journal = journalOf(scanned, new Set(['index.html', 'docs/b/index.html']), new Set(['docs/a/index.html', 'page/index.html', 'new/deep/index.html']));
    applyJournal(out, staging, journal);
    expect(tree(out)).toEqual([
      `${OUTPUT_MARKER}=`,
      'docs/',
      'docs/a/',
      'docs/a/index.html=a 2',
      'docs/b/',
      'docs/b/index.html=b 1',
      'index.html=home 1',
      'new/',
      'new/deep/',
      'new/deep/index.html=new',
      'page/',
      'page/index.html=now a folder',
    ]);
    // The previous file was replaced, not written through.
    expect(fs.readFileSync(hardLink, 'utf8')).toBe('a 1');
  });

  it('left half-applied by a killed build, is completed by the next one from its journal', () => {
    const staging = path.join(top, `out.tmp-${deadPid()}-1`);
    put(staging, OUTPUT_MARKER, '');
    put(staging, 'docs/a/index.html', 'a 2');
    put(staging, 'docs/c/index.html', 'c 2');
    const journal = journalOf(
      scanOutput(out, () => true),
      new Set(['index.html', 'docs/b/index.html', 'page']),
      new Set(['docs/a/index.html', 'docs/c/index.html']),
    );
    writeJournal(staging, journal);
    // Killed after the first move.
    fs.renameSync(path.join(staging, 'docs/a/index.html'), path.join(out, 'docs/a/index.html'));
    // A staging folder without a journal (killed before its commit) is not applied.
    const unfinished = path.join(top, `out.tmp-${deadPid()}-2`);
    put(unfinished, 'index.html', 'never committed');
    expect(rollForward({ outDir: out, live: new Set() })).toEqual([staging]);
    expect(fs.existsSync(staging)).toBe(false);
    expect(fs.existsSync(path.join(staging, JOURNAL))).toBe(false);
    expect(tree(out)).toEqual([
      `${OUTPUT_MARKER}=`,
      'docs/',
      'docs/a/',
      'docs/a/index.html=a 2',
      'docs/b/',
      'docs/b/index.html=b 1',
      'docs/c/',
      'docs/c/index.html=c 2',
      'index.html=home 1',
      'page=a file that becomes a folder',
    ]);
  });
});

describe('the lock of an output folder', () => {
  it('is held by one process at a time, and taken over from a process that is gone', () => {
    expect(tryLock(out)).toBe(true);
    // Held by this process already (another build in it): not taken twice.
    expect(tryLock(out)).toBe(false);
    unlock(out);
    expect(fs.existsSync(lockFile(out))).toBe(false);
    // Held by a running process (this test's parent stands for one).
    fs.writeFileSync(lockFile(out), String(process.ppid));
    expect(tryLock(out)).toBe(false);
    // Left by a process that is gone.
    fs.writeFileSync(lockFile(out), String(deadPid()));
    expect(tryLock(out)).toBe(true);
    expect(fs.readFileSync(lockFile(out), 'utf8')).toBe(String(process.pid));
    unlock(out);
  });

  it('is waited for a bounded time: a lock still held then is an error naming it, with a hint', async () => {
    // Held by a running process (this test's parent stands for one), which does not let go.
    fs.writeFileSync(lockFile(out), String(process.ppid));
    const waited = lock(out, 100);
    await expect(waited).rejects.toThrow(`${lockFile(out)} is held by process ${process.ppid}, which is still running after 0.1 s`);
    await expect(waited).rejects.toThrow(/--out-dir/);
    // Let go by its holder: the next wait takes it.
    fs.rmSync(lockFile(out));
    await expect(lock(out, 100)).resolves.toBe(true);
    unlock(out);
  });
});
