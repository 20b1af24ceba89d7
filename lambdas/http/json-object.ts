import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { HttpError } from './http-error';
import { BODY_NOT_OBJECT } from './messages';
import { readRawBody } from './raw-body';
import type { ApiEvent } from './types';

const parseJsonObject = (text: string): Record<string, unknown> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, API_ERRORS.malformedJson);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new HttpError(400, BODY_NOT_OBJECT);
  }
  return parsed as Record<string, unknown>;
};

/** Each event's body, parsed once: the object, or the error that refused it. */
const parsedBodies = new WeakMap<ApiEvent, Record<string, unknown> | Error>();

/**
 * The body as a JSON object, read and parsed once per event by whichever middleware asks first
 * (the honeypot, then jsonBody). Throws as jsonBody answers: 413 (over `maxBytes`, readRawBody's
 * MAX_BODY_BYTES unless the route says), 400 (JSON, not an object).
 */
export const jsonObjectOf = (event: ApiEvent, maxBytes?: number): Record<string, unknown> => {
  let parsed = parsedBodies.get(event);
  if (!parsed) {
    try {
      parsed = parseJsonObject(readRawBody(event, maxBytes));
    } catch (refused) {
      parsed = refused as Error;
    }
    parsedBodies.set(event, parsed);
  }
  if (parsed instanceof Error) throw parsed;
  return parsed;
};
