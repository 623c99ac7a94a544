import type http from 'node:http';
import { SitegenError } from '../../builder/errors.js';
import { limitConnections, type ConnectionLimits } from './connectionLimits.js';

// The one way `serve`, `dev` and `forms` start listening: the port and host checked, and the limits
// that keep one client from taking the server down applied before the first connection.

/** Starts listening and returns the server's url ("http://127.0.0.1:3000/"); a taken port is a clear error. */
export async function listen(server: http.Server, params: { port: string | number; host: string; limits?: Partial<ConnectionLimits> }): Promise<string> {
  limitConnections(server, params.limits);
  const port = Number(params.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SitegenError(`Invalid port "${params.port}"`, [{ message: 'a port is a whole number from 0 to 65535', hint: 'Pass --port 3000, or --port 0 for any free port.' }]);
  }
  await new Promise<void>((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE')
        reject(new SitegenError(`Port ${port} on ${params.host} is already in use`, [{ message: 'another server listens there', hint: `Stop it, or pass another --port.` }]));
      else if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND')
        reject(new SitegenError(`Cannot listen on host "${params.host}"`, [{ message: e.message, hint: 'Pass --host 127.0.0.1, or --host 0.0.0.0 for every interface.' }]));
      else reject(e);
    };
    server.once('error', onError);
    server.listen(port, params.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  const shown = params.host === '0.0.0.0' || params.host === '::' ? 'localhost' : params.host.includes(':') ? `[${params.host}]` : params.host;
  return `http://${shown}:${actual}/`;
}

/** Closes the server (and runs `cleanup`, e.g. flushing stored submissions) on Ctrl-C or SIGTERM. */
export function onShutdown(server: http.Server, cleanup?: () => unknown): void {
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    server.close();
    server.closeAllConnections();
    try {
      await cleanup?.();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
