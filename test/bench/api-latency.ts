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
  /** More headers for the request of that index (e.g. a user agent of a rotation). */
  headersOf?: (index: number) => Record<string, string>;
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
  headersOf,
}: LoadOptions): Promise<LatencyResult> {
  const { default: autocannon } = await import('autocannon');
  let index = 0;
  const result = await autocannon({
    url,
    method,
    amount,
    connections,
    headers: { ...(body && { 'content-type': 'application/json' }), ...headers },
    requests:
      body || headersOf
        ? [
            {
              setupRequest: (request) => {
                const at = index++;
                return {
                  ...request,
                  ...(body && { body: body(at) }),
                  ...(headersOf && { headers: { ...request.headers, ...headersOf(at) } }),
                };
              },
            },
          ]
        : undefined,
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

/** How many turns a route and its floor take in loadInTurns. */
const TURNS = 5;

/** The run whose p50 is the median of the runs (ties: the lower p99), as measured. */
const medianRun = (runs: LatencyResult[]) =>
  [...runs].sort((a, b) => a.p50Ms - b.p50Ms || a.p99Ms - b.p99Ms)[Math.floor(runs.length / 2)]!;

/**
 * A floor and its route in turns, TURNS runs each, after a warm-up of both (module loading,
 * connections); [floor, route], each its median run. autocannon's percentiles move in whole
 * milliseconds and one run's p50 of a few milliseconds moves by a step either way with the
 * machine (one session measured the same route at 0.86–1.60× its floor run by run), so a
 * single pair cannot hold a 1.3× budget.
 */
export async function loadInTurns(floor: LoadOptions, route: LoadOptions): Promise<[LatencyResult, LatencyResult]> {
  await load({ ...floor, name: 'warm-up', amount: 200 });
  await load({ ...route, name: 'warm-up', amount: 200 });
  const floorRuns: LatencyResult[] = [];
  const routeRuns: LatencyResult[] = [];
  for (let turn = 0; turn < TURNS; turn += 1) {
    floorRuns.push(await load(floor));
    routeRuns.push(await load(route));
  }
  return [medianRun(floorRuns), medianRun(routeRuns)];
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
