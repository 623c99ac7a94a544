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

export function createOriginCheck(allowedOrigins: string[]): (req: http.IncomingMessage) => boolean {
  const allowed = new Set(allowedOrigins.map((o) => originOf(o) ?? o));
  return (req) => {
    const header = req.headers.origin ?? (req.headers.referer ? (originOf(req.headers.referer) ?? 'invalid') : undefined);
    if (header === undefined) return true;
    if (allowed.has(header)) return true;
    return servedOrigins(req.socket).includes(header);
  };
}
