// The scan of an output folder updated in place (inPlace.ts scanOutput: every folder read, every file
// stat'ed) made on a thread of its own, started with the build, so that the syscalls run beside the
// parse, the plan and the render instead of after them. A warm build of the versioned benchmark site
// (6,366 files in 2,870 folders) spent 110-190 ms of this thread's CPU on the scan, with nothing else
// to do meanwhile; the thread costs this one 25-60 ms (its start, the result's copy) and the process
// about as much CPU again as it saves here (its own V8 and bootstrap), on the core a warm build leaves
// idle (a worker against the scan here, side by side: 02:51 UTC, load 11). What it finds is what
// scanOutput finds, every file stat'ed (inPlace.test.ts compares the two).
import { Worker } from 'node:worker_threads';
import { OUTPUT_MARKER } from './safeOutDir.js';
import type { ScannedOutput } from './inPlace.js';

/**
 * Outputs of fewer files are scanned on the build's thread: the Shifu site's (752 files in 313
 * folders) took 27-68 ms of CPU there, and the thread 12-30 ms of this one's and 95-117 ms in all
 * (02:53 UTC, load 20): too little to win for what it costs.
 */
export const SCAN_AHEAD_FILES = 1000;

/** scanOutput's walk, as the thread runs it (CommonJS: the thread evaluates it as it is, outside any bundle). */
const SCAN = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { outDir, marker } = workerData;
const out = { files: [], others: [], folders: [] };
const walk = (rel) => {
  for (const entry of fs.readdirSync(rel ? path.join(outDir, rel) : outDir, { withFileTypes: true })) {
    const child = rel ? rel + '/' + entry.name : entry.name;
    if (entry.isDirectory()) {
      out.folders.push(child);
      walk(child);
    } else if (entry.isFile()) {
      if (child === marker) continue;
      const s = fs.statSync(path.join(outDir, child));
      out.files.push({ rel: child, size: s.size, mtimeMs: s.mtimeMs });
    } else out.others.push(child);
  }
};
walk('');
parentPort.postMessage(out);
`;

/** The files (each stat'ed), other entries and folders of `outDir`, scanned on a thread; rejected when the scan fails (a file removed meanwhile) or no thread starts. */
export function scanOutputAhead(outDir: string): Promise<ScannedOutput> {
  return new Promise<ScannedOutput>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(SCAN, { eval: true, workerData: { outDir, marker: OUTPUT_MARKER } });
    } catch (e) {
      reject(e);
      return;
    }
    worker.once('message', (scanned: ScannedOutput) => resolve(scanned));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The output scan's thread ended (${code}) without a result`)));
  });
}
