// DNS rebinding: a page of evil.example whose name is made to resolve to 127.0.0.1 reaches the dev
// server as the same origin, and could read the unpublished site, listen to its events and post its
// forms. The browser still names the page's host in the Host header, so the dev server answers only
// names that cannot be rebound: localhost and *.localhost (RFC 6761: always this machine), an IP
// address (there is no name to rebind; with --host 0.0.0.0 it is how another device on the network
// opens the site, as in Vite), and the name it was told to listen on with --host.
import net from 'node:net';

/** The host name of a Host header, without port, brackets or trailing dot, in lower case ("" when malformed). */
function hostName(header: string): string {
  const m = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]*))(?::\d*)?$/.exec(header.trim().toLowerCase());
  return (m?.[1] ?? m?.[2] ?? '').replace(/\.$/, '');
}

/** Whether a request with this Host header may be answered by a dev server listening on `listenHost`. */
export function isAllowedHost(header: string | undefined, listenHost: string): boolean {
  const name = hostName(header ?? '');
  if (!name) return false;
  if (name === 'localhost' || name.endsWith('.localhost') || net.isIP(name) !== 0) return true;
  return name === listenHost.toLowerCase().replace(/\.$/, '');
}
