import { Worker } from 'node:worker_threads';
import { bundledWorker } from '../parallel/workerScript.js';
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
  private readonly starting: Promise<Worker>;
  /** Resolves once the browser has started and loaded mermaid; rejects with the reason it did not. */
  readonly ready: Promise<void>;

  constructor(config: Record<string, unknown>) {
    this.starting = bundledWorker('diagram-worker', 'src/builder/diagrams/worker.ts').then((script) => (this.worker = new Worker(script, { workerData: { config }, env: { ...process.env } })));
    this.ready = this.starting
      .then((w) => reply(w, ['ready', 'failed']))
      .then((r) => {
        if (r.type === 'failed') throw new Error(r.error);
      });
    this.ready.catch(() => undefined);
  }

  async draw(diagrams: { id: string; source: string }[]): Promise<DiagramResult[]> {
    const worker = this.worker ?? (await this.starting);
    const answer = reply(worker, ['drawn', 'draw-failed']);
    worker.postMessage({ type: 'draw', diagrams });
    const r = await answer;
    if (r.type !== 'drawn') throw new Error(r.type === 'draw-failed' ? r.error : 'the drawing thread stopped');
    return r.results;
  }

  async close(): Promise<void> {
    const worker = await this.starting.catch(() => undefined);
    if (!worker) return;
    const closed = reply(worker, ['closed']).catch(() => undefined);
    worker.postMessage({ type: 'close' });
    await closed;
    await worker.terminate();
  }
}

/** The thread's next reply of one of `types`; a thread that fails or ends rejects it. */
function reply<T extends DiagramWorkerReply['type']>(worker: Worker, types: T[]): Promise<Extract<DiagramWorkerReply, { type: T }>> {
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (r: DiagramWorkerReply) => {
      if (!(types as string[]).includes(r.type)) return;
      done();
      resolve(r as Extract<DiagramWorkerReply, { type: T }>);
    };
    const onError = (e: Error) => {
      done();
      reject(e);
    };
    const onExit = () => onError(new Error('the drawing thread ended'));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}
