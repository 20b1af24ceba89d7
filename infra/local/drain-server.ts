import type { Server } from 'node:http';

/** How often a draining server closes the keep-alive connections that have gone idle. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops a server the way a load balancer drains a target: it accepts no new connections,
 * requests in flight run to their answer, every answer from now on closes its connection
 * (so keep-alive clients move on), and idle connections are closed. Resolves once the last
 * connection has ended.
 */
export function drainServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  // Before the request's own handler runs, so its answer carries the header.
  server.prependListener('request', (_req, res) => res.setHeader('connection', 'close'));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  return closed.finally(() => clearInterval(sweep));
}
