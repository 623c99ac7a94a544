import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { removeStaleSiblings, restoreReplacedOutput } from '../../../../src/builder/output/staleFolders.js';
import { OUTPUT_MARKER } from '../../../../src/builder/output/safeOutDir.js';

/** The id of a process that has ended. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

function folder(dir: string, marked: boolean): string {
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'index.html'), 'x');
  if (marked) fs.writeFileSync(path.join(dir, OUTPUT_MARKER), '');
  return dir;
}

describe('removeStaleSiblings', () => {
  it("removes only marked staging and replaced folders whose process is gone, and never this process's live ones", () => {
    const top = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-stale-'));
    const outDir = path.join(top, 'out');
    const dead = deadPid();
    const staleTmp = folder(`${outDir}.tmp-${dead}-1700000000000`, true);
    const staleOld = folder(`${outDir}.old-${dead}-1700000000001`, true);
    const unmarked = folder(`${outDir}.tmp-${dead}-1700000000002`, false);
    const running = folder(`${outDir}.tmp-${process.ppid}-1700000000003`, true);
    const live = folder(`${outDir}.tmp-${process.pid}-1700000000004`, true);
    const reusedPid = folder(`${outDir}.tmp-${process.pid}-1700000000005`, true);
    const otherName = folder(path.join(top, `output.tmp-${dead}-1700000000006`), true);
    const removed = removeStaleSiblings({ outDir, live: new Set([live]) });
    expect(removed.sort()).toEqual([staleTmp, staleOld, reusedPid].sort());
    for (const kept of [unmarked, running, live, otherName]) expect(fs.existsSync(kept), kept).toBe(true);
  });
});

describe('restoreReplacedOutput', () => {
  it('renames the newest marked replaced output of a gone process back when the output folder is missing, and only then', () => {
    const top = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-restore-'));
    const outDir = path.join(top, 'out');
    const dead = deadPid();
    const older = folder(`${outDir}.old-${dead}-1700000000000`, true);
    const newest = folder(`${outDir}.old-${dead}-1700000000009`, true);
    folder(`${outDir}.old-${dead}-1700000000010`, false);
    folder(`${outDir}.old-${process.ppid}-1700000000011`, true);
    const live = folder(`${outDir}.old-${process.pid}-1700000000012`, true);
    expect(restoreReplacedOutput({ outDir, live: new Set([live]) })).toBe(newest);
    expect(fs.existsSync(path.join(outDir, OUTPUT_MARKER))).toBe(true);
    expect(restoreReplacedOutput({ outDir, live: new Set([live]) })).toBeUndefined();
    expect(fs.existsSync(older)).toBe(true);
    fs.rmSync(top, { recursive: true, force: true });
  });
});
