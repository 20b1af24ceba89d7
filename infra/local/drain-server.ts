import type { Server } from 'node:http';

/** How often a draining server closes the keep-alive connections that have gone idle. */
const IDLE_SWEEP_MS = 50;
/**
 * How long a connection accepted before the stop may take to send its request. Node counts a
 * connection whose request has not been read yet as idle; closing it at once would cut a
 * request the client sent before the signal (seen on a busy machine).
 */
const FIRST_REQUEST_GRACE_MS = 1000;

/**
 * Stops a server the way a load balancer drains a target: it accepts no new connections,
 * requests in flight run to their answer, every answer from now on closes its connection
 * (so keep-alive clients move on), and idle connections are closed after a short grace for
 * connections whose first request is still on its way. Resolves once the last
 * connection has ended.
 */
export function drainServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  // Before the request's own handler runs, so its answer carries the header.
  server.prependListener('request', (_req, res) => res.setHeader('connection', 'close'));
  let sweep: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    server.closeIdleConnections();
    sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  }, FIRST_REQUEST_GRACE_MS);
  return closed.finally(() => {
    clearTimeout(grace);
    clearInterval(sweep);
  });
}
