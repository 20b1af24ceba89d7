import type { AnyObject, ObjectSchema } from 'yup';
import { jsonObjectOf } from './json-object';
import type { ApiEvent } from './types';

/**
 * A route's body schema as the route declares it: the schema is read (with yup) at the first
 * request with a body to check, not at every cold start. `maxBodyBytes`: the largest body read,
 * for schemas whose fields outgrow MAX_BODY_BYTES (a campaign's body); the schema's own limits
 * then refuse with the form's words what the size check would have answered with a bare 413.
 */
export interface BodySchema<T extends AnyObject> {
  load(): Promise<ObjectSchema<T>>;
  maxBodyBytes?: number;
}

/**
 * One screen's module of schemas for the console's functions, whose requests mostly read and
 * check no body: the module, yup and the checks are loaded at the first request with something to
 * check (yup with one screen's schemas is 6–12 ms of loading, docs/decisions/0037; lambda-build.ts
 * puts them in chunks of their own). `bodySchema` names a route's schema in the module, e.g.
 * `body: bodySchema((schemas) => schemas.newNoteSchema)`.
 */
export const schemasOnFirstUse = <Schemas>(load: () => Promise<Schemas>, options: { maxBodyBytes?: number } = {}) => {
  const bodySchema = <T extends AnyObject>(pick: (schemas: Schemas) => ObjectSchema<T>): BodySchema<T> => ({
    load: async () => pick(await load()),
    ...(options.maxBodyBytes !== undefined && { maxBodyBytes: options.maxBodyBytes }),
  });
  return {
    bodySchema,
    /** A value the function put together (a restored revision, a draft to send), checked as a body would be. */
    checked: async <T extends AnyObject>(pick: (schemas: Schemas) => ObjectSchema<T>, value: Record<string, unknown>) =>
      checkedValue(bodySchema(pick), value),
  };
};

const checkedValue = async <T extends AnyObject>(schema: BodySchema<T>, value: Record<string, unknown>): Promise<T> => {
  const [loaded, { validateBody }] = await Promise.all([schema.load(), import('./validate-body')]);
  return validateBody(loaded, value);
};

/**
 * The request's JSON body checked against a route's declared schema, before the route runs: read
 * and parsed as the public API's jsonBody middleware reads it (jsonObjectOf: 413, 400), then the
 * same validator (validateBody: unknown fields, JSON types, the schema's own messages, 400).
 */
export const validBodyOf = <T extends AnyObject>(event: ApiEvent, schema: BodySchema<T>): Promise<T> =>
  checkedValue(schema, jsonObjectOf(event, schema.maxBodyBytes));
