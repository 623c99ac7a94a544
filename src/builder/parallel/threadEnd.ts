import type { Worker } from 'node:worker_threads';

// The end of a worker thread, as a promise made when the thread starts. A reply waited for after the
// thread failed or stopped would wait for ever: its 'error' or 'exit' event was emitted before anyone
// listened (a thread whose script is gone fails as it starts, before the build's first message to it).
// Raced against this promise, a reply rejects as soon as the thread is gone, or at once if it was.

/** Rejects (with the thread's error, or with `name` and its exit code) once the thread fails or stops. */
export function threadEnd(worker: Worker, name: string): Promise<never> {
  const ended = new Promise<never>((_, reject) => {
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`The ${name} stopped (exit code ${code})`)));
  });
  // Nobody may be waiting when the thread ends (a thread closed after its last job).
  ended.catch(() => undefined);
  return ended;
}
