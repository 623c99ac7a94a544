import net from 'node:net';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';

// Test helpers for servers: a request sent byte for byte over a socket (http.request would normalise
// or refuse the very paths a traversal test needs), and a loopback server around a handler.

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Writes `body` in 16 KB pieces, each after the socket drained the previous one, until it ends or closes. */
async function writePaced(socket: net.Socket, body: Buffer): Promise<void> {
  for (let at = 0; at < body.length && !socket.destroyed; at += 16384) {
    if (!socket.write(body.subarray(at, at + 16384))) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
  }
}

export function rawRequest(params: {
  port: number;
  target: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
  /** The client's own address (another loopback address, 127.0.0.2, is another client). */
  localAddress?: string;
  /** Send the body 16 KB at a time, each piece once the socket took the last one, as a browser uploads. */
  paced?: boolean;
}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: params.port, host: '127.0.0.1', localAddress: params.localAddress });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${params.target} within ${params.timeoutMs ?? 5000} ms`));
    }, params.timeoutMs ?? 5000);
    socket.on('connect', () => {
      const headers = { Host: 'localhost', Connection: 'close', ...params.headers };
      socket.write(
        `${params.method ?? 'GET'} ${params.target} HTTP/1.1\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')}\r\n`,
        'latin1',
      );
      if (params.body !== undefined && !params.paced) socket.write(params.body);
      else if (params.body !== undefined) void writePaced(socket, Buffer.from(params.body));
    });
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      // A server may answer (413) and close before it has read the whole body: keep what it said.
      if (e.code === 'ECONNRESET' || e.code === 'EPIPE') return;
      clearTimeout(timer);
      reject(e);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const head = all.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let body: Buffer = Buffer.from(all.subarray(end + 4));
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
      resolve({ status, headers, body });
    });
  });
}

function dechunk(buf: Buffer): Buffer {
  const parts: Buffer[] = [];
  let i = 0;
  for (;;) {
    const lineEnd = buf.indexOf('\r\n', i);
    if (lineEnd === -1) break;
    const size = parseInt(buf.subarray(i, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
    i = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export function decoded(res: RawResponse): Buffer {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(res.body);
  if (enc === 'gzip') return zlib.gunzipSync(res.body);
  return res.body;
}

export async function loopbackServer(handler: http.RequestListener): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
