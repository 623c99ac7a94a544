import type http from 'node:http';

// Which pages may post to the receiver. A browser names the page's origin in `Origin` on every
// cross-site POST (and on same-site ones in current browsers); older ones send only `Referer`. A post
// is accepted when that origin is the site's `url`, one of `forms.allowedOrigins`, or the origin the
// receiver is actually served on: the address and port the connection came in on (its socket, never
// the `Host` header, which the page's own server chooses under DNS rebinding), with the loopback names
// `localhost`, `127.0.0.1` and `[::1]` when that address is a loopback one (`sitegen serve`, `dev`).
// Anything else is refused with 403, before anything is read or stored. A request with neither header
// comes from no web page (curl, a server, a test) and goes through: the check stops other websites
// from posting through their visitors' browsers.

/** "https://example.com" of a url, or undefined. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.origin === 'null' ? undefined : u.origin;
  } catch {
    return undefined;
  }
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The origins of a page served through this socket (plain http, as serve and dev are): its local address and port, and the loopback names for a loopback address. */
export function servedOrigins(socket: { localAddress?: string; localPort?: number }): string[] {
  const address = socket.localAddress?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!address || !socket.localPort) return [];
  const loopback = address === '::1' || /^127\./.test(address);
  const hosts = new Set([address.includes(':') ? `[${address}]` : address, ...(loopback ? LOOPBACK_NAMES : [])]);
  // new URL() drops a default port (http://localhost:80 → http://localhost), as browsers do in Origin.
  return [...hosts].map((host) => originOf(`http://${host}:${socket.localPort}`)!);
}

/** The origin of the page a request came from (`Origin`, else `Referer`; 'invalid' for a referer that is no url), or undefined for none. */
function pageOriginOf(req: http.IncomingMessage): string | undefined {
  return req.headers.origin ?? (req.headers.referer ? (originOf(req.headers.referer) ?? 'invalid') : undefined);
}

/**
 * The origin of the page a request came from when this very server served it (its socket's origins,
 * as above: never the `Host` header, so no request chooses where mail links lead): a page of
 * `sitegen serve` or `npm start` at http://127.0.0.1:3000 gets mail links to that server. Undefined
 * for a page served elsewhere (behind a reverse proxy: the site's url) or no page at all.
 */
export function ownPageOrigin(req: http.IncomingMessage): string | undefined {
  const page = pageOriginOf(req);
  return page !== undefined && servedOrigins(req.socket).includes(page) ? page : undefined;
}

export function createOriginCheck(allowedOrigins: string[]): (req: http.IncomingMessage) => boolean {
  const allowed = new Set(allowedOrigins.map((o) => originOf(o) ?? o));
  return (req) => {
    const header = pageOriginOf(req);
    if (header === undefined) return true;
    if (allowed.has(header)) return true;
    return servedOrigins(req.socket).includes(header);
  };
}
