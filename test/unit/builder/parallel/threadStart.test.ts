import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { bundledWorker } from '../../../../src/builder/parallel/workerScript.js';
import { codeCacheFile, startThread } from '../../../../src/builder/parallel/threadStart.js';

// A thread runs its bundle from V8's code cache (threadStart.ts, bin/thread.js): the first thread
// without one writes it as it is stopped, the next ones take it, and a damaged one is made again.

const ask = (worker: Worker, n: number) => new Promise<number>((resolve) => (worker.once('message', resolve), worker.postMessage(n)));

describe('a thread started from its bundle', () => {
  it('writes its code cache when it had none or a damaged one, as it is stopped idle', async () => {
    // A name of its own: threadEnd.test.ts removes its script of the same thread.
    const script = await bundledWorker('test-cached-answer', 'test/fixtures/threads/answer.ts');
    const cacheFile = codeCacheFile(script);
    fs.rmSync(cacheFile, { force: true });
    const run = async (idle: boolean) => {
      const thread = startThread(script);
      expect(await ask(thread.worker, 21)).toBe(42);
      return thread.stop(idle);
    };
    try {
      // Stopped while it may be busy: no cache written.
      expect(await run(false)).toBe(false);
      expect(fs.existsSync(cacheFile)).toBe(false);
      expect(await run(true)).toBe(true);
      expect(fs.existsSync(cacheFile)).toBe(true);
      // Taken: not written again, and marked as used, as its script is (pruning goes by that time).
      const old = new Date(Date.now() - 30 * 24 * 3600_000);
      fs.utimesSync(cacheFile, old, old);
      expect(await run(true)).toBe(false);
      expect(Date.now() - fs.statSync(cacheFile).mtimeMs).toBeLessThan(24 * 3600_000);
      // Rejected by V8: the thread runs as without one, and writes a new one.
      fs.writeFileSync(cacheFile, 'not a code cache');
      expect(await run(true)).toBe(true);
      expect(fs.readFileSync(cacheFile, 'utf8')).not.toBe('not a code cache');
    } finally {
      fs.rmSync(cacheFile, { force: true });
      fs.rmSync(script, { force: true });
    }
  });
});
