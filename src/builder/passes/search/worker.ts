import { parentPort } from 'node:worker_threads';
import { languageOptions } from './language.js';
import { localeSearchFiles, type SearchInput } from './index.js';

// The search worker: indexes the locales of a build while the main thread writes its pages. It
// loads its language support (jieba's dictionary) as soon as it starts, before the pages are ready.

export type SearchWorkerRequest = { type: 'prepare'; language: string[] } | { type: 'build'; input: SearchInput };

parentPort!.on('message', (req: SearchWorkerRequest) => {
  try {
    if (req.type === 'prepare') {
      languageOptions(req.language);
      return;
    }
    parentPort!.postMessage({ ok: true, result: localeSearchFiles(req.input, undefined, { consume: true }) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: (e as Error).stack ?? String(e) });
  }
});
