import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from '../../src/builder/processAlive.js';

// The test run's temporary folder: TMPDIR of its workers (vitest.config.ts, `env`), and so the
// os.tmpdir() of every test and of the processes they start. A folder of the run on /dev/shm (tmpfs)
// when it has room, else the system's temporary folder as it is. The tests write tens of thousands of
// small files (fixture copies, sites, output folders): on the ext4 /tmp of the shared two-core machine
// a file cost the kernel 0.2-0.5 ms of CPU while other builds wrote to the disk, on tmpfs about a
// tenth of that. The docs:version kill tests (18,000 files) took 24.2 / 23.0 s of CPU with /tmp,
// 13.2 / 12.9 s with /dev/shm (A B A B, 19:36-19:38 UTC 2026-12-07, load 8-13). The folder is removed
// when the run ends (test/helpers/tmpSetup.ts); one a killed run left is removed by the next run.

const SHM = '/dev/shm';
/** The free space below which the run keeps the system's folder (a container's 64 MB /dev/shm): a run leaves up to ~0.5 GB. */
const ROOM = 4 * 1024 ** 3;
const PREFIX = 'sitegen-tests-';

/** The run's folder (`pid`: the vitest process), made; undefined where /dev/shm is missing or small. */
export function runTmpDir(pid = process.pid): string | undefined {
  try {
    const free = fs.statfsSync(SHM);
    if (free.bavail * free.bsize < ROOM) return undefined;
    removeLeftovers();
    const dir = path.join(SHM, `${PREFIX}${pid}`);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  } catch {
    return undefined;
  }
}

/** Removes the run's folder, if it has one. */
export function removeRunTmpDir(pid = process.pid): void {
  fs.rmSync(path.join(SHM, `${PREFIX}${pid}`), { recursive: true, force: true });
}

/** The folders of runs whose vitest process is gone (killed before its teardown). */
function removeLeftovers(): void {
  for (const name of fs.readdirSync(SHM)) {
    const pid = Number(name.slice(PREFIX.length));
    if (name.startsWith(PREFIX) && Number.isInteger(pid) && pid > 0 && !processAlive(pid)) fs.rmSync(path.join(SHM, name), { recursive: true, force: true });
  }
}
