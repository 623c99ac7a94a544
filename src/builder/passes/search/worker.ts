import { parentPort } from 'node:worker_threads';
import { prepareLanguages } from './language.js';
import type { SearchInput } from './index.js';
import { indexContexts, type StoredTerms } from './storedTerms.js';
import { heapBound } from '../../parallel/heapBound.js';

// The search worker: indexes the search contexts it is sent (their files, in order) while the main
// thread writes its pages. It loads its language support (jieba's dictionary) as soon as it starts,
// before the pages are ready.

export type SearchWorkerRequest = { type: 'prepare'; language: string[] } | { type: 'build'; input: SearchInput; known: (StoredTerms | undefined)[] };

const heap = heapBound();

parentPort!.on('message', (req: SearchWorkerRequest) => {
  try {
    if (req.type === 'prepare') {
      prepareLanguages(req.language);
      return;
    }
    // A full collection after each locale: what indexing a locale made and let go is not kept
    // beside the next one's (without it this thread's heap went from 183 to 277 MB over the second
    // locale of the synthetic 4,000 x 2 site, of 20 MB of index files: most of it garbage).
    parentPort!.postMessage({ ok: true, result: indexContexts(req.input, req.known, { consume: true, afterLocale: heap.collect }) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: (e as Error).stack ?? String(e) });
  }
});
