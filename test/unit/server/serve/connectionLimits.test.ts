import { describe, it, expect, afterEach } from 'vitest';
import net from 'node:net';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen } from '../../../../src/server/serve/listen.js';
import { rawRequest } from '../../../helpers/rawHttp.js';

// One client must not take the server down: half-open connections beyond its share are closed at
// once, the ones it keeps are closed when their headers do not arrive in time, and another client is
// served all along. The limits are set low here so that the test stays small and fast.

const servers: http.Server[] = [];
const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

async function start(limits?: Parameters<typeof listen>[1]['limits']): Promise<http.Server> {
  const server = http.createServer((_req, res) => res.end('ok'));
  servers.push(server);
  await listen(server, { port: 0, host: '127.0.0.1', limits });
  return server;
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A connection from 127.0.0.1 that sends the start of a request and never the rest. */
function halfOpen(port: number): { closed: () => boolean } {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
  sockets.push(socket);
  let closed = false;
  socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: '));
  socket.on('error', () => undefined);
  // Read what comes (the 408), so that the server's end of the connection is seen as a close.
  socket.resume();
  socket.on('close', () => (closed = true));
  return { closed: () => closed };
}

describe('connection limits', () => {
  it('closes half-open connections over the per-client cap at once and the rest after the headers timeout, and serves another client meanwhile', async () => {
    const server = await start({ perClient: 4, headersTimeoutMs: 1_000 });
    const { port } = server.address() as AddressInfo;
    const held = Array.from({ length: 10 }, () => halfOpen(port));
    await until(() => held.filter((h) => h.closed()).length >= 6, 'the connections over the cap to be closed');
    expect(held.filter((h) => h.closed())).toHaveLength(6);

    const other = await rawRequest({ port, target: '/', localAddress: '127.0.0.2', timeoutMs: 2_000 });
    expect(other.status).toBe(200);
    expect(other.body.toString()).toBe('ok');

    await until(() => held.every((h) => h.closed()), 'the headers timeout to close the stalled connections');
  });

  it('closes a connection that sent nothing before the headers timeout without an answer (a browser reads a 408 there as the answer to its next request), and answers 408 to one that sent part of a request', async () => {
    const server = await start({ headersTimeoutMs: 300 });
    const { port } = server.address() as AddressInfo;
    const received = (sendFirst: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect({ port, host: '127.0.0.1' });
        sockets.push(socket);
        let text = '';
        socket.on('connect', () => sendFirst && socket.write(sendFirst));
        socket.on('data', (chunk) => (text += chunk.toString('latin1')));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(text));
      });
    const [idle, partial] = await Promise.all([received(''), received('GET / HTTP/1.1\r\nHost: localhost\r\n')]);
    expect(idle).toBe('');
    expect(partial).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    // A request that Node cannot read is still answered as Node answers it.
    expect(await received('NOT HTTP\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });

  it('applies limits by default: headers within seconds, and a cap on open connections', async () => {
    const server = await start();
    expect(server.headersTimeout).toBeLessThanOrEqual(10_000);
    expect(server.requestTimeout).toBeLessThanOrEqual(60_000);
    expect(server.maxConnections).toBeLessThan(1_024);
  });
});
