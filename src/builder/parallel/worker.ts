import { parentPort } from 'node:worker_threads';
import v8 from 'node:v8';
import vm from 'node:vm';
import { newState, handleParse, handleSpecs, prepareMarkdown, handleMarkdown, handleHtml, type WorkerState } from './handlers.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';

// A build worker thread: keeps the trees it parsed and renders them when asked.

let state: WorkerState = newState({ compact: true });

// Once every tree of the build is rendered, a full collection gives their memory back before the
// HTML stage (otherwise the heap keeps its high-water mark from parsing for the rest of the build).
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

parentPort!.on('message', async (req: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    let result: unknown;
    switch (req.type) {
      case 'parse':
        result = handleParse(state, req.files, undefined, req.options);
        break;
      case 'specs':
        handleSpecs(state, req.specs);
        break;
      case 'markdown':
        await prepareMarkdown(state, req.jobs);
        result = handleMarkdown(state, req.jobs);
        if (state.trees.size === 0) collect();
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
