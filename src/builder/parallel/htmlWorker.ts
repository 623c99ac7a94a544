import { parentPort } from 'node:worker_threads';
import { handleHtml, type HtmlState } from './htmlHandler.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';
import { SitegenError } from '../errors.js';

// A thread of the HTML stage (executor.ts starts them fresh once the markdown is rendered): renders
// pages with the server bundle and writes them. It loads only that code: the whole build worker
// (worker.ts, 1.9 MB with remark, micromark and refractor) cost each such thread about 0.1 s of CPU
// more to load, for code it never runs.

let state: HtmlState = {};

parentPort!.on('message', async (req: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    let result: unknown;
    if (req.type === 'html') result = await handleHtml(state, req.shared, req.jobs);
    else if (req.type === 'reset') state = {};
    else throw new Error(`An HTML thread cannot take a ${req.type} job`);
    response = { id: req.id, ok: true, result };
  } catch (e) {
    const problem = e instanceof SitegenError ? { title: e.title, problems: e.problems } : undefined;
    response = { id: req.id, ok: false, error: (e as Error).stack ?? String(e), problem };
  }
  parentPort!.postMessage(response);
});
