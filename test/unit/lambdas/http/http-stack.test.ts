import '#test/unit/support/env.ts';
import { GetItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { API_ERRORS } from '#shared/constants/messages.ts';
import { MAX_BODY_BYTES } from '#shared/constants/limits.ts';
import { handler as putSubscriber } from '#lambdas/handlers/put-subscriber.ts';
import { handler as getSubscriber } from '#lambdas/handlers/get-subscriber.ts';
import { handler as apiFallback } from '#lambdas/handlers/api-fallback.ts';
import { apiEvent, invoke, subscriberEvent } from '#test/support/api-events.ts';
import { dynamo, item } from '#test/unit/support/dynamo-mock.ts';
import { SUBSCRIBER_ID, preferenceBody } from '#test/support/payloads.ts';

const putEvent = (
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
  isBase64Encoded = false,
) =>
  apiEvent({
    routeKey: 'PUT /api/{audience}/subscribers/{id}',
    path: `/api/candidate/subscribers/${SUBSCRIBER_ID}`,
    pathParameters: { audience: 'candidate', id: SUBSCRIBER_ID },
    headers,
    body,
    isBase64Encoded,
  });

/** A subscriber from before links had purposes: its bare id opens its pages. */
const subscriber = item({
  id: SUBSCRIBER_ID,
  kind: 'subscriber',
  audience: 'candidate',
  email: 'jordan.lee@example.org',
  subscribed: true,
  unsubscribeAllEmail: [false],
  consent: 'express',
});

beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetItemCommand).resolves({ Item: subscriber });
  dynamo.on(UpdateItemCommand).resolves({ Attributes: subscriber });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the shared HTTP stack', () => {
  it('answers JSON that is never cached, on success and on error', async () => {
    // Prepare
    const ok = await invoke(putSubscriber, putEvent(JSON.stringify(preferenceBody())));
    const refused = await invoke(putSubscriber, putEvent('{'));

    // Assess
    for (const answer of [ok, refused]) {
      expect(answer.headers['content-type']).toBe('application/json');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a body that is not application/json with 415', async () => {
    const answer = await invoke(
      putSubscriber,
      putEvent(JSON.stringify(preferenceBody()), { 'content-type': 'text/plain' }),
    );
    expect(answer).toMatchObject({ statusCode: 415, json: { message: API_ERRORS.unsupportedMediaType } });
  });

  it('accepts application/json with a charset parameter', async () => {
    const answer = await invoke(
      putSubscriber,
      putEvent(JSON.stringify(preferenceBody()), { 'content-type': 'application/json; charset=utf-8' }),
    );
    expect(answer.statusCode).toBe(200);
  });

  it('refuses a body larger than MAX_BODY_BYTES with 413 before parsing it', async () => {
    const body = JSON.stringify(preferenceBody({ helpDescription: 'x'.repeat(MAX_BODY_BYTES) }));
    const answer = await invoke(putSubscriber, putEvent(body));
    expect(answer).toMatchObject({ statusCode: 413, json: { message: API_ERRORS.bodyTooLarge } });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it.each(['{', '', 'not json'])('answers 400 for malformed JSON %p', async (body) => {
    const answer = await invoke(putSubscriber, putEvent(body));
    expect(answer).toMatchObject({ statusCode: 400, json: { message: API_ERRORS.malformedJson } });
  });

  it.each(['[]', 'null', '"text"', '42'])('answers 400 when the JSON %p is not an object', async (body) => {
    const answer = await invoke(putSubscriber, putEvent(body));
    expect(answer).toMatchObject({ statusCode: 400, json: { message: 'The request body must be a JSON object.' } });
  });

  it('decodes base64-encoded bodies', async () => {
    const encoded = Buffer.from(JSON.stringify(preferenceBody())).toString('base64');
    const answer = await invoke(putSubscriber, putEvent(encoded, undefined, true));
    expect(answer.statusCode).toBe(200);
  });

  it('names unknown fields and writes nothing', async () => {
    const answer = await invoke(putSubscriber, putEvent(JSON.stringify(preferenceBody({ subscribed: true, id: 'x' }))));
    expect(answer).toMatchObject({ statusCode: 400, json: { message: 'Unknown field(s): subscribed, id.' } });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('refuses wrong JSON types instead of casting them', async () => {
    const answer = await invoke(
      putSubscriber,
      putEvent(JSON.stringify(preferenceBody({ firstName: 5, updatedAt: '1760000000' }))),
    );
    expect(answer).toMatchObject({
      statusCode: 400,
      json: { message: 'firstName must be text. updatedAt must be a number.' },
    });
  });

  it("answers the schema's own messages", async () => {
    const answer = await invoke(
      putSubscriber,
      putEvent(JSON.stringify(preferenceBody({ emailSetting: [false, false, false], unsubscribeAllEmail: [false] }))),
    );
    expect(answer).toMatchObject({
      statusCode: 400,
      json: { message: 'Please Select Minimum one option compulsory!' },
    });
  });

  it('answers 500 with a generic message and logs the error when something unexpected fails', async () => {
    // Prepare
    dynamo.on(GetItemCommand).rejects(new Error('socket hang up'));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    // Act
    const answer = await invoke(getSubscriber, subscriberEvent('GET', 'candidate', SUBSCRIBER_ID));

    // Assess
    expect(answer).toMatchObject({ statusCode: 500, json: { message: API_ERRORS.internal } });
    expect(answer.body).not.toContain('socket hang up');
    const entry = JSON.parse(logged.mock.calls[0]![0] as string);
    expect(entry).toMatchObject({ level: 'error', message: 'Unhandled error', error: { message: 'socket hang up' } });
  });
});

describe('dependency outages', () => {
  const fault = (fields: Record<string, unknown>, message = 'dependency') => Object.assign(new Error(message), fields);

  it.each([
    ['a ThrottlingException', fault({ name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } })],
    [
      'ProvisionedThroughputExceededException',
      fault({ name: 'ProvisionedThroughputExceededException', $metadata: { httpStatusCode: 400 } }),
    ],
    ['an answer with HTTP status 503', fault({ name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } })],
    ['an answer with HTTP status 500', fault({ name: 'InternalServerError', $metadata: { httpStatusCode: 500 } })],
    ['a refused connection (ECONNREFUSED)', fault({ code: 'ECONNREFUSED' }, 'connect ECONNREFUSED 127.0.0.1:8000')],
    ['a reset connection (ECONNRESET)', fault({ code: 'ECONNRESET' }, 'socket hang up')],
    ['a timeout', fault({ name: 'TimeoutError' })],
  ])('answers 503 with Retry-After and a readable message for %s', async (_case, error) => {
    // Prepare
    dynamo.on(GetItemCommand).rejects(error);
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    // Act
    const answer = await invoke(getSubscriber, subscriberEvent('GET', 'candidate', SUBSCRIBER_ID));

    // Assess
    expect(answer).toMatchObject({ statusCode: 503, json: { message: API_ERRORS.dependencyUnavailable } });
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(warned.mock.calls[0]![0] as string)).toMatchObject({
      level: 'warn',
      message: 'Dependency unavailable',
      requestId: 'request-1',
    });
  });

  it('answers the same 503 on a write route', async () => {
    dynamo.on(UpdateItemCommand).rejects(fault({ name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } }));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await invoke(putSubscriber, putEvent(JSON.stringify(preferenceBody())));
    expect(answer).toMatchObject({ statusCode: 503, json: { message: API_ERRORS.dependencyUnavailable } });
    expect(answer.headers['retry-after']).toBeDefined();
  });

  it('still answers 500 without Retry-After for an error that is not a dependency fault', async () => {
    dynamo.on(GetItemCommand).rejects(new TypeError("Cannot read properties of undefined (reading 'id')"));
    const answer = await invoke(getSubscriber, subscriberEvent('GET', 'candidate', SUBSCRIBER_ID));
    expect(answer).toMatchObject({ statusCode: 500, json: { message: API_ERRORS.internal } });
    expect(answer.headers['retry-after']).toBeUndefined();
  });
});

describe('ANY /api/{proxy+} fallback', () => {
  const anyEvent = (method: string, path: string) =>
    apiEvent({ routeKey: 'ANY /api/{proxy+}', method, path, pathParameters: { proxy: path.slice('/api/'.length) } });

  it.each([
    ['DELETE', `/api/candidate/subscribers/${SUBSCRIBER_ID}`, 'GET, PUT'],
    ['GET', '/api/employer/scorecard', 'POST'],
    ['GET', '/api/signup', 'POST'],
    ['GET', `/api/employer/subscribers/${SUBSCRIBER_ID}/one-click`, 'POST'],
  ])('answers 405 for %s %s and lists the allowed methods', async (method, path, allow) => {
    const answer = await invoke(apiFallback, anyEvent(method, path));
    expect(answer).toMatchObject({ statusCode: 405, json: { message: API_ERRORS.methodNotAllowed } });
    expect(answer.headers.allow).toBe(allow);
  });

  it.each(['/api/nothing', '/api', '/api/employer/scorecard/extra'])('answers a JSON 404 for %s', async (path) => {
    const answer = await invoke(apiFallback, anyEvent('GET', path));
    expect(answer).toMatchObject({ statusCode: 404, json: { message: API_ERRORS.notFound } });
    expect(answer.headers['content-type']).toBe('application/json');
  });
});
