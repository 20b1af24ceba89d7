import { ValidationError, type AnyObject, type ObjectSchema, type Schema } from 'yup';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { HttpError } from './http-error';
import { wrongType } from './messages';

/** What each yup field type must be in JSON; yup alone would quietly cast 5 to "5". */
const EXPECTED_JSON_TYPE: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
};

const jsonTypeOf = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);

const typeErrors = (fields: Record<string, unknown>, body: Record<string, unknown>): string[] =>
  Object.entries(body).flatMap(([key, value]) => {
    const field = fields[key] as Schema;
    // null is JSON's "none": a nullable field takes it (the console clears a follow-up date so).
    if (value === null && field.spec.nullable) return [];
    const expected = EXPECTED_JSON_TYPE[field.type];
    return expected && jsonTypeOf(value) !== field.type ? [wrongType(key, expected)] : [];
  });

/** One message per field, as a form shows it: "Invalid email", not also the domain rule. */
const firstMessagePerField = (error: ValidationError): string[] => {
  const byField = new Map<string, string>();
  for (const inner of error.inner.length > 0 ? error.inner : [error]) {
    const field = inner.path ?? '';
    if (!byField.has(field)) byField.set(field, inner.message);
  }
  return [...byField.values()];
};

/**
 * Validates a parsed JSON object with the same yup schema the form uses, plus the server's
 * own rules: no unknown keys (no mass assignment) and JSON types as the schema declares.
 * Answers 400 with the schema's own messages, e.g. "First Name is Required*".
 */
export const validateBody = async <T extends AnyObject>(
  schema: ObjectSchema<T>,
  body: Record<string, unknown>,
): Promise<T> => {
  const unknownKeys = Object.keys(body).filter((key) => !Object.hasOwn(schema.fields, key));
  if (unknownKeys.length > 0) throw new HttpError(400, API_ERRORS.unknownFields(unknownKeys));

  const wrongTypes = typeErrors(schema.fields, body);
  if (wrongTypes.length > 0) throw new HttpError(400, wrongTypes.join(' '));

  try {
    return (await schema.validate(body, { abortEarly: false })) as T;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new HttpError(400, firstMessagePerField(error).join(' '));
  }
};
