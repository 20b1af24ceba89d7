import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { API_ROUTES } from '#shared/paths.ts';
import { routeKeyPattern } from '#shared/route-key.ts';
import { Refusal } from '../domain/refusal';
import { methodNotAllowedResponse } from '../http/method-not-allowed';
import { httpHandler } from '../http/stack';

const ROUTES = Object.values(API_ROUTES).map(routeKeyPattern);

/** The methods the API answers on this path; empty when no route has this path at all. */
const allowedMethods = (path: string): string[] =>
  ROUTES.filter((route) => route.match(path)).map((route) => route.method);

/**
 * ANY /api/{proxy+}: whatever no route matched. A known path with another method is 405
 * (with Allow), anything else a JSON 404, so the API never answers with the site's HTML.
 */
export const handler = httpHandler(async (event) => {
  const allowed = allowedMethods(event.rawPath);
  if (allowed.length > 0) return methodNotAllowedResponse(API_ERRORS.methodNotAllowed, allowed);
  throw new Refusal('not-found', API_ERRORS.notFound);
});
