import { spawn } from 'node:child_process';
import path from 'node:path';

export interface LatencyResult {
  name: string;
  requests: number;
  errors: number;
  non2xx: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
}

interface LoadOptions {
  name: string;
  url: string;
  method?: 'GET' | 'PUT' | 'POST';
  body?: (index: number) => string;
  amount?: number;
  connections?: number;
  /** Sent with every request (e.g. the console's session cookie). */
  headers?: Record<string, string>;
}

/** One bounded autocannon run (a fixed number of requests); zero errors are expected. */
export async function load({
  name,
  url,
  method = 'GET',
  body,
  amount = 1500,
  connections = 8,
  headers = {},
}: LoadOptions): Promise<LatencyResult> {
  const { default: autocannon } = await import('autocannon');
  let index = 0;
  const result = await autocannon({
    url,
    method,
    amount,
    connections,
    headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
    requests: body ? [{ setupRequest: (request) => ({ ...request, body: body(index++) }) }] : undefined,
  });
  return {
    name,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: Math.round(result.requests.average),
  };
}

/**
 * Starts a floor server (floor-server.ts, console-floor-server.ts: the same DynamoDB work as a
 * route, bare) with its arguments, and resolves once it listens, with the function that stops it.
 */
export function startFloorServer(script: string, args: string[]): Promise<() => void> {
  const tsx = path.resolve(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [path.join(__dirname, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('floor listening')) resolve(() => process.kill(-child.pid!, 'SIGTERM'));
    });
    child.once('exit', (code) => reject(new Error(`The floor server exited with ${code}`)));
  });
}
