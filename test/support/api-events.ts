/**
 * API Gateway HTTP API (payload 2.0) events and Lambda invocation helpers, shared by the
 * unit and integration tests so both drive the handlers the way API Gateway does.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { routeOfKey } from '#shared/route-key.ts';

export const lambdaContext = { awsRequestId: 'test-request', functionName: 'test' } as unknown as Context;

interface EventInput {
  routeKey: string;
  /** Defaults to the route key's method; set it for `ANY` routes. */
  method?: string;
  path: string;
  pathParameters?: Record<string, string>;
  body?: string;
  headers?: Record<string, string>;
  isBase64Encoded?: boolean;
}

export const apiEvent = (input: EventInput): APIGatewayProxyEventV2 => {
  const method = input.method ?? routeOfKey(input.routeKey).method;
  return {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath: input.path,
    rawQueryString: '',
    headers: input.headers ?? {},
    pathParameters: input.pathParameters,
    body: input.body,
    isBase64Encoded: input.isBase64Encoded ?? false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'site.test',
      domainPrefix: 'site',
      http: { method, path: input.path, protocol: 'HTTP/1.1', sourceIp: '192.0.2.1', userAgent: 'jest' },
      requestId: 'request-1',
      routeKey: input.routeKey,
      stage: '$default',
      time: '01/Jan/2025:00:00:00 +0000',
      timeEpoch: 1735689600000,
    },
  };
};

/** A JSON request as the site's fetch sends it. */
export const jsonEvent = (input: Omit<EventInput, 'body'> & { json: unknown }) =>
  apiEvent({
    ...input,
    headers: { 'content-type': 'application/json', ...input.headers },
    body: typeof input.json === 'string' ? input.json : JSON.stringify(input.json),
  });

type ApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export interface ApiAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json: any;
}

export const invoke = async (handler: unknown, event: APIGatewayProxyEventV2): Promise<ApiAnswer> => {
  const result = await (handler as ApiHandler)(event, lambdaContext);
  const body = result.body ?? '';
  return {
    statusCode: result.statusCode ?? 0,
    headers: (result.headers ?? {}) as Record<string, string>,
    body,
    json: body ? JSON.parse(body) : undefined,
  };
};

export const subscriberEvent = (method: 'GET' | 'PUT', audience: string, id: string, json?: unknown) =>
  json === undefined
    ? apiEvent({
        routeKey: `${method} /api/{audience}/subscribers/{id}`,
        path: `/api/${audience}/subscribers/${id}`,
        pathParameters: { audience, id },
      })
    : jsonEvent({
        routeKey: `${method} /api/{audience}/subscribers/{id}`,
        path: `/api/${audience}/subscribers/${id}`,
        pathParameters: { audience, id },
        json,
      });

export const oneClickEvent = (
  audience: string,
  id: string,
  body: string,
  contentType = 'application/x-www-form-urlencoded',
) =>
  apiEvent({
    routeKey: 'POST /api/{audience}/subscribers/{id}/one-click',
    path: `/api/${audience}/subscribers/${id}/one-click`,
    pathParameters: { audience, id },
    headers: { 'content-type': contentType },
    body,
  });

/** The viewer's address as CloudFront forwards it to the API (what the per-client limit counts). */
export const VIEWER = { 'cloudfront-viewer-address': '203.0.113.7:52144' };

export const scorecardEvent = (json: unknown, headers: Record<string, string> = VIEWER) =>
  jsonEvent({ routeKey: 'POST /api/employer/scorecard', path: '/api/employer/scorecard', json, headers });

export const signupEvent = (json: unknown, headers: Record<string, string> = VIEWER) =>
  jsonEvent({ routeKey: 'POST /api/signup', path: '/api/signup', json, headers });

export const confirmEvent = (audience: string, token: string, headers: Record<string, string> = {}) =>
  apiEvent({
    routeKey: 'POST /api/{audience}/confirmations/{token}',
    path: `/api/${audience}/confirmations/${token}`,
    pathParameters: { audience, token },
    headers: { ...VIEWER, 'user-agent': 'Mozilla/5.0 (unit)', ...headers },
  });

export const downloadEvent = (token: string) =>
  apiEvent({
    routeKey: 'GET /api/employer/scorecard/download/{token}',
    path: `/api/employer/scorecard/download/${token}`,
    pathParameters: { token },
  });
