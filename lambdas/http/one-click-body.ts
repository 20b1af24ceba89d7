import { HttpError } from './http-error';
import { SERVER_ERRORS } from './messages';
import { multipartFields } from './multipart';
import { contentType, readRawBody } from './raw-body';
import type { ApiEvent, HttpMiddleware } from './types';

const formFields = (event: ApiEvent): Map<string, string> | URLSearchParams => {
  const { mediaType, params } = contentType(event);
  if (mediaType === 'application/x-www-form-urlencoded') return new URLSearchParams(readRawBody(event));
  if (mediaType === 'multipart/form-data' && params.boundary) {
    return multipartFields(readRawBody(event), params.boundary);
  }
  throw new HttpError(415, SERVER_ERRORS.oneClickMediaType);
};

/**
 * RFC 8058: a mail provider's one-click unsubscribe is a POST whose form body is exactly
 * `List-Unsubscribe=One-Click`. Anything else is not a one-click request and changes nothing.
 */
export const oneClickBody = (): HttpMiddleware => ({
  before: (request) => {
    if (formFields(request.event).get('List-Unsubscribe') !== 'One-Click') {
      throw new HttpError(400, SERVER_ERRORS.oneClickBody);
    }
  },
});
