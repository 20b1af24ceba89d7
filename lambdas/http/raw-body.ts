import { MAX_BODY_BYTES } from '#shared/constants/limits.ts';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { HttpError } from './http-error';
import type { ApiEvent } from './types';

/** `Content-Type: application/json; charset=utf-8` -> `application/json`. */
export const mediaType = (event: ApiEvent): string =>
  (event.headers?.['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * The body as text: API Gateway base64-encodes bodies it treats as binary. Oversized bodies
 * are refused before anything parses them: MAX_BODY_BYTES for the forms, more only where a
 * route's own schema allows a longer field (a campaign's body, CAMPAIGN_BODY_MAX_BYTES).
 */
export const readRawBody = (event: ApiEvent, maxBytes = MAX_BODY_BYTES): string => {
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.byteLength > maxBytes) throw new HttpError(413, API_ERRORS.bodyTooLarge);
  return bytes.toString('utf8');
};
