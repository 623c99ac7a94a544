import path from 'node:path';
import { MessageChannel, Worker, type WorkerOptions } from 'node:worker_threads';
import { packageRoot } from '../paths.js';
import { markUsed } from '../cacheFolder.js';
import { processFlagsKey } from '../../../bin/codeCache.js';

// A worker thread running a bundled script (workerScript.ts) from V8's code cache: bin/thread.js
// compiles the script with the cache beside it (one per set of V8 flags, as the CLI's bundle keeps
// its own), and a thread that found none writes it as it is stopped, holding what it compiled. Loaded
// as an ES module, the build worker's 1.9 MB bundle was parsed and compiled again by each thread, and
// each function it ran compiled again on its first call: a thread started and took its first job in
// 370 ms of CPU, and in 301 ms from the cache (medians of 12 alternating, 09:22 UTC, load 9; 380 ms as
// CommonJS without a cache). A cold versioned build starts three threads, a warm one with one doc
// edited one.
//
// API: startThread(script, options) → { worker, stop(cache) }; stop() asks the thread for its code
// cache first (when it is idle: `cache`), then terminates it.

export interface Thread {
  worker: Worker;
  /** Stops the thread; with `cache` (it runs no job now) it first writes the code cache it lacked. Resolves to whether it wrote one. */
  stop(cache: boolean): Promise<boolean>;
}

/**
 * The code cache of the thread script `script`, beside it: named by the flags the launcher loaded the
 * CLI with (bin/cli-bundle.js), as V8 takes a cache only from a node with the same flags (a process's
 * flags are its threads').
 */
export function codeCacheFile(script: string): string {
  const flags = processFlagsKey();
  return `${script.slice(0, -path.extname(script).length)}.${flags}.v8cache`;
}

export function startThread(script: string, options: WorkerOptions = {}): Thread {
  const { port1, port2 } = new MessageChannel();
  const cacheFile = codeCacheFile(script);
  // Marked as the script is (writeKeyedModule): pruning removes the least recently used first.
  markUsed(cacheFile);
  const worker = new Worker(path.join(packageRoot(), 'bin', 'thread.js'), {
    ...options,
    workerData: { sitegenThread: { file: script, cacheFile, port: port2 } },
    transferList: [port2],
  });
  port1.unref();
  let exited = false;
  const exit = new Promise<void>((resolve) => worker.once('exit', () => ((exited = true), resolve())));
  return {
    worker,
    async stop(cache) {
      let written = false;
      if (cache && !exited) {
        // Answered at once when the thread took its cache; a thread that fails meanwhile ends the wait.
        const answered = new Promise<void>((resolve) => port1.once('message', (m: { written: boolean }) => ((written = m.written), resolve())));
        // The wait keeps the process alive, whether or not the thread does (the search thread's is unref'd).
        port1.ref();
        port1.postMessage('cache');
        await Promise.race([answered, exit]);
      }
      port1.close();
      await worker.terminate();
      return written;
    },
  };
}
