import { DUPLICATE_WINDOW_SECONDS, SCORECARD_MAILS_PER_ADDRESS_PER_DAY, SIGNUP_MAILS_PER_ADDRESS_PER_DAY } from '../../shared/constants/limits';
import { utcDay } from '../runtime/clock';
import { putIfAbsent, updateItem } from './items';
import type { TableStore } from './stores';

const duplicateMarkerId = (fingerprint: string) => `dedupe#${fingerprint}`;
const DAY_SECONDS = 24 * 3600;

/**
 * Claims a submission fingerprint for DUPLICATE_WINDOW_SECONDS. False means an identical
 * submission is already being (or was just) handled: a double click or a client retry.
 * An expired marker still in the table (TTL deletion lags) counts as free.
 */
export const claimSubmission = (store: TableStore, fingerprint: string, now: number): Promise<boolean> =>
  putIfAbsent(
    store,
    { id: duplicateMarkerId(fingerprint), kind: 'duplicate-marker', createdAt: now, expiresAt: now + DUPLICATE_WINDOW_SECONDS },
    'attribute_not_exists(id) OR expiresAt < :now',
    { ':now': now },
  );

/**
 * Frees the fingerprint when the submission was refused or failed, so a retry is not a
 * "duplicate": the marker is expired now (claimSubmission treats expired markers as free,
 * and TTL removes it), which reuses UpdateItem instead of bundling DeleteItem as well.
 */
export const releaseSubmission = async (store: TableStore, fingerprint: string, now: number): Promise<void> => {
  await updateItem(store, duplicateMarkerId(fingerprint), {
    UpdateExpression: 'SET expiresAt = :expired',
    ExpressionAttributeValues: { ':expired': { N: String(now - 1) } },
  });
};

/** The public forms email whatever address is typed in: each may do so a few times a day per address. */
const DAILY_MAIL_LIMIT = { scorecard: SCORECARD_MAILS_PER_ADDRESS_PER_DAY, signup: SIGNUP_MAILS_PER_ADDRESS_PER_DAY };

/**
 * Counts one mail from this form to this address today (UTC) if it is still under the daily
 * limit; false when the limit is reached. The conditional ADD is atomic, so parallel
 * requests cannot overshoot. The counter expires a day after its day ends.
 */
export const countMailToAddress = async (
  store: TableStore,
  form: keyof typeof DAILY_MAIL_LIMIT,
  email: string,
  now: number,
): Promise<boolean> => {
  const day = utcDay(now);
  const nextDay = Date.parse(`${day}T00:00:00Z`) / 1000 + DAY_SECONDS;
  const counted = await updateItem(store, `limit#${form}#${email}#${day}`, {
    UpdateExpression: 'ADD mailCount :one SET #kind = :kind, expiresAt = :expiresAt',
    ConditionExpression: 'attribute_not_exists(mailCount) OR mailCount < :limit',
    ExpressionAttributeNames: { '#kind': 'kind' },
    ExpressionAttributeValues: {
      ':one': { N: '1' },
      ':kind': { S: 'mail-counter' },
      ':expiresAt': { N: String(nextDay + DAY_SECONDS) },
      ':limit': { N: String(DAILY_MAIL_LIMIT[form]) },
    },
  });
  return counted !== undefined;
};
