import type { Worker } from 'node:worker_threads';
import { SitegenError } from '../errors.js';
import { threadEnd } from './threadEnd.js';
import type { Thread } from './threadStart.js';
import type { WorkerRequestBody, WorkerResponse } from './protocol.js';

// One build thread as the executor (executor.ts) calls it: requests by id, each answered by its reply,
// every call rejected once the thread is gone (threadEnd.ts).
//
// A thread may start at its first call instead of at once (`lazy`): a warm build whose parses and
// renders all come from the cache on disk sends a thread nothing, and a one-doc edit sends its
// few jobs to one thread, yet each thread started costs its start (its own V8, the worker's
// modules) whether it works or not. On the versioned benchmark site, a warm build with nothing
// changed started 2 threads only to hand them the render specs; started lazily, none: 4.29 -> 3.87 s
// of CPU and 366 -> 325 MB peak (medians of 3 `sitegen build` processes alternating with the build
// before, 07:46 UTC, a loaded machine). Specs (`preset`) are kept until the thread starts, and go first.

export class WorkerHandle {
  private thread?: Thread;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /** Why the thread is gone (it failed or stopped): every call then rejects with it. */
  private gone?: Error;
  /** The request a thread needs before any other (the render specs), and its reply once sent. */
  private preset?: { req: WorkerRequestBody; reply?: Promise<unknown> };

  /** `start` makes the thread: at once, or with `lazy` at the first call. */
  constructor(
    private readonly start: () => Thread,
    lazy = false,
  ) {
    if (!lazy) this.started();
  }

  /** The request every later one needs first (a thread keeps the last one given): sent now if the thread runs, else as it starts. */
  setPreset(req: WorkerRequestBody): Promise<void> {
    this.preset = { req };
    if (!this.thread) return Promise.resolve();
    this.preset.reply = this.send(req);
    return this.preset.reply.then(() => undefined);
  }

  call<T>(req: WorkerRequestBody): Promise<T> {
    const fresh = !this.thread;
    this.started();
    if (fresh && this.preset) this.preset.reply = this.send(this.preset.req);
    const answer = this.send<T>(req);
    // A preset the thread failed on fails the calls after it.
    const preset = this.preset?.reply;
    return preset ? Promise.all([preset, answer]).then(([, r]) => r) : answer;
  }

  /** Whether the thread was started (a lazy one that was given nothing was not). */
  get running(): boolean {
    return this.thread !== undefined;
  }

  /** Stops the thread (nothing to do if it never started); an idle one first writes the code cache it lacked (threadStart.ts). */
  terminate(): Promise<void> {
    return this.thread ? this.thread.stop(this.pending.size === 0 && !this.gone).then(() => undefined) : Promise.resolve();
  }

  private started(): Worker {
    if (this.thread) return this.thread.worker;
    this.thread = this.start();
    const worker = this.thread.worker;
    worker.on('message', (res: WorkerResponse) => {
      const p = this.pending.get(res.id);
      if (!p) return;
      this.pending.delete(res.id);
      if (res.ok) p.resolve(res.result);
      else if (res.problem) p.reject(new SitegenError(res.problem.title, res.problem.problems));
      else p.reject(new Error(`Build worker failed: ${res.error}`));
    });
    threadEnd(worker, 'build thread').catch((e: Error) => {
      this.gone = e;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    });
    return worker;
  }

  private send<T>(req: WorkerRequestBody): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.thread!.worker.postMessage({ ...req, id });
    });
  }
}
