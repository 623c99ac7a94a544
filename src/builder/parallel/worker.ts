import { parentPort } from 'node:worker_threads';
import { newState, handleParse, handleSpecs, handleMarkdown, handleHtml, type WorkerState } from './handlers.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';

// A build worker thread: keeps the trees it parsed and renders them when asked.

let state: WorkerState = newState({ compact: true });

parentPort!.on('message', async (req: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    let result: unknown;
    switch (req.type) {
      case 'parse':
        result = handleParse(state, req.files);
        break;
      case 'specs':
        handleSpecs(state, req.specs);
        break;
      case 'markdown':
        result = handleMarkdown(state, req.jobs);
        break;
      case 'html':
        result = await handleHtml(state, req.shared, req.jobs);
        break;
      case 'reset':
        state = newState({ compact: true });
        break;
    }
    response = { id: req.id, ok: true, result };
  } catch (e) {
    response = { id: req.id, ok: false, error: (e as Error).stack ?? String(e) };
  }
  parentPort!.postMessage(response);
});
