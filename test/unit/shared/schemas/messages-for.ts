import { ValidationError } from 'yup';

/** Every message a schema gives for a value (abortEarly off, as the API validates); none for a valid one. */
export const messagesFor = async (
  schema: { validate: (value: unknown, options: object) => Promise<unknown> },
  value: unknown,
): Promise<string[]> => {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as ValidationError).errors;
  }
};
