import { DeleteItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { DUPLICATE_WINDOW_SECONDS, SCORECARD_MAILS_PER_ADDRESS_PER_DAY } from '../../shared/constants/limits';
import { utcDay } from '../runtime/clock';
import { isConditionFailure } from './condition-failure';
import type { TableStore } from './stores';

const duplicateMarkerId = (fingerprint: string) => `dedupe#${fingerprint}`;

/**
 * Claims a submission fingerprint for DUPLICATE_WINDOW_SECONDS. False means an identical
 * submission is already being (or was just) handled: a double click or a client retry.
 * An expired marker still in the table (TTL deletion lags) counts as free.
 */
export const claimSubmission = async (store: TableStore, fingerprint: string, now: number): Promise<boolean> => {
  try {
    await store.db.send(
      new PutItemCommand({
        TableName: store.table,
        Item: marshall({ id: duplicateMarkerId(fingerprint), kind: 'duplicate-marker', createdAt: now, expiresAt: now + DUPLICATE_WINDOW_SECONDS }),
        ConditionExpression: 'attribute_not_exists(id) OR expiresAt < :now',
        ExpressionAttributeValues: marshall({ ':now': now }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** Frees the fingerprint when the submission was refused or failed, so a retry is not a "duplicate". */
export const releaseSubmission = async (store: TableStore, fingerprint: string): Promise<void> => {
  await store.db.send(new DeleteItemCommand({ TableName: store.table, Key: marshall({ id: duplicateMarkerId(fingerprint) }) }));
};

/**
 * Counts one scorecard mail for this address today (UTC) if it is still under the daily
 * limit; false when the limit is reached. The conditional ADD is atomic, so parallel
 * requests cannot overshoot. The counter expires a day after its day ends.
 */
export const countScorecardMail = async (store: TableStore, email: string, now: number): Promise<boolean> => {
  const day = utcDay(now);
  const dayEnd = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 24 * 3600;
  try {
    await store.db.send(
      new UpdateItemCommand({
        TableName: store.table,
        Key: marshall({ id: `limit#scorecard#${email}#${day}` }),
        UpdateExpression: 'ADD mailCount :one SET #kind = :kind, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(mailCount) OR mailCount < :limit',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: marshall({
          ':one': 1,
          ':kind': 'mail-counter',
          ':expiresAt': dayEnd + 24 * 3600,
          ':limit': SCORECARD_MAILS_PER_ADDRESS_PER_DAY,
        }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};
