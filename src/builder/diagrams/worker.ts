import { parentPort, workerData } from 'node:worker_threads';
import { openDrawer } from './chromium.js';
import type { DiagramResult } from './types.js';

// The drawing thread (thread.ts): starts the browser at once and draws what it is sent, once the
// browser is up. playwright drives Chromium through its thread's event loop: here, the parse and the
// plan on the main thread do not hold it up.

export type DiagramWorkerRequest = { type: 'draw'; diagrams: { id: string; source: string }[] } | { type: 'close' };
export type DiagramWorkerReply = { type: 'ready' } | { type: 'failed'; error: string } | { type: 'drawn'; results: DiagramResult[] } | { type: 'draw-failed'; error: string } | { type: 'closed' };

const post = (reply: DiagramWorkerReply) => parentPort!.postMessage(reply);
const drawer = openDrawer((workerData as { config: Record<string, unknown> }).config);
drawer.then(
  () => post({ type: 'ready' }),
  (e: Error) => post({ type: 'failed', error: e.message }),
);

parentPort!.on('message', (req: DiagramWorkerRequest) => {
  if (req.type === 'close') {
    void drawer
      .then((d) => d.close())
      .catch(() => undefined)
      .then(() => post({ type: 'closed' }));
    return;
  }
  drawer
    .then((d) => d.draw(req.diagrams))
    .then(
      (results) => post({ type: 'drawn', results }),
      (e: Error) => post({ type: 'draw-failed', error: e.message }),
    );
});
