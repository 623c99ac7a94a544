// The cache folder keeps what was made or used within a week and removes the rest, so that each edit
// of sitegen's sources (a new worker bundle) does not leave megabytes behind for good.
import { describe, it, expect, afterEach } from 'vitest';
import fs from 'node:fs';
import { cacheFolder, markUsed, pruneCacheFolder, resetPruning } from '../../../src/builder/cacheFolder.js';

const DAY = 24 * 60 * 60 * 1000;
const made: string[] = [];

function cached(name: string, ageDays: number): string {
  const file = cacheFolder(`prune-test-${process.pid}-${name}`);
  fs.mkdirSync(cacheFolder(), { recursive: true });
  fs.writeFileSync(file, name);
  const t = new Date(Date.now() - ageDays * DAY);
  fs.utimesSync(file, t, t);
  made.push(file);
  return file;
}

afterEach(() => {
  for (const f of made.splice(0)) fs.rmSync(f, { force: true });
  resetPruning();
});

describe('pruneCacheFolder', () => {
  it('removes files unused for more than a week and keeps newer ones', () => {
    const old = cached('worker-old.mjs', 8);
    const recent = cached('worker-new.mjs', 6);
    resetPruning();
    pruneCacheFolder();
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
  });

  it('keeps an old file that was used again', () => {
    const used = cached('server-used.mjs', 30);
    markUsed(used);
    resetPruning();
    pruneCacheFolder();
    expect(fs.existsSync(used)).toBe(true);
  });

  it('prunes once per process', () => {
    resetPruning();
    pruneCacheFolder();
    const old = cached('late.mjs', 30);
    pruneCacheFolder();
    expect(fs.existsSync(old)).toBe(true);
  });

  it("leaves the bundled CLI's files to its launcher", () => {
    const cli = cacheFolder(`cli-prune-test-${process.pid}.mjs`);
    fs.writeFileSync(cli, '');
    made.push(cli);
    const t = new Date(Date.now() - 30 * DAY);
    fs.utimesSync(cli, t, t);
    resetPruning();
    pruneCacheFolder();
    expect(fs.existsSync(cli)).toBe(true);
  });
});
