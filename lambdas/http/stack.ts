import middy from '@middy/core';
import { errorResponses } from './error-responses';
import type { ApiEvent, ApiResult, HttpMiddleware } from './types';

/**
 * The one HTTP middleware stack every API handler uses: the route's body readers (if any)
 * run first, the error responder is attached last so it sees every error. Handlers stay
 * thin: event in, domain call, response out.
 */
export const httpHandler = <TEvent extends ApiEvent>(
  route: (event: TEvent) => Promise<ApiResult>,
  ...bodyReaders: HttpMiddleware[]
) =>
  middy<TEvent, ApiResult>((event: TEvent) => route(event))
    .use(bodyReaders)
    .use(errorResponses());
