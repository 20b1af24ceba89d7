import { ValidationError, type AnyObject, type ObjectSchema, type Schema } from 'yup';
import { API_ERRORS } from '../../shared/constants/messages';
import { HttpError } from './http-error';
import { SERVER_ERRORS } from './messages';

/** How each yup field type must arrive in JSON; yup alone would quietly cast 5 to "5". */
const JSON_TYPE_CHECKS: Record<string, { expected: string; accepts: (value: unknown) => boolean }> = {
  string: { expected: 'text', accepts: (value) => typeof value === 'string' },
  number: { expected: 'a number', accepts: (value) => typeof value === 'number' && Number.isFinite(value) },
  boolean: { expected: 'true or false', accepts: (value) => typeof value === 'boolean' },
  array: { expected: 'a list', accepts: (value) => Array.isArray(value) },
};

const typeErrors = (fields: Record<string, unknown>, body: Record<string, unknown>): string[] =>
  Object.entries(body).flatMap(([key, value]) => {
    const check = JSON_TYPE_CHECKS[(fields[key] as Schema).type];
    return check && !check.accepts(value) ? [SERVER_ERRORS.wrongType(key, check.expected)] : [];
  });

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
    throw new HttpError(400, [...new Set(error.errors)].join(' '));
  }
};
