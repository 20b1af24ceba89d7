import type { AnyObject, ObjectSchema } from 'yup';
import { jsonObjectOf } from './json-object';
import type { ApiEvent } from './types';

/**
 * A route's declared body: the request's JSON body checked against the route's schema, before the
 * route runs (lambdas/console/kit/router.ts answerRoute). Read and parsed as the public API's
 * jsonBody middleware reads it (jsonObjectOf: 413, 400), then checked by the same validator
 * (validateBody: unknown fields, JSON types, the schema's own messages, 400).
 */
export interface BodySchema<T extends AnyObject> {
  read(event: ApiEvent): Promise<T>;
}

/**
 * One screen's module of schemas for the console's functions, whose requests mostly read and
 * check no body: the module, yup and the checks are loaded at the first request with something to
 * check, not at every cold start (yup with one screen's schemas is 6–12 ms of loading,
 * docs/decisions/0037; lambda-build.ts puts them in chunks of their own). `bodySchema` names a
 * route's schema in the module: `body: bodySchema((schemas) => schemas.newNoteSchema)`.
 * `maxBodyBytes`: the largest body read, for schemas whose fields outgrow MAX_BODY_BYTES (a
 * campaign's body); the schema's own limits then refuse with the form's words what the size check
 * would have answered with a bare 413.
 */
export const schemasOnFirstUse = <Schemas>(load: () => Promise<Schemas>, options: { maxBodyBytes?: number } = {}) => {
  /** A value the function put together (a restored revision, a draft to send), checked as a body would be. */
  const checked = async <T extends AnyObject>(
    pick: (schemas: Schemas) => ObjectSchema<T>,
    value: Record<string, unknown>,
  ): Promise<T> => {
    const [schemas, { validateBody }] = await Promise.all([load(), import('./validate-body')]);
    return validateBody(pick(schemas), value);
  };
  return {
    bodySchema: <T extends AnyObject>(pick: (schemas: Schemas) => ObjectSchema<T>): BodySchema<T> => ({
      read: (event) => checked(pick, jsonObjectOf(event, options.maxBodyBytes)),
    }),
    checked,
  };
};
