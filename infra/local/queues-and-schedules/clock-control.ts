import type { IncomingMessage, ServerResponse } from 'node:http';
import { nowSeconds } from '#lambdas/runtime/clock.ts';
import { loopbackRefusal } from '../loopback';

/** Where the twin's clock is read and moved (a developer's tool, like the fault switch: never in AWS). */
export const CLOCK_PATH = '/_local/clock';

/** The furthest a single move may go: a publish may be scheduled at most a year ahead. */
const MAX_ADVANCE_SECONDS = 366 * 86400;

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  void res
    .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk.slice(0, 1024)));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

/**
 * The twin's clock for what fires at a time (a post's scheduled publish, which the twin's
 * EventBridge Scheduler hands to the site's publisher: local-scheduler.ts startFunctionTargets):
 * real time plus an offset that only moves forward. The integration suite moves its own clock in
 * its process; a stack in another process (the browser journeys') is moved here: GET answers
 * `{ now, offsetSeconds }`, POST `{ "advanceSeconds": n }` (JSON, which a page of another site cannot
 * send without a preflight this never grants) moves it on. Loopback and localhost only (loopback.ts).
 */
export function createTwinClock() {
  let offsetSeconds = 0;
  const now = () => nowSeconds() + offsetSeconds;

  const control = async (req: IncomingMessage, res: ServerResponse) => {
    const refusal = loopbackRefusal(req);
    if (refusal) return sendJson(res, 403, { message: `The twin's clock ${refusal}.` });
    if (req.method === 'POST') {
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
        return sendJson(res, 415, { message: 'Send { "advanceSeconds": n } as application/json.' });
      let advance: unknown;
      try {
        advance = (JSON.parse(await readBody(req)) as { advanceSeconds?: unknown }).advanceSeconds;
      } catch {
        advance = undefined;
      }
      if (!Number.isInteger(advance) || (advance as number) < 0 || (advance as number) > MAX_ADVANCE_SECONDS)
        return sendJson(res, 400, {
          message: `advanceSeconds must be a whole number from 0 to ${MAX_ADVANCE_SECONDS}.`,
        });
      offsetSeconds += advance as number;
    } else if (req.method !== 'GET') return sendJson(res, 405, { message: 'Use GET or POST.' });
    return sendJson(res, 200, { now: now(), offsetSeconds });
  };

  return { now, control };
}

export type TwinClock = ReturnType<typeof createTwinClock>;
