import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { API_ROUTES, type ApiRouteName } from '#shared/paths.ts';
import { API_FALLBACK_HANDLER, FUNCTIONS, routeHandler, type FunctionName } from '../../cdk/constructs/functions';
import { lambdaContext, normaliseResult, toApiGatewayEvent } from './api-gateway-event';
import { MalformedPathError, matchApiRoute, type RouteMatch } from './api-routes-matcher';
import { authorize } from './origin-verify';
import { FunctionTimeoutError } from '../functions/sandbox/function-sandbox';
import { runAs } from '../functions/iam/function-identity';

type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2 | string | undefined>;

/** API Gateway's own payload limit; our handlers answer 413 far below it. */
const GATEWAY_MAX_BODY = 10 * 1024 * 1024;

/**
 * Imports the real handler modules. Call only after the environment the handlers read
 * (table names, emulator endpoints) is set: they read it once at module load, as on Lambda.
 */
export async function loadHttpHandlers(repoRoot: string): Promise<Record<FunctionName, HttpHandler>> {
  const names = [...(Object.keys(API_ROUTES) as ApiRouteName[]).map(routeHandler), API_FALLBACK_HANDLER];
  const entries = await Promise.all(
    names.map(async (name) => {
      const mod = (await import(`${repoRoot}/${FUNCTIONS[name].entry}`)) as { handler: HttpHandler };
      return [name, mod.handler] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<FunctionName, HttpHandler>;
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= GATEWAY_MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > GATEWAY_MAX_BODY ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendMessage(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message }));
}

/**
 * The handler's answer, or a FunctionTimeoutError at its function's configured timeout, as API
 * Gateway sees a Lambda that ran out of time. The API handlers run in this process (a worker
 * thread each would cost the stack seconds and hundreds of MB), so the work of one cut here is
 * not stopped as Lambda would stop it; their AWS calls have budgets well inside the timeout
 * (lambdas/runtime/aws-clients). The mail functions run in sandboxes that are cut for real.
 */
const withinTimeout = async <T>(name: FunctionName, run: (deadline: number) => Promise<T>): Promise<T> => {
  const { timeoutSeconds } = FUNCTIONS[name];
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FunctionTimeoutError(timeoutSeconds)), timeoutSeconds * 1000);
  });
  try {
    return await Promise.race([run(Date.now() + timeoutSeconds * 1000), timedOut]);
  } finally {
    clearTimeout(timer);
  }
};

/** Routes /api/* like API Gateway: match the route key, build the v2 event, invoke the handler. */
export function createApiDispatcher(handlers: Record<FunctionName, HttpHandler>) {
  return async function dispatch(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body = await readBody(req);
    if (body === undefined) return sendMessage(res, 413, 'Request Entity Too Large');
    let match: RouteMatch | undefined;
    try {
      match = matchApiRoute(req.method ?? 'GET', url.pathname);
    } catch (error) {
      if (error instanceof MalformedPathError) return sendMessage(res, 400, error.message);
      throw error;
    }
    if (!match) return sendMessage(res, 404, 'Not Found');
    const name = match.routeName === 'fallback' ? API_FALLBACK_HANDLER : routeHandler(match.routeName);
    const event = toApiGatewayEvent(req, url, body, match);
    // Every route has the origin-verify authorizer in AWS: only what came through CloudFront passes.
    const refusal = await authorize(event);
    if (refusal) return sendMessage(res, refusal.status, refusal.message);
    let result: APIGatewayProxyStructuredResultV2;
    try {
      result = normaliseResult(
        // Its AWS calls are held to its own role (docs/decisions/0041-iam-enforced-twin.md).
        await withinTimeout(name, (deadline) =>
          runAs(name, () => handlers[name](event, lambdaContext(name, deadline))),
        ),
      );
    } catch (error) {
      // What an HTTP API answers when its Lambda integration fails, timeouts included:
      // https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-troubleshooting-lambda.html
      console.error(`[api] ${name} ${error instanceof FunctionTimeoutError ? 'timed out' : 'threw'}`, error);
      return sendMessage(res, 500, 'Internal Server Error');
    }
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(result.headers ?? {})) headers[key.toLowerCase()] = String(value);
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    res.writeHead(result.statusCode ?? 200, headers);
    res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
  };
}
