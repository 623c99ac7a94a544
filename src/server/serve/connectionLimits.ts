// What keeps one client from taking a server down: 1,100 half-open connections from one address
// once held the 1,024 file descriptors of `sitegen serve` for over a minute (Node waits 60 s for
// headers by default, and checks only every 30 s), and every other visitor got resets. Each address
// may hold a few connections, all of them together stay below the descriptor limit (with room for
// the files being sent), and a connection that does not finish its request in time is closed.
import type http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface ConnectionLimits {
  /** Open connections one client address may hold; one more is closed at once (a browser opens about 6 per host, the serve benchmark 100). */
  perClient: number;
  /** Open connections in all, below the usual limit of 1,024 file descriptors. */
  total: number;
  /** Time for a request's headers to arrive. */
  headersTimeoutMs: number;
  /** Time for a whole request, body included, to arrive (a form post is at most 16 KB). */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = { perClient: 128, total: 800, headersTimeoutMs: 5_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 };

/** Applies the limits to a server that is not listening yet. */
export function limitConnections(server: http.Server, overrides: Partial<ConnectionLimits> = {}): void {
  const limits = { ...DEFAULT_LIMITS, ...overrides };
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // Node looks at the two timeouts only this often (every 30 s by default: a stalled connection would
  // outlive its timeout by up to that much). It is a createServer option that Node keeps on the server and reads when listening starts;
  // set here, the servers `serve`, `dev` and `forms` make need nothing of their own.
  (server as http.Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4)));
  server.maxConnections = limits.total;
  server.on('clientError', answerClientError);
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const client = socket.remoteAddress ?? '';
    const count = open.get(client) ?? 0;
    if (count >= limits.perClient) {
      socket.destroy();
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}

/** What Node answers a request it could not read (its own answer when a server has no `clientError`
 *  listener), by the error's code; anything else is a 400. */
const CLIENT_ERRORS: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
};

/**
 * Node's answer to a request it could not read, but for a connection that timed out before sending a
 * byte: that one is closed without an answer. Browsers open connections ahead of need
 * (Chromium's preconnect), and a 408 written on one that sat unused for the headers timeout is read as
 * the answer to the request the browser sends on it next: a page then logs "the server responded with
 * a status of 408" for one of its files (seen in the e2e serve-csp test on a loaded machine). Closed
 * without an answer, the connection is one the browser sees closed, and it sends the request on
 * another. A connection that sent part of a request still gets the 408.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && (socket as Socket).bytesRead === 0) {
    socket.destroy();
    return;
  }
  // As Node does (lib/_http_server.js, socketOnError, which has put a no-op listener on the socket's
  // errors): an answer unless one is on its way already, then the connection closed.
  const response = (socket as { _httpMessage?: { _headerSent?: boolean } })._httpMessage;
  if (socket.writable && !response?._headerSent) socket.write(`HTTP/1.1 ${CLIENT_ERRORS[error.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`);
  socket.destroy(error);
}
