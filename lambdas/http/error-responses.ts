import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { Refusal, type RefusalReason } from '../domain/refusal';
import * as log from '../runtime/log';
import { isDependencyFault } from './dependency-fault';
import { HttpError } from './http-error';
import { jsonResponse } from './responses';
import type { HttpMiddleware } from './types';

/** The answer to each reason the domain refuses a request for. */
const REFUSAL_STATUS: Record<RefusalReason, number> = {
  'not-found': 404,
  expired: 410,
  'too-many': 429,
  conflict: 409,
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  unavailable: 503,
};

/** Seconds a visitor should wait before resending after a dependency outage. */
const RETRY_AFTER_SECONDS = '5';

/**
 * The last middleware of the stack: an HttpError becomes its status and message, a domain
 * Refusal its reason's status and its message; a dependency
 * outage (DynamoDB or SES down, slow or throttling) a 503 with Retry-After, which the forms
 * show while keeping the visitor's input; anything else is logged with the request id and
 * answered 500 without details (no stack traces out).
 */
export const errorResponses = (): HttpMiddleware => ({
  onError: (request) => {
    const { error } = request;
    if (error instanceof HttpError) {
      request.response = jsonResponse(error.statusCode, { message: error.message });
      return;
    }
    if (error instanceof Refusal) {
      request.response = jsonResponse(REFUSAL_STATUS[error.reason], { message: error.message });
      return;
    }
    if (isDependencyFault(error)) {
      log.warn('Dependency unavailable', {
        error,
        routeKey: request.event?.routeKey,
        requestId: request.event?.requestContext?.requestId,
      });
      request.response = jsonResponse(
        503,
        { message: API_ERRORS.dependencyUnavailable },
        { 'retry-after': RETRY_AFTER_SECONDS },
      );
      return;
    }
    log.error('Unhandled error', {
      error,
      routeKey: request.event?.routeKey,
      requestId: request.event?.requestContext?.requestId,
    });
    request.response = jsonResponse(500, { message: API_ERRORS.internal });
  },
});
