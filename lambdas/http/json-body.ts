import type { AnyObject, ObjectSchema } from 'yup';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { HttpError } from './http-error';
import { BODY_NOT_OBJECT } from './messages';
import { mediaType, readRawBody } from './raw-body';
import type { ApiEvent, HttpMiddleware, ValidatedEvent } from './types';
import { validateBody } from './validate-body';

/** Picks the schema for this request; may throw (e.g. 404 for a path that names nothing). */
export type SchemaFor = (event: ApiEvent, body: Record<string, unknown>) => ObjectSchema<AnyObject>;

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
 * (the honeypot, then jsonBody). Throws as jsonBody answers: 413 (size), 400 (JSON, not an object).
 */
export const jsonObjectOf = (event: ApiEvent): Record<string, unknown> => {
  let parsed = parsedBodies.get(event);
  if (!parsed) {
    try {
      parsed = parseJsonObject(readRawBody(event));
    } catch (refused) {
      parsed = refused as Error;
    }
    parsedBodies.set(event, parsed);
  }
  if (parsed instanceof Error) throw parsed;
  return parsed;
};

/**
 * Reads a JSON body and validates it before the handler runs, so a handler only ever sees
 * `event.validBody` of its schema's type. Order: media type (415), size (413), JSON (400),
 * then the schema (400).
 */
export const jsonBody = (schemaFor: SchemaFor): HttpMiddleware => ({
  before: async (request) => {
    const event = request.event;
    if (mediaType(event) !== 'application/json') {
      throw new HttpError(415, API_ERRORS.unsupportedMediaType);
    }
    const body = jsonObjectOf(event);
    (event as ValidatedEvent<AnyObject>).validBody = await validateBody(schemaFor(event, body), body);
  },
});
