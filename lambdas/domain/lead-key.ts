import { createHash } from 'node:crypto';
import { DUPLICATE_WINDOW_SECONDS } from '#shared/constants/limits.ts';

const DAY_SECONDS = 24 * 3600;

/** Fields that differ between two clicks of the same form: not part of "the same submission". */
const VOLATILE_FIELDS = new Set(['createdAt', 'updatedAt', 'website']);

/** 128 bits of a hash of what identifies a lead, within one time window (a window number). */
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

/**
 * The key of a subscriber's resubscribe confirmation for one UTC day: the same all day, so the
 * lead's conditional put lets through one confirmation email a day however often the preferences
 * page is saved (docs/decisions/0002-consent-model.md).
 */
export const resubscribeLeadKey = (subscriberId: string, now: number): string =>
  keyOf('resubscribe', [subscriberId], Math.floor(now / DAY_SECONDS));
