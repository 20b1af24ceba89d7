/**
 * A conditional write lost (item exists / does not exist / counter full). Checked by name so
 * the bundle does not pull the client's exception classes just for `instanceof`.
 */
export const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';
