import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerResult } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '#shared/origin-headers.ts';
import { secretEquals } from '../runtime/secret-equals';
import { createSecretsManagerClient } from '../runtime/aws-clients/secrets-manager';
import { requireEnv } from '../runtime/env';
import * as log from '../runtime/log';

/**
 * The API's Lambda authorizer (simple responses), on every route: a request is allowed only
 * when it carries the secret CloudFront adds as an origin custom header, so calling the
 * execute-api URL directly skips neither the security headers nor the viewer address the
 * per-client limits trust. See docs/decisions/0020-origin-verify.md.
 *
 * The secret is read from Secrets Manager (ORIGIN_VERIFY_SECRET_ARN) once per cold start; the
 * local twin answers the same call with a secret of its own (infra/local/functions/local-secrets.ts).
 */
const secretArn = requireEnv('ORIGIN_VERIFY_SECRET_ARN');

let expected: Promise<string> | undefined;

async function readSecret(): Promise<string> {
  const { SecretString } = await createSecretsManagerClient().send(new GetSecretValueCommand({ SecretId: secretArn }));
  if (!SecretString) throw new Error('The origin-verify secret has no string value');
  return SecretString;
}

/** Memoised for the life of the instance; a failed read is retried by the next request. */
const expectedSecret = (): Promise<string> =>
  (expected ??= readSecret().catch((error: unknown) => {
    expected = undefined;
    throw error;
  }));

export const handler = async (event: APIGatewayRequestAuthorizerEventV2): Promise<APIGatewaySimpleAuthorizerResult> => {
  const isAuthorized = secretEquals(event.headers?.[ORIGIN_VERIFY_HEADER], await expectedSecret());
  if (!isAuthorized) {
    // API Gateway caches this answer per header value, so a prober shows up once per cache period.
    log.warn('Refused a request that did not come through CloudFront', {
      routeKey: event.routeKey,
      sourceIp: event.requestContext.http.sourceIp,
    });
  }
  return { isAuthorized };
};
