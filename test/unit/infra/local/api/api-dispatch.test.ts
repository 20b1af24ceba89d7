import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { createApiDispatcher } from '#infra/local/api/api-dispatch.ts';
import { addCloudFrontOriginHeaders } from '#infra/local/api/origin-verify.ts';
import { startTwinSecrets } from '#test/support/twin-secrets.ts';

/** Every handler answers with the path parameters it was given and the time its context says it has. */
const echoHandlers = new Proxy({} as Parameters<typeof createApiDispatcher>[0], {
  get: () => async (event: APIGatewayProxyEventV2, context: Context) => ({
    statusCode: 200,
    headers: { 'x-remaining-ms': String(context.getRemainingTimeInMillis()) },
    body: JSON.stringify(event.pathParameters ?? {}),
  }),
});

describe('local API dispatch: paths', () => {
  let server: Server;
  let baseUrl: string;
  let stopSecrets: () => Promise<void>;

  beforeAll(async () => {
    // The authorizer runs first, reading its secret from the twin's Secrets Manager.
    stopSecrets = await startTwinSecrets();
    const dispatch = createApiDispatcher(echoHandlers);
    // As the local server forwards /api requests: with the headers CloudFront adds.
    server = createServer(
      (req, res) => void dispatch(addCloudFrontOriginHeaders(req), res, new URL(req.url ?? '/', 'http://local')),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await stopSecrets();
  });

  it.each(['/api/%zz', '/api/candidate/subscribers/%E0%A4%A', '/api/employer/scorecard/download/%'])(
    'answers a malformed percent-encoding (%s) with a JSON 400 that says so',
    async (path) => {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual({ message: 'The request path contains a malformed percent-encoding.' });
    },
  );

  it('hands well-formed encodings to the handler decoded', async () => {
    const response = await fetch(`${baseUrl}/api/candidate/subscribers/%C3%A9t%C3%A9%20x`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ audience: 'candidate', id: 'été x' });
  });

  it("gives the handler its function's configured timeout (10 s for an API function) as its time left", async () => {
    const response = await fetch(`${baseUrl}/api/candidate/subscribers/pat`);
    const remaining = Number(response.headers.get('x-remaining-ms'));
    expect(remaining).toBeGreaterThan(9_000);
    expect(remaining).toBeLessThanOrEqual(10_000);
  });
});
