import { API_ERRORS, MAX_BODY_BYTES } from '../../shared/constants';
import { HttpError } from './http-error';
import type { ApiEvent } from './types';

export interface ContentType {
  mediaType: string;
  params: Record<string, string>;
}

/** `Content-Type: multipart/form-data; boundary=x` -> { mediaType, params: { boundary } }. */
export const contentType = (event: ApiEvent): ContentType => {
  const [mediaType = '', ...rawParams] = (event.headers?.['content-type'] ?? '').split(';');
  const params: Record<string, string> = {};
  for (const rawParam of rawParams) {
    const separator = rawParam.indexOf('=');
    if (separator < 0) continue;
    const name = rawParam.slice(0, separator).trim().toLowerCase();
    params[name] = rawParam.slice(separator + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return { mediaType: mediaType.trim().toLowerCase(), params };
};

/**
 * The body as text: API Gateway base64-encodes bodies it treats as binary. Oversized bodies
 * are refused before anything parses them.
 */
export const readRawBody = (event: ApiEvent): string => {
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.byteLength > MAX_BODY_BYTES) throw new HttpError(413, API_ERRORS.bodyTooLarge);
  return bytes.toString('utf8');
};
