import net from 'node:net';

// A small HTTP/1.1 load generator for loopback (the workflow benchmark): `connections` keep-alive
// sockets, each sending the next GET as soon as the previous response is complete (no pipelining),
// like wrk or autocannon. Counts 200s in the measured window after a warm-up; anything else (another
// status, a reset, a closed socket) is an error.

export interface LoadResult {
  rps: number;
  requests: number;
  errors: number;
}

export async function loadGenerator(params: { port: number; path: string; connections: number; warmupMs: number; durationMs: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const headers = { Host: `127.0.0.1:${params.port}`, 'Accept-Encoding': 'br, gzip', ...params.headers };
  const request = Buffer.from(
    `GET ${params.path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n`,
  );
  let measuring = false;
  let stopping = false;
  let requests = 0;
  let errors = 0;

  const connection = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect(params.port, '127.0.0.1');
      socket.setNoDelay(true);
      let buffer: Buffer = Buffer.alloc(0);
      let bodyLeft = -1;
      let status = 0;
      let failed = false;
      const fail = () => {
        if (!failed && !stopping) errors++;
        failed = true;
      };
      const finish = () => {
        socket.destroy();
        resolve();
      };
      const next = () => {
        if (stopping) return finish();
        socket.write(request);
      };
      socket.on('connect', next);
      socket.on('data', (chunk: Buffer) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        for (;;) {
          if (bodyLeft < 0) {
            const end = buffer.indexOf('\r\n\r\n');
            if (end === -1) return;
            const head = buffer.toString('latin1', 0, end);
            status = Number(head.slice(9, 12));
            const length = /\r\ncontent-length: *(\d+)/i.exec(head);
            bodyLeft = length ? Number(length[1]) : 0;
            buffer = buffer.subarray(end + 4);
          }
          if (buffer.length < bodyLeft) {
            bodyLeft -= buffer.length;
            buffer = Buffer.alloc(0);
            return;
          }
          buffer = buffer.subarray(bodyLeft);
          bodyLeft = -1;
          if (measuring) {
            if (status === 200) requests++;
            else errors++;
          }
          next();
          if (!buffer.length) return;
        }
      });
      socket.on('error', () => {
        fail();
        finish();
      });
      socket.on('close', () => {
        fail();
        resolve();
      });
    });

  const all = Array.from({ length: params.connections }, connection);
  await new Promise((r) => setTimeout(r, params.warmupMs));
  measuring = true;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, params.durationMs));
  measuring = false;
  const seconds = (performance.now() - t0) / 1000;
  stopping = true;
  await Promise.all(all);
  return { rps: requests / seconds, requests, errors };
}
