import { createHash } from 'node:crypto';
import { DUPLICATE_WINDOW_SECONDS } from '#shared/constants/limits.ts';

/** Fields that differ between two clicks of the same form: not part of "the same submission". */
const VOLATILE_FIELDS = new Set(['createdAt', 'updatedAt', 'website']);

const keyOf = (scope: string, canonical: unknown[], window: number) =>
  createHash('sha256')
    .update(JSON.stringify([scope, canonical, window]))
    .digest()
    .subarray(0, 16)
    .toString('base64url');

/**
 * The lead keys a submission may have: derived from what was submitted (validated values in key
 * order, without timestamps) and the duplicate window it falls in. The first is where a new
 * lead is written; a lead under the second (the previous window) is the same submission resent
 * across a window boundary. Deriving the key makes the lead's conditional put the one write
 * that decides "stored or not", so a resent form is stored once (docs/decisions/0001-lead-delivery.md).
 */
export const leadKeys = (
  scope: string,
  values: Record<string, unknown>,
  now: number,
): { current: string; previous: string } => {
  const canonical = Object.keys(values)
    .filter((key) => !VOLATILE_FIELDS.has(key))
    .sort()
    .map((key) => [key, values[key]]);
  const window = Math.floor(now / DUPLICATE_WINDOW_SECONDS);
  return { current: keyOf(scope, canonical, window), previous: keyOf(scope, canonical, window - 1) };
};
