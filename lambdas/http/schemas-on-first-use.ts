import type { AnyObject, ObjectSchema } from 'yup';

/**
 * validateBody (the forms' own yup schemas, the server's rules) for the console's functions,
 * whose requests mostly read and check no body: a module of schemas, yup and the checks are read
 * at the first request with something to check, not at every cold start (yup and the schemas it
 * builds are about 5 ms of a cold start; lambda-build.ts puts them in chunks of their own).
 * `pick` names the request's schema in the module: `validate((schemas) => schemas.noteSchema, body)`.
 */
export const schemasOnFirstUse =
  <Schemas>(load: () => Promise<Schemas>) =>
  async <T extends AnyObject>(
    pick: (schemas: Schemas) => ObjectSchema<T>,
    body: Record<string, unknown>,
  ): Promise<T> => {
    const [schemas, { validateBody }] = await Promise.all([load(), import('./validate-body')]);
    return validateBody(pick(schemas), body);
  };
