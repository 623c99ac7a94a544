import type http from 'node:http';

// Which pages may post to the receiver. A browser names the page's origin in `Origin` on every
// cross-site POST (and on same-site ones in current browsers); older ones send only `Referer`. A post
// whose origin is neither the site's url, an allowed origin, nor the origin the receiver itself is
// served from (dev and serve: the request's own host) is refused with 403, before anything is read
// or stored. A request with neither header comes from no web page (curl, a server, a test) and goes
// through: the check stops other websites from posting through their visitors' browsers.

/** "https://example.com" of a url, or undefined. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.origin === 'null' ? undefined : u.origin;
  } catch {
    return undefined;
  }
}

export function createOriginCheck(allowedOrigins: string[]): (req: http.IncomingMessage) => boolean {
  const allowed = new Set(allowedOrigins.map((o) => originOf(o) ?? o));
  return (req) => {
    const header = req.headers.origin ?? (req.headers.referer ? (originOf(req.headers.referer) ?? 'invalid') : undefined);
    if (header === undefined) return true;
    if (allowed.has(header)) return true;
    const host = req.headers.host;
    return !!host && (header === `http://${host}` || header === `https://${host}`);
  };
}
