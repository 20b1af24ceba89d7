import type { AnyObject, ObjectSchema } from 'yup';
import { jsonObjectOf } from './json-object';
import type { ApiEvent } from './types';

/**
 * validateBody (the forms' own yup schemas, the server's rules) for the console's functions,
 * whose requests mostly read and check no body: a module of schemas, yup and the checks are read
 * at the first request with something to check, not at every cold start (yup with one screen's
 * schemas is 6–12 ms of loading, docs/decisions/0037; lambda-build.ts puts them in chunks of
 * their own). `pick` names the request's schema in the module:
 * `bodyOf(event, (schemas) => schemas.newNoteSchema)`. `maxBodyBytes`: the largest body read, for
 * schemas whose fields outgrow MAX_BODY_BYTES (a campaign's body); the schema's own limits then
 * refuse with the form's words what the size check would have answered with a bare 413.
 */
export const schemasOnFirstUse = <Schemas>(load: () => Promise<Schemas>, options: { maxBodyBytes?: number } = {}) => {
  const checked = async <T extends AnyObject>(
    pick: (schemas: Schemas) => ObjectSchema<T>,
    value: Record<string, unknown>,
  ): Promise<T> => {
    const [schemas, { validateBody }] = await Promise.all([load(), import('./validate-body')]);
    return validateBody(pick(schemas), value);
  };
  return {
    /** The request's JSON body, checked (as jsonBody answers: 415 aside, 413 and 400). */
    bodyOf: <T extends AnyObject>(event: ApiEvent, pick: (schemas: Schemas) => ObjectSchema<T>) =>
      checked(pick, jsonObjectOf(event, options.maxBodyBytes)),
    /** A value the function put together, checked as a body would be. */
    checked,
  };
};
