import { newState, handleParse, handleSpecs, prepareMarkdown, handleMarkdown, type WorkerState } from './handlers.js';
import { handleHtml } from './htmlHandler.js';
import { heapBound } from './heapBound.js';
import { serveRequests } from './serveRequests.js';

// A build worker thread: keeps the trees it parsed and renders them when asked.

// The parse and markdown stages keep the heap near what the thread holds (see heapBound.ts); the
// HTML stage runs on fresh threads (see executor.ts), whose heaps stay small without it.
const fresh = () => newState({ compact: true, heap: heapBound() });
let state: WorkerState = fresh();

serveRequests(async (req) => {
  switch (req.type) {
    case 'parse':
      return handleParse(state, req.files, undefined, req.options, req.texts && textsOf(req.files, req.texts));
    case 'specs':
      handleSpecs(state, req.specs);
      return undefined;
    case 'markdown':
      if (req.options) state.parseOptions = req.options;
      await prepareMarkdown(state, req.jobs);
      return handleMarkdown(state, req.jobs);
    case 'html':
      return handleHtml(state, req.shared, req.jobs);
    case 'reset':
      state = fresh();
      // What the markdown left is garbage now: collected before the thread goes on to other work.
      state.heap.collect();
      return undefined;
  }
});

function textsOf(files: string[], texts: (string | undefined)[]): Map<string, string> {
  const map = new Map<string, string>();
  files.forEach((f, i) => {
    if (texts[i] !== undefined) map.set(f, texts[i]);
  });
  return map;
}
