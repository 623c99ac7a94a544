import { parentPort } from 'node:worker_threads';
import { languageOptions } from './language.js';
import { localeSearchFiles, type SearchInput } from './index.js';
import { heapBound } from '../../parallel/heapBound.js';

// The search worker: indexes the locales of a build while the main thread writes its pages. It
// loads its language support (jieba's dictionary) as soon as it starts, before the pages are ready.

export type SearchWorkerRequest = { type: 'prepare'; language: string[] } | { type: 'build'; input: SearchInput };

// Checked after each index (a locale, or a version of one): a site with many versions makes many small indexes.
const heap = heapBound(64, 1);

parentPort!.on('message', (req: SearchWorkerRequest) => {
  try {
    if (req.type === 'prepare') {
      languageOptions(req.language);
      return;
    }
    // A full collection once an index has left the heap 64 MB larger than after the last one: what
    // indexing a locale made and let go is not kept beside the next one's (without it this thread's
    // heap went from 183 to 277 MB over the second locale of the synthetic 4,000 x 2 site, of 20 MB
    // of index files: most of it garbage). Collecting after every index instead cost the versioned
    // synthetic site (24 indexes of 30-50 ms each) 0.8 s of CPU for no memory: its heap stayed
    // near 30 MB (node --trace-gc).
    parentPort!.postMessage({ ok: true, result: localeSearchFiles(req.input, undefined, { consume: true, afterLocale: heap.step }) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: (e as Error).stack ?? String(e) });
  }
});
