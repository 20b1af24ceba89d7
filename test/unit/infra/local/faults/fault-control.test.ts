import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFaultControl, FAULTS_PATH } from '#infra/local/faults/fault-control.ts';
import { FaultSwitch } from '#infra/local/faults/fault-switch.ts';
import { clearFaults, readFaults, setFault } from '#test/support/faults.ts';
import { rawRequest } from '#test/support/raw-request.ts';

async function serve(faults: FaultSwitch, peerAddress?: string): Promise<{ server: Server; baseUrl: string }> {
  const control = createFaultControl(faults);
  const server = createServer((req, res) => void control(req, res, new URL(req.url ?? '/', 'http://local')));
  // Makes the (loopback) test client look like another machine to the control.
  if (peerAddress)
    server.on('connection', (socket) => Object.defineProperty(socket, 'remoteAddress', { value: peerAddress }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('fault switch control', () => {
  let faults: FaultSwitch;
  let server: Server;
  let baseUrl: string;

  beforeEach(async () => {
    faults = new FaultSwitch();
    ({ server, baseUrl } = await serve(faults));
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));

  it('starts with no fault, sets faults per service, clears one or all', async () => {
    expect(await readFaults(baseUrl)).toEqual({ dynamodb: null, ses: null });
    await setFault(baseUrl, { service: 'ses', share: 0.5 });
    const both = await setFault(baseUrl, { service: 'dynamodb', seconds: 2, afterNextSuccessOf: 'ses' });
    expect(both).toEqual({
      ses: { service: 'ses', mode: 'fail', share: 0.5, state: 'active', injected: 0 },
      dynamodb: {
        service: 'dynamodb',
        mode: 'fail',
        share: 1,
        seconds: 2,
        afterNextSuccessOf: 'ses',
        state: 'armed',
        injected: 0,
      },
    });
    expect(faults.decide('dynamodb')).toBeUndefined();
    expect(await clearFaults(baseUrl, 'ses')).toMatchObject({ ses: null, dynamodb: { state: 'armed' } });
    expect(await clearFaults(baseUrl)).toEqual({ dynamodb: null, ses: null });
  });

  it('refuses a fault it cannot follow, saying why, and keeps the previous state', async () => {
    await expect(setFault(baseUrl, { service: 'ses', mode: 'slow' })).rejects.toThrow(
      'Fault switch answered 400: mode slow needs delayMs, from 0 to 120000.',
    );
    const notJson = await fetch(`${baseUrl}${FAULTS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{service',
    });
    expect(notJson.status).toBe(400);
    const huge = await fetch(`${baseUrl}${FAULTS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'ses', padding: 'x'.repeat(5000) }),
    });
    expect({ status: huge.status, body: await huge.json() }).toEqual({
      status: 413,
      body: { message: 'A fault is at most 4096 bytes of JSON.' },
    });
    await expect(clearFaults(baseUrl, 'sqs' as never)).rejects.toThrow(
      'Fault switch answered 400: service must be one of: dynamodb, ses.',
    );
    expect(await readFaults(baseUrl)).toEqual({ dynamodb: null, ses: null });
  });

  it('takes faults only as JSON, so a cross-site form post cannot set one', async () => {
    const form = await fetch(`${baseUrl}${FAULTS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"service":"ses"}',
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ message: 'Send the fault as application/json.' });
    expect(faults.state().ses).toBeNull();
  });

  it('answers other methods with 405 and the allowed ones', async () => {
    const response = await fetch(`${baseUrl}${FAULTS_PATH}`, { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST, DELETE');
  });

  it('refuses clients that are not on loopback', async () => {
    const remote = await serve(faults, '203.0.113.9');
    try {
      const response = await fetch(`${remote.baseUrl}${FAULTS_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ service: 'ses' }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'The fault switch answers loopback clients only.' });
      expect(faults.state().ses).toBeNull();
    } finally {
      await new Promise((resolve) => remote.server.close(resolve));
    }
  });

  describe('from a page whose own name was rebound to 127.0.0.1 (DNS rebinding)', () => {
    const post = (headers: Record<string, string>) =>
      rawRequest(`${baseUrl}${FAULTS_PATH}`, { 'content-type': 'application/json', ...headers }, '{"service":"ses"}');

    it('refuses a Host that is not localhost, and sets nothing', async () => {
      const answer = await post({ host: 'rebound.example.test:3000' });

      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({
        message: 'The fault switch answers requests addressed to localhost only.',
      });
      expect(faults.state().ses).toBeNull();
    });

    it('refuses an Origin that is not localhost, and sets nothing', async () => {
      const answer = await post({ origin: 'http://rebound.example.test:3000' });

      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({
        message: 'The fault switch answers pages served from localhost only.',
      });
      expect(faults.state().ses).toBeNull();
    });

    it('still answers a page of the local site itself (localhost, any port)', async () => {
      const answer = await post({ host: 'localhost:3000', origin: 'http://localhost:3000' });

      expect(answer.status).toBe(200);
      expect(faults.state().ses).toMatchObject({ service: 'ses' });
    });
  });
});
