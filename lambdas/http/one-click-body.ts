import { HttpError } from './http-error';
import { ONE_CLICK_BODY, ONE_CLICK_MEDIA_TYPE } from './messages';
import { multipartFields } from './multipart';
import { mediaType, readRawBody } from './raw-body';
import type { ApiEvent, HttpMiddleware } from './types';

const formFields = (event: ApiEvent): Map<string, string> | URLSearchParams => {
  const type = mediaType(event);
  if (type === 'application/x-www-form-urlencoded') return new URLSearchParams(readRawBody(event));
  const boundary = /;\s*boundary="?([^";]+)"?/i.exec(event.headers?.['content-type'] ?? '')?.[1];
  if (type === 'multipart/form-data' && boundary) return multipartFields(readRawBody(event), boundary);
  throw new HttpError(415, ONE_CLICK_MEDIA_TYPE);
};

/**
 * RFC 8058: a mail provider's one-click unsubscribe is a POST whose form body is exactly
 * `List-Unsubscribe=One-Click`. Anything else is not a one-click request and changes nothing.
 */
export const oneClickBody = (): HttpMiddleware => ({
  before: (request) => {
    if (formFields(request.event).get('List-Unsubscribe') !== 'One-Click') {
      throw new HttpError(400, ONE_CLICK_BODY);
    }
  },
});
