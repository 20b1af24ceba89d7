import type { AnyObject, ObjectSchema } from 'yup';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { HttpError } from './http-error';
import { jsonObjectOf } from './json-object';
import { mediaType } from './raw-body';
import type { ApiEvent, HttpMiddleware, ValidatedEvent } from './types';
import { validateBody } from './validate-body';

/** Picks the schema for this request; may throw (e.g. 404 for a path that names nothing). */
export type SchemaFor = (event: ApiEvent, body: Record<string, unknown>) => ObjectSchema<AnyObject>;

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
