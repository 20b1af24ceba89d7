/**
 * A path that exists, asked with a method none of its routes takes: 405, answered here because only
 * http/ knows status codes (docs/architecture.md, Layers). The public API's fallback returns its
 * answer with the methods the path takes (Allow, RFC 9110 §15.5.6); the console's router throws it
 * from inside the stack, whose error answers (./error-responses.ts) turn it into the same 405.
 */
import { HttpError } from './http-error';
import { jsonResponse } from './responses';
import type { ApiResult } from './types';

/** The answer, with the methods the path takes in Allow (the public API's fallback). */
export const methodNotAllowedResponse = (message: string, allowed: readonly string[]): ApiResult =>
  jsonResponse(405, { message }, { allow: allowed.join(', ') });

/** The refusal a router throws (the console's, lambdas/console/kit/router.ts), answered 405 `{ message }`. */
export const methodNotAllowed = (message: string): HttpError => new HttpError(405, message);
