import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  APIGatewayProxyEventV2,
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerResult,
} from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER, VIEWER_COUNTRY_HEADER } from '#shared/origin-headers.ts';
import { FUNCTIONS } from '../../cdk/constructs/functions';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { runAs } from '../functions/iam/function-identity';
import { LOCAL_ACCOUNT, LOCAL_REGION } from '../functions/iam/local-arns';

/**
 * The local twin of docs/decisions/0020-origin-verify.md, both halves: what CloudFront adds to
 * an /api request (the origin-verify secret, the viewer's address) and the API's authorizer,
 * which runs the real handler (lambdas/handlers/origin-verify.ts) before any route handler.
 */

/** Stands in for the stack's Secrets Manager secret: a new one for every server process. */
const LOCAL_ORIGIN_SECRET = randomBytes(32).toString('base64url');
/** Its ARN on the twin: ORIGIN_VERIFY_SECRET_ARN, read through the twin's Secrets Manager (local-secrets.ts). */
export const LOCAL_ORIGIN_SECRET_ARN = `arn:aws:secretsmanager:${LOCAL_REGION}:${LOCAL_ACCOUNT}:secret:origin-verify-twin`;
/** The secrets the twin's Secrets Manager holds. */
export const localSecrets = (): Record<string, string> => ({ [LOCAL_ORIGIN_SECRET_ARN]: LOCAL_ORIGIN_SECRET });

/**
 * "ip:port" as CloudFront writes CloudFront-Viewer-Address: IPv6 without brackets, and an IPv4
 * client of a dual-stack socket (::ffff:a.b.c.d) as plain IPv4.
 */
export function viewerAddress(ip: string | undefined, port: number | undefined): string {
  return `${(ip ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')}:${port ?? 0}`;
}

/**
 * Where the twin places every viewer: it has no address database, and the firm's visitors are
 * mostly in Canada, so a local visit shows in the console under a country like a real one.
 */
export const LOCAL_VIEWER_COUNTRY = 'CA';

/** CloudFront's /api/* behaviour: adds its headers, overwriting any value the viewer sent. */
export function addCloudFrontOriginHeaders(req: IncomingMessage): IncomingMessage {
  req.headers[VIEWER_ADDRESS_HEADER] = viewerAddress(req.socket.remoteAddress, req.socket.remotePort);
  req.headers[VIEWER_COUNTRY_HEADER] = LOCAL_VIEWER_COUNTRY;
  req.headers[ORIGIN_VERIFY_HEADER] = LOCAL_ORIGIN_SECRET;
  return req;
}

type Authorizer = (event: APIGatewayRequestAuthorizerEventV2) => Promise<APIGatewaySimpleAuthorizerResult>;
let authorizer: Promise<Authorizer> | undefined;

/**
 * Loaded once, as Lambda loads it: it reads the secret from Secrets Manager by ORIGIN_VERIFY_SECRET_ARN
 * (the stack points it and the SDK's endpoint at the twin's), as the function's own call.
 */
const loadAuthorizer = (): Promise<Authorizer> =>
  (authorizer ??= (async () => {
    const mod = (await import(`${REPO_ROOT}/${FUNCTIONS.originVerify.entry}`)) as { handler: Authorizer };
    return mod.handler;
  })());

/** API Gateway's own answer when the authorizer does not let a request through. */
export interface Refusal {
  readonly status: 401 | 403;
  readonly message: 'Unauthorized' | 'Forbidden';
}

/**
 * Runs the authorizer as API Gateway does for a simple-response authorizer whose identity
 * source is the origin-verify header: a request without the header is refused with 401
 * without calling the function; `isAuthorized: false` is a 403.
 */
export async function authorize(event: APIGatewayProxyEventV2): Promise<Refusal | undefined> {
  const presented = event.headers[ORIGIN_VERIFY_HEADER];
  if (!presented) return { status: 401, message: 'Unauthorized' };
  const handler = await loadAuthorizer();
  const { isAuthorized } = await runAs('originVerify', () =>
    handler({
      ...event,
      type: 'REQUEST',
      routeArn: `arn:aws:execute-api:ca-central-1:${event.requestContext.accountId}:${event.requestContext.apiId}/$default/${event.requestContext.http.method}${event.rawPath}`,
      identitySource: [presented],
      cookies: event.cookies ?? [],
    }),
  );
  return isAuthorized ? undefined : { status: 403, message: 'Forbidden' };
}
