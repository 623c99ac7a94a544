import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { threadEnd } from '../../../../src/builder/parallel/threadEnd.js';
import { bundledWorker } from '../../../../src/builder/parallel/workerScript.js';
import { startThread } from '../../../../src/builder/parallel/threadStart.js';
import { packageRoot } from '../../../../src/builder/paths.js';

// A build waits for its threads' replies. A thread gone before anyone waited (its script removed, a
// failure as it starts) must not leave the build waiting for ever: in a CI run, a build on worker
// threads in a test process never ended, and the file's later tests timed out behind it.

const ask = (worker: Worker, n: number) => new Promise<number>((resolve) => (worker.once('message', resolve), worker.postMessage(n)));

describe('the end of a thread', () => {
  it('rejects a reply waited for after the thread failed as it started', async () => {
    const worker = new Worker('throw new Error("no such module")', { eval: true });
    const ended = threadEnd(worker, 'test thread');
    await new Promise((resolve) => worker.once('exit', resolve));
    // The failure happened before anyone asked: a question now still gets it back.
    await expect(Promise.race([ask(worker, 1), ended])).rejects.toThrow('no such module');
  });

  it('rejects with the exit code of a thread that stopped, and not before', async () => {
    const worker = new Worker('const { parentPort } = require("node:worker_threads"); parentPort.once("message", () => process.exit(3));', { eval: true });
    const ended = threadEnd(worker, 'test thread');
    await expect(Promise.race([ask(worker, 1), ended])).rejects.toThrow('The test thread stopped (exit code 3)');
  });

  it('starts from a bundled script made again when it was removed since (sitegen clear, a prune by another process)', async () => {
    const first = await bundledWorker('test-answer', 'test/fixtures/threads/answer.ts');
    fs.rmSync(first);
    const again = await bundledWorker('test-answer', 'test/fixtures/threads/answer.ts');
    expect(again).toBe(first);
    const worker = startThread(again).worker;
    try {
      const ended = threadEnd(worker, 'test thread');
      await expect(Promise.race([ask(worker, 21), ended])).resolves.toBe(42);
    } finally {
      await worker.terminate();
      fs.rmSync(again, { force: true });
    }
  });

  it('loads in a process started without --expose-gc, many threads at once (they turn the process-wide flag on and off)', async () => {
    const script = await bundledWorker('test-heap', 'test/fixtures/threads/heap.ts');
    try {
      // As threadStart.ts starts a thread (bin/thread.js runs the script), with no code cache.
      const starter = `const { Worker, MessageChannel } = require('node:worker_threads');
        const answers = Array.from({ length: 8 }, () => new Promise((resolve) => {
          const { port2: port } = new MessageChannel();
          const sitegenThread = { file: ${JSON.stringify(script)}, cacheFile: ${JSON.stringify(`${script}.none`)}, port };
          const w = new Worker(${JSON.stringify(path.join(packageRoot(), 'bin/thread.js'))}, { workerData: { sitegenThread }, transferList: [port] });
          w.once('message', (m) => (resolve(m), w.terminate()));
          w.once('error', (e) => resolve(String(e)));
        }));
        Promise.all(answers).then((a) => console.log(JSON.stringify(a)));`;
      const run = spawnSync(process.execPath, ['-e', starter], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual(Array(8).fill('ok'));
    } finally {
      fs.rmSync(script, { force: true });
    }
  });
});
