import { createHash } from 'node:crypto';

/** Fields that differ between two clicks of the same form: not part of "the same submission". */
const VOLATILE_FIELDS = new Set(['createdAt', 'updatedAt', 'website']);

/**
 * A stable hash of what was submitted: the validated values (already trimmed, email
 * normalised) in key order, without timestamps. Two requests with the same fingerprint inside
 * the duplicate window are one submission.
 */
export const submissionFingerprint = (scope: string, values: Record<string, unknown>): string => {
  const canonical = Object.keys(values)
    .filter((key) => !VOLATILE_FIELDS.has(key))
    .sort()
    .map((key) => [key, values[key]]);
  return createHash('sha256').update(JSON.stringify([scope, canonical])).digest('hex');
};
