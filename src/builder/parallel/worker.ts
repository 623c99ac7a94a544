import { parentPort } from 'node:worker_threads';
import { newState, handleParse, handleSpecs, prepareMarkdown, handleMarkdown, type WorkerState } from './handlers.js';
import { handleHtml } from './htmlHandler.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';
import { heapBound } from './heapBound.js';
import { SitegenError } from '../errors.js';

// A build worker thread: keeps the trees it parsed and renders them when asked.

// The parse and markdown stages keep the heap near what the thread holds (see heapBound.ts); the
// HTML stage runs on fresh threads (see executor.ts), whose heaps stay small without it.
const fresh = () => newState({ compact: true, heap: heapBound() });
let state: WorkerState = fresh();

parentPort!.on('message', async (req: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    let result: unknown;
    switch (req.type) {
      case 'parse':
        result = handleParse(state, req.files, undefined, req.options, req.texts && textsOf(req.files, req.texts));
        break;
      case 'specs':
        handleSpecs(state, req.specs);
        break;
      case 'markdown':
        if (req.options) state.parseOptions = req.options;
        await prepareMarkdown(state, req.jobs);
        result = handleMarkdown(state, req.jobs);
        break;
      case 'html':
        result = await handleHtml(state, req.shared, req.jobs);
        break;
      case 'reset':
        state = fresh();
        break;
    }
    response = { id: req.id, ok: true, result };
  } catch (e) {
    // An error the user can fix crosses to the main thread as what it is, to be printed without a stack.
    const problem = e instanceof SitegenError ? { title: e.title, problems: e.problems } : undefined;
    response = { id: req.id, ok: false, error: (e as Error).stack ?? String(e), problem };
  }
  parentPort!.postMessage(response);
});

function textsOf(files: string[], texts: (string | undefined)[]): Map<string, string> {
  const map = new Map<string, string>();
  files.forEach((f, i) => {
    if (texts[i] !== undefined) map.set(f, texts[i]);
  });
  return map;
}
