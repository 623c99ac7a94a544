import { parentPort } from 'node:worker_threads';
import { prepareLanguages } from './language.js';
import type { SearchInput } from './index.js';
import { indexContexts, type StoredTerms } from './storedTerms.js';
import { heapBound } from '../../parallel/heapBound.js';

// The search worker: indexes the search contexts it is sent (their files, in order) while the main
// thread writes its pages. It loads its language support (jieba's dictionary) as soon as it starts,
// before the pages are ready.

export type SearchWorkerRequest = { type: 'prepare'; language: string[] } | { type: 'build'; input: SearchInput; known: (StoredTerms | undefined)[] | undefined };

const heap = heapBound();

parentPort!.on('message', (req: SearchWorkerRequest) => {
  try {
    if (req.type === 'prepare') {
      prepareLanguages(req.language);
      return;
    }
    // A full collection after a context once the heap has grown past the bound (heapBound.ts): what
    // indexing a locale made and let go is not kept beside the next one's (without it this thread's
    // heap went from 183 to 277 MB over the second locale of the synthetic 4,000 x 2 site, of 20 MB
    // of index files: most of it garbage). Not after every context: the versioned benchmark site's
    // 24 contexts (12 versions x 2 locales) each grew the heap by 10-30 MB, and a full collection
    // after each one was a quarter of this thread's time (`--trace-gc`: 24 collections, 00:08 UTC).
    parentPort!.postMessage({ ok: true, result: indexContexts(req.input, req.known, { consume: true, afterLocale: heap.settle }) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: (e as Error).stack ?? String(e) });
  }
});
