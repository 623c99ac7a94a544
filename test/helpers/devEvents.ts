import http from 'node:http';
import type { DevEvent } from '../../src/server/dev/events.js';

// The server-sent events a page of `sitegen dev` receives, read as a test waits for them.

/** The event stream of one open page: waits for the next event that matches. */
export function devEvents(baseUrl: string): Promise<{ next(match: (e: DevEvent) => boolean, timeoutMs?: number): Promise<DevEvent>; close(): void }> {
  return new Promise((resolve, reject) => {
    const seen: DevEvent[] = [];
    const waiting: { match: (e: DevEvent) => boolean; resolve: (e: DevEvent) => void }[] = [];
    const req = http.get(new URL('/__sitegen/events', baseUrl), (res) => {
      let buffer = '';
      res.on('data', (c: Buffer) => {
        buffer += c.toString();
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!data) continue;
          const event = JSON.parse(data) as DevEvent;
          const w = waiting.findIndex((x) => x.match(event));
          if (w === -1) seen.push(event);
          else waiting.splice(w, 1)[0].resolve(event);
        }
      });
      resolve({
        next(match, timeoutMs = 30_000) {
          const i = seen.findIndex(match);
          if (i !== -1) return Promise.resolve(seen.splice(i, 1)[0]);
          return new Promise((res2, rej2) => {
            const waiter = { match, resolve: (e: DevEvent) => (clearTimeout(timer), res2(e)) };
            const timer = setTimeout(() => {
              waiting.splice(waiting.indexOf(waiter), 1);
              rej2(new Error(`no matching event within ${timeoutMs} ms; seen: ${JSON.stringify(seen)}`));
            }, timeoutMs);
            waiting.push(waiter);
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}
