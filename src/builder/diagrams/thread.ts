import { Worker } from 'node:worker_threads';
import { bundledWorker } from '../parallel/workerScript.js';
import { threadEnd } from '../parallel/threadEnd.js';
import type { Drawer } from './chromium.js';
import type { DiagramResult } from './types.js';
import type { DiagramWorkerReply } from './worker.js';

/**
 * The browser started and driven on a worker thread of its own (worker.ts), so that it starts while
 * the main thread parses and draws while it plans. A drawing is sent to the thread as soon as it is
 * asked for, even before the browser is up (the thread draws once it is): `draw` posts it before
 * it first waits, so a caller that goes on with synchronous work has the drawing run beside it.
 */
export class DrawingThread implements Drawer {
  private worker?: Worker;
  /** Rejects once the thread failed or stopped (threadEnd.ts). */
  private ended?: Promise<never>;
  private readonly starting: Promise<Worker>;
  /** Resolves once the browser has started and loaded mermaid; rejects with the reason it did not. */
  readonly ready: Promise<void>;

  constructor(config: Record<string, unknown>) {
    this.starting = bundledWorker('diagram-worker', 'src/builder/diagrams/worker.ts').then((script) => {
      const worker = new Worker(script, { workerData: { config }, env: { ...process.env } });
      this.ended = threadEnd(worker, 'drawing thread');
      return (this.worker = worker);
    });
    this.ready = this.starting
      .then((w) => reply(w, this.ended!, ['ready', 'failed']))
      .then((r) => {
        if (r.type === 'failed') throw new Error(r.error);
      });
    this.ready.catch(() => undefined);
  }

  async draw(diagrams: { id: string; source: string }[]): Promise<DiagramResult[]> {
    const worker = this.worker ?? (await this.starting);
    const answer = reply(worker, this.ended!, ['drawn', 'draw-failed']);
    worker.postMessage({ type: 'draw', diagrams });
    const r = await answer;
    if (r.type !== 'drawn') throw new Error(r.type === 'draw-failed' ? r.error : 'the drawing thread stopped');
    return r.results;
  }

  async close(): Promise<void> {
    const worker = await this.starting.catch(() => undefined);
    if (!worker) return;
    const closed = reply(worker, this.ended!, ['closed']).catch(() => undefined);
    worker.postMessage({ type: 'close' });
    await closed;
    await worker.terminate();
  }
}

/** The thread's next reply of one of `types`; a thread that failed or ended (`ended`) rejects it. */
function reply<T extends DiagramWorkerReply['type']>(worker: Worker, ended: Promise<never>, types: T[]): Promise<Extract<DiagramWorkerReply, { type: T }>> {
  const answer = new Promise<Extract<DiagramWorkerReply, { type: T }>>((resolve) => {
    const onMessage = (r: DiagramWorkerReply) => {
      if (!(types as string[]).includes(r.type)) return;
      worker.off('message', onMessage);
      resolve(r as Extract<DiagramWorkerReply, { type: T }>);
    };
    worker.on('message', onMessage);
  });
  return Promise.race([answer, ended]);
}
