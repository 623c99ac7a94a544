import type http from 'node:http';

// Server-sent events to the open pages of the dev server: what changed, and the problems to show.
// A page that reconnects (the server restarted, the laptop slept) gets a "hello" with the current
// generation and problems, and reloads itself if it missed a change.

export type DevEvent =
  | { type: 'hello'; generation: number; problems?: ProblemReport }
  | { type: 'reload'; generation: number; paths: string[] | 'all' }
  /** Only the markdown body of these pages changed: swapped in place (the body is in the event, or in the page data), no reload. */
  | { type: 'update'; generation: number; pages: { path: string; data: string; body?: string }[] }
  | { type: 'problems'; generation: number; problems: ProblemReport }
  | { type: 'ok'; generation: number };

export interface ProblemReport {
  title: string;
  problems: { file?: string; line?: number; column?: number; message: string; hint?: string }[];
}

export class EventHub {
  private readonly clients = new Set<http.ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor() {
    // Proxies and browsers drop a silent connection: a comment line every 20 s keeps it open.
    this.heartbeat = setInterval(() => {
      for (const res of this.clients) res.write(': ping\n\n');
    }, 20_000);
    this.heartbeat.unref();
  }

  /** Takes over a request as an event stream and greets it. */
  connect(req: http.IncomingMessage, res: http.ServerResponse, hello: DevEvent): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    // Reconnect quickly after a restart of the dev server.
    res.write('retry: 300\n\n');
    this.clients.add(res);
    send(res, hello);
    res.on('close', () => this.clients.delete(res));
  }

  broadcast(event: DevEvent): void {
    for (const res of this.clients) send(res, event);
  }

  get size(): number {
    return this.clients.size;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }
}

function send(res: http.ServerResponse, event: DevEvent): void {
  res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}
