import * as API_ERRORS from '../../shared/constants/api-errors';
import * as log from '../runtime/log';
import { HttpError } from './http-error';
import { jsonResponse } from './responses';
import type { HttpMiddleware } from './types';

/**
 * The last middleware of the stack: an HttpError becomes its status and message; anything
 * else is logged with the request id and answered 500 without details (no stack traces out).
 */
export const errorResponses = (): HttpMiddleware => ({
  onError: (request) => {
    const { error } = request;
    if (error instanceof HttpError) {
      request.response = jsonResponse(error.statusCode, { message: error.message });
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
