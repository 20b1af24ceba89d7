import { SESSION_COOKIE } from '#shared/console/common.ts';
import type { ApiEvent } from '../../http/types';

/**
 * The session cookie (RFC 6265bis): `__Host-` (this host only, Path=/, Secure), HttpOnly (no
 * script reads it), SameSite=Strict (no other site's page sends it). It lasts as long as the
 * session's absolute limit; the server ends it sooner when idle.
 */
export const sessionCookie = (token: string, maxAgeSeconds: number): string =>
  `${SESSION_COOKIE}=${token}; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}`;

export const clearedSessionCookie = (): string => sessionCookie('', 0);

/**
 * The session token the request carries. API Gateway's payload 2.0 moves the Cookie header into
 * `event.cookies`, one `name=value` per entry
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html).
 */
export const sessionTokenOf = (event: ApiEvent): string | undefined => {
  const prefix = `${SESSION_COOKIE}=`;
  const value = event.cookies
    ?.find((cookie) => cookie.trim().startsWith(prefix))
    ?.trim()
    .slice(prefix.length);
  return value || undefined;
};
