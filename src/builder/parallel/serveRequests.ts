import { parentPort } from 'node:worker_threads';
import type { WorkerRequest, WorkerResponse } from './protocol.js';
import { SitegenError } from '../errors.js';

// The message loop of a build thread (worker.ts, htmlWorker.ts): each request is handled in turn and
// answered with its result or its error. An error the user can fix crosses to the main thread as what
// it is, to be printed without a stack.

export function serveRequests(handle: (req: WorkerRequest) => unknown): void {
  parentPort!.on('message', async (req: WorkerRequest) => {
    let response: WorkerResponse;
    try {
      response = { id: req.id, ok: true, result: await handle(req) };
    } catch (e) {
      const problem = e instanceof SitegenError ? { title: e.title, problems: e.problems } : undefined;
      response = { id: req.id, ok: false, error: (e as Error).stack ?? String(e), problem };
    }
    parentPort!.postMessage(response);
  });
}
