import { describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { WorkerHandle } from '../../../../src/builder/parallel/workerHandle.js';
import type { WorkerRequestBody } from '../../../../src/builder/parallel/protocol.js';

// A warm build's threads start at their first job (workerHandle.ts): a thread given only its render
// specs never starts, and one that starts later still gets the specs before its first job.

// A thread that answers each request with the types it has seen so far, and fails on specs of no locale.
const ECHO = `
const { parentPort } = require('node:worker_threads');
const seen = [];
parentPort.on('message', (req) => {
  seen.push(req.type);
  if (req.type === 'specs' && !req.specs.length) parentPort.postMessage({ id: req.id, ok: false, error: 'no specs' });
  else parentPort.postMessage({ id: req.id, ok: true, result: [...seen] });
});`;

const specs = (n: number) => ({ type: 'specs', specs: Array.from({ length: n }, () => ({})) }) as unknown as WorkerRequestBody;
const job = { type: 'markdown', jobs: [] } as unknown as WorkerRequestBody;

function counted() {
  const made: Worker[] = [];
  const thread = (worker: Worker) => ({ worker, stop: () => worker.terminate().then(() => false) });
  return { made, start: () => (made.push(new Worker(ECHO, { eval: true })), thread(made[made.length - 1])) };
}

describe('a build thread', () => {
  it('started lazily: not by its specs, and at its first job with the specs sent first', async () => {
    const threads = counted();
    const handle = new WorkerHandle(threads.start, true);
    try {
      await handle.setPreset(specs(1));
      expect(threads.made).toHaveLength(0);
      // Not running: the executor sends it no reset after the markdown (it holds nothing to drop).
      expect(handle.running).toBe(false);
      await expect(handle.call(job)).resolves.toEqual(['specs', 'markdown']);
      expect(threads.made).toHaveLength(1);
      expect(handle.running).toBe(true);
      // Running now: new specs go at once.
      await handle.setPreset(specs(2));
      await expect(handle.call(job)).resolves.toEqual(['specs', 'markdown', 'specs', 'markdown']);
      expect(threads.made).toHaveLength(1);
    } finally {
      await handle.terminate();
    }
  });

  it('fails its first job when the specs sent before it failed on the thread', async () => {
    const handle = new WorkerHandle(counted().start, true);
    try {
      await handle.setPreset(specs(0));
      await expect(handle.call(job)).rejects.toThrow('no specs');
    } finally {
      await handle.terminate();
    }
  });

  it('started at once unless lazy; a thread never started stops without one', async () => {
    const eager = counted();
    const handle = new WorkerHandle(eager.start);
    expect(eager.made).toHaveLength(1);
    await handle.terminate();
    const lazy = counted();
    await new WorkerHandle(lazy.start, true).terminate();
    expect(lazy.made).toHaveLength(0);
  });
});
