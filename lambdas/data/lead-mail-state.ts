import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { MAIL_DUE_INDEX } from '#shared/mail-due-index.ts';
import { updateItem } from './items';
import type { LeadItem, LeadMailStatus, MailPart, PartStatus } from './lead-item';
import type { TableStore } from './stores';
import { setAttributes } from './update-expression';

/**
 * The mailer's bookkeeping on a lead, all conditional on the lease it holds, so two mailer
 * invocations (the stream's and the sweep's) never work on one lead at once.
 */
const LEASE = { '#leaseId': 'leaseId', '#mail': 'mail' };

/** Lead ids whose next attempt is due, oldest first (keys-only index: no scan of the table). */
export const dueLeadIds = async (store: TableStore, now: number, limit: number): Promise<string[]> => {
  const { Items = [] } = await store.db.send(
    new QueryCommand({
      TableName: store.table,
      IndexName: MAIL_DUE_INDEX.name,
      KeyConditionExpression: '#queue = :due AND #next <= :now',
      ExpressionAttributeNames: { '#queue': MAIL_DUE_INDEX.partitionKey.name, '#next': MAIL_DUE_INDEX.sortKey.name },
      ExpressionAttributeValues: { ':due': { S: 'due' }, ':now': { N: String(now) } },
      Limit: limit,
    }),
  );
  return Items.flatMap((item) => (item.id?.S ? [item.id.S] : []));
};

/**
 * Takes the lead for one delivery attempt if mail is owed, due, and nobody holds an unexpired
 * lease; returns the lead as it now is, or undefined (someone else has it, or nothing is owed).
 */
export const claimLead = (store: TableStore, id: string, leaseId: string, now: number, leaseSeconds: number) =>
  updateItem<LeadItem>(store, id, {
    UpdateExpression: 'SET #leaseId = :leaseId, leaseUntil = :leaseUntil ADD mailAttempts :one',
    ConditionExpression:
      'mailQueue = :due AND nextAttemptAt <= :now AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
    ExpressionAttributeNames: { '#leaseId': 'leaseId' },
    ExpressionAttributeValues: {
      ':leaseId': { S: leaseId },
      ':leaseUntil': { N: String(now + leaseSeconds) },
      ':one': { N: '1' },
      ':due': { S: 'due' },
      ':now': { N: String(now) },
    },
    ReturnValues: 'ALL_NEW',
  });

/** Moves one part from `from` to `to` under the lease; false if either no longer holds. */
export const movePart = async (
  store: TableStore,
  id: string,
  leaseId: string,
  part: MailPart,
  from: PartStatus,
  to: PartStatus,
) =>
  (await updateItem(store, id, {
    UpdateExpression: 'SET #mail.#part = :to',
    ConditionExpression: '#leaseId = :leaseId AND #mail.#part = :from',
    ExpressionAttributeNames: { ...LEASE, '#part': part },
    ExpressionAttributeValues: { ':to': { S: to }, ':from': { S: from }, ':leaseId': { S: leaseId } },
  })) !== undefined;

/**
 * Records that SES accepted a part. Unconditional: once SES has the email this fact must land
 * even if the lease has lapsed meanwhile; the part is never handed to SES again either way.
 */
export const recordPartSent = async (store: TableStore, id: string, part: MailPart, messageId: string) => {
  await updateItem(store, id, {
    UpdateExpression: 'SET #mail.#part = :sent, #ids.#part = :messageId',
    ExpressionAttributeNames: { '#mail': 'mail', '#ids': 'sesMessageIds', '#part': part },
    ExpressionAttributeValues: { ':sent': { S: 'sent' }, ':messageId': { S: messageId } },
  });
};

/** Releases the lead until `nextAttemptAt`: some part could not be sent this time. */
export const scheduleRetry = async (
  store: TableStore,
  id: string,
  leaseId: string,
  nextAttemptAt: number,
  lastMailError: string,
) => {
  const parts = setAttributes(
    { nextAttemptAt, lastMailError },
    { names: { '#leaseId': 'leaseId' }, values: { ':leaseId': leaseId } },
  );
  await updateItem(store, id, {
    ...parts,
    UpdateExpression: `${parts.UpdateExpression} REMOVE #leaseId, leaseUntil`,
    ConditionExpression: '#leaseId = :leaseId',
  });
};

/**
 * Ends delivery: writes the final part statuses and the lead's status, and takes the lead out
 * of the MailDue index. Conditional on the lease, so a late invocation cannot undo a redrive.
 */
export const settleLead = async (
  store: TableStore,
  id: string,
  leaseId: string,
  outcome: { mail: LeadItem['mail']; mailStatus: LeadMailStatus; settledAt: number; lastMailError?: string },
) => {
  const parts = setAttributes(outcome, { names: { '#leaseId': 'leaseId' }, values: { ':leaseId': leaseId } });
  await updateItem(store, id, {
    ...parts,
    UpdateExpression: `${parts.UpdateExpression} REMOVE mailQueue, nextAttemptAt, #leaseId, leaseUntil`,
    ConditionExpression: '#leaseId = :leaseId',
  });
};

/**
 * Adds a part to a lead and makes it due now (the welcome email after the owner confirmed).
 * Only once: false when the lead already has that part.
 */
export const addDuePart = async (
  store: TableStore,
  id: string,
  part: MailPart,
  fields: Record<string, unknown>,
  now: number,
) => {
  const parts = setAttributes(
    { ...fields, mailQueue: 'due', nextAttemptAt: now, mailStatus: 'pending' },
    {
      clauses: ['#mail.#part = :pending'],
      names: { '#mail': 'mail', '#part': part },
      values: { ':pending': 'pending' },
    },
  );
  return (
    (await updateItem(store, id, { ...parts, ConditionExpression: 'attribute_not_exists(#mail.#part)' })) !== undefined
  );
};

/**
 * An operator's redrive: parts that failed (and, if asked, those whose send was interrupted)
 * become pending again, with a fresh retry window. Conditional on the lead having settled.
 */
export const requeueLead = async (
  store: TableStore,
  lead: LeadItem,
  options: { now: number; retryUntil: number; includeUncertain: boolean },
) => {
  const redriven = new Set<PartStatus>(options.includeUncertain ? ['failed', 'uncertain'] : ['failed']);
  const mail = Object.fromEntries(
    Object.entries(lead.mail).map(([part, status]) => [part, redriven.has(status) ? 'pending' : status]),
  );
  if (!Object.values(mail).includes('pending')) return false;
  const parts = setAttributes(
    {
      mail,
      mailStatus: 'pending',
      mailQueue: 'due',
      nextAttemptAt: options.now,
      retryUntil: options.retryUntil,
      mailAttempts: 0,
    },
    { values: { ':settled': lead.mailStatus } },
  );
  return (
    (await updateItem(store, lead.id, {
      ...parts,
      ConditionExpression: 'attribute_not_exists(mailQueue) AND mailStatus = :settled',
    })) !== undefined
  );
};
