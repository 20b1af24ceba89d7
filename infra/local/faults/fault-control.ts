import type { IncomingMessage, ServerResponse } from 'node:http';
import { loopbackRefusal } from '../loopback';
import { FAULT_SERVICES, FaultSpecError, parseFaultSpec, type FaultService, type FaultSwitch } from './fault-switch';

export const FAULTS_PATH = '/_local/faults';

/** A fault request is a few fields; anything longer is not one. */
const MAX_BODY_BYTES = 4096;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

function readSmallBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let text = '';
    let tooLong = false;
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      tooLong ||= text.length + chunk.length > MAX_BODY_BYTES;
      if (!tooLong) text += chunk;
    });
    req.on('end', () => resolve(tooLong ? undefined : text));
    req.on('error', reject);
  });
}

/**
 * The fault switch's HTTP control on the local server: GET shows the faults, POST sets one
 * (JSON, a FaultSpec), DELETE clears all or `?service=`. Only loopback peers addressing it as
 * localhost may use it (loopback.ts), and
 * POST must be JSON, which a cross-site page cannot send without a CORS preflight this
 * endpoint never grants. See docs/decisions/0040-local-fault-switch.md.
 */
export function createFaultControl(faults: FaultSwitch) {
  return async function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    const refusal = loopbackRefusal(req);
    if (refusal) return sendJson(res, 403, { message: `The fault switch ${refusal}.` });
    if (req.method === 'GET') return sendJson(res, 200, faults.state());
    if (req.method === 'DELETE') {
      const service = url.searchParams.get('service');
      if (service !== null && !FAULT_SERVICES.includes(service as FaultService)) {
        return sendJson(res, 400, { message: `service must be one of: ${FAULT_SERVICES.join(', ')}.` });
      }
      faults.clear((service as FaultService | null) ?? undefined);
      return sendJson(res, 200, faults.state());
    }
    if (req.method !== 'POST') {
      return sendJson(res, 405, { message: 'Use GET, POST or DELETE.' }, { allow: 'GET, POST, DELETE' });
    }
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return sendJson(res, 415, { message: 'Send the fault as application/json.' });
    }
    const body = await readSmallBody(req);
    if (body === undefined)
      return sendJson(res, 413, { message: `A fault is at most ${MAX_BODY_BYTES} bytes of JSON.` });
    try {
      faults.set(parseFaultSpec(JSON.parse(body)));
    } catch (error) {
      if (error instanceof SyntaxError || error instanceof FaultSpecError) {
        return sendJson(res, 400, { message: error.message });
      }
      throw error;
    }
    return sendJson(res, 200, faults.state());
  };
}
