import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createApiDispatcher } from '#infra/local/api/api-dispatch.ts';
import { addCloudFrontOriginHeaders, viewerAddress } from '#infra/local/api/origin-verify.ts';
import { startTwinSecrets } from '#test/support/twin-secrets.ts';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '#shared/origin-headers.ts';

/** Every handler records the event it was given and answers 200. */
const seen: APIGatewayProxyEventV2[] = [];
const recordingHandlers = new Proxy({} as Parameters<typeof createApiDispatcher>[0], {
  get: () => async (event: APIGatewayProxyEventV2) => {
    seen.push(event);
    return { statusCode: 200, body: '{}' };
  },
});

/** Serves the dispatcher, either bare (like the execute-api URL) or behind the CloudFront step. */
async function serve(throughCloudFront: boolean): Promise<{ server: Server; baseUrl: string }> {
  const dispatch = createApiDispatcher(recordingHandlers);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    void dispatch(throughCloudFront ? addCloudFrontOriginHeaders(req) : req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('local twin of the origin-verify authorizer', () => {
  let direct: Awaited<ReturnType<typeof serve>>;
  let viaCloudFront: Awaited<ReturnType<typeof serve>>;
  let stopSecrets: () => Promise<void>;

  beforeAll(async () => {
    stopSecrets = await startTwinSecrets();
    [direct, viaCloudFront] = await Promise.all([serve(false), serve(true)]);
  });
  afterAll(async () => {
    await Promise.all([direct, viaCloudFront].map(({ server }) => new Promise((resolve) => server.close(resolve))));
    await stopSecrets();
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it('answers a request straight at the dispatcher without the header 401, as API Gateway does, and runs no handler', async () => {
    const response = await fetch(`${direct.baseUrl}/api/signup`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
    expect(seen).toHaveLength(0);
  });

  it('answers a guessed secret 403 Forbidden and runs no handler', async () => {
    const response = await fetch(`${direct.baseUrl}/api/nowhere`, { headers: { [ORIGIN_VERIFY_HEADER]: 'guess' } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Forbidden' });
    expect(seen).toHaveLength(0);
  });

  it('lets requests through CloudFront reach the handler, with the viewer address of the socket', async () => {
    const response = await fetch(`${viaCloudFront.baseUrl}/api/signup`, {
      method: 'POST',
      body: '{}',
      // A viewer cannot choose its own address or secret: CloudFront overwrites both.
      headers: { [VIEWER_ADDRESS_HEADER]: '203.0.113.9:1', [ORIGIN_VERIFY_HEADER]: 'guess' },
    });
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers[VIEWER_ADDRESS_HEADER]).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(seen[0]!.headers[VIEWER_ADDRESS_HEADER]).not.toBe('127.0.0.1:0');
  });

  it('covers every route, the /api fallback included', async () => {
    expect((await fetch(`${direct.baseUrl}/api/no/such/path`)).status).toBe(401);
    expect((await fetch(`${viaCloudFront.baseUrl}/api/no/such/path`)).status).toBe(200);
  });
});

describe('viewerAddress (CloudFront-Viewer-Address format)', () => {
  it.each([
    ['198.51.100.10', 46532, '198.51.100.10:46532'],
    ['::ffff:198.51.100.10', 46532, '198.51.100.10:46532'],
    ['2001:db8::1', 443, '2001:db8::1:443'],
    ['::1', 8080, '::1:8080'],
  ])('writes %s port %d as %s', (ip, port, expected) => {
    expect(viewerAddress(ip, port)).toBe(expected);
  });
});
