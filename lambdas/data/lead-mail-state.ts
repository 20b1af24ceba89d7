import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { MAIL_DUE_INDEX } from '#shared/mail-due-index.ts';
import type { DeliveryRecord } from './delivery-record';
import { updateItem } from './items';
import { settledMailStatus, type LeadItem, type LeadMailStatus, type MailPart, type PartStatus } from './lead-item';
import type { TableStore } from './stores';
import { marshall } from './attribute-values';
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

/**
 * Releases the lead until `nextAttemptAt`: some part could not be sent this time, or is in
 * doubt until `doubtSince` + the settling window.
 */
export const releaseLead = async (
  store: TableStore,
  id: string,
  leaseId: string,
  release: { nextAttemptAt: number; lastMailError?: string; doubtSince?: number; mailStatus?: LeadMailStatus },
) => {
  const parts = setAttributes(release, { names: { '#leaseId': 'leaseId' }, values: { ':leaseId': leaseId } });
  const noDoubt = release.doubtSince === undefined ? ', doubtSince' : '';
  await updateItem(store, id, {
    ...parts,
    UpdateExpression: `${parts.UpdateExpression} REMOVE #leaseId, leaseUntil${noDoubt}`,
    ConditionExpression: '#leaseId = :leaseId',
  });
};

/**
 * Resolves a part's doubt under the lease: `resentParts` (sent again: back to pending) or
 * `settledDoubts` (doubt outlived its window after the resend: left uncertain).
 */
export const resolvePartDoubt = async (
  store: TableStore,
  id: string,
  leaseId: string,
  part: MailPart,
  resolution: 'resentParts' | 'settledDoubts',
) =>
  (await updateItem(store, id, {
    UpdateExpression: `${resolution === 'resentParts' ? 'SET #mail.#part = :pending ' : ''}ADD #set :part`,
    ConditionExpression: '#leaseId = :leaseId AND #mail.#part = :uncertain',
    ExpressionAttributeNames: { ...LEASE, '#part': part, '#set': resolution },
    ExpressionAttributeValues: {
      ':part': { SS: [part] },
      ':uncertain': { S: 'uncertain' },
      ':leaseId': { S: leaseId },
      ...(resolution === 'resentParts' && { ':pending': { S: 'pending' } }),
    },
  })) !== undefined;

/**
 * SES has the part: an event about it arrived (docs/decisions/0063-settling-mail-from-ses-events.md).
 * It becomes `sent` with SES's message id, lease or not, as recordPartSent does, when its status is
 * among `settleable` (the statuses SES's word settles: lambdas/domain/email-state.ts). A lead that had
 * already settled as uncertain or failed is made due again, so the sweep settles it anew.
 * False when the lead is unknown or the part was already sent (or never sent).
 */
export const recordPartAccepted = async (
  store: TableStore,
  id: string,
  part: MailPart,
  messageId: string,
  now: number,
  settleable: readonly PartStatus[],
) => {
  const from = settleable.map((status, index) => [`:from${index}`, { S: status }] as const);
  const lead = await updateItem<LeadItem>(store, id, {
    UpdateExpression: 'SET #mail.#part = :sent, #ids.#part = :messageId',
    ConditionExpression: `attribute_exists(id) AND #mail.#part IN (${from.map(([name]) => name).join(', ')})`,
    ExpressionAttributeNames: { '#mail': 'mail', '#ids': 'sesMessageIds', '#part': part },
    ExpressionAttributeValues: {
      ':sent': { S: 'sent' },
      ':messageId': { S: messageId },
      ...Object.fromEntries(from),
    },
    ReturnValues: 'ALL_NEW',
  });
  if (!lead) return false;
  if (lead.mailQueue === undefined && lead.mailStatus !== 'sent') {
    await updateItem(store, id, {
      UpdateExpression: 'SET mailQueue = :due, nextAttemptAt = :now',
      ConditionExpression: 'attribute_not_exists(mailQueue) AND mailStatus <> :sent',
      ExpressionAttributeValues: { ':due': { S: 'due' }, ':now': { N: String(now) }, ':sent': { S: 'sent' } },
    });
  }
  return true;
};

/**
 * Keeps what SES's events said of a part, the strongest word only (ses-event.ts: a Delivery
 * arriving after a Bounce changes nothing). Leads made before `deliveries` existed get the map.
 * Returns the lead as written, or undefined when nothing was (a weaker word, or no such lead).
 */
export const recordPartDelivery = async (
  store: TableStore,
  id: string,
  part: MailPart,
  delivery: DeliveryRecord,
): Promise<LeadItem | undefined> => {
  const names = { '#deliveries': 'deliveries', '#part': part, '#rank': 'rank' };
  const stronger = await updateItem<LeadItem>(store, id, {
    UpdateExpression: 'SET #deliveries.#part = :delivery',
    ConditionExpression:
      'attribute_exists(#deliveries) AND (attribute_not_exists(#deliveries.#part) OR #deliveries.#part.#rank < :rank)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: marshall({ ':delivery': delivery, ':rank': delivery.rank }),
    ReturnValues: 'ALL_NEW',
  });
  return (
    stronger ??
    updateItem<LeadItem>(store, id, {
      UpdateExpression: 'SET #deliveries = :deliveries',
      ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(#deliveries)',
      ExpressionAttributeNames: { '#deliveries': 'deliveries' },
      ExpressionAttributeValues: marshall({ ':deliveries': { [part]: delivery } }),
      ReturnValues: 'ALL_NEW',
    })
  );
};

/**
 * Ends delivery: writes the final part statuses and the lead's status, and takes the lead out
 * of the MailDue index. Conditional on the lease, so a late invocation cannot undo a redrive.
 */
export const settleLead = async (
  store: TableStore,
  id: string,
  leaseId: string,
  outcome: {
    mail: LeadItem['mail'];
    mailStatus: LeadMailStatus;
    settledAt: number;
    lastMailError?: string;
    partOfFlood?: string;
  },
) => {
  const parts = setAttributes(outcome, { names: { '#leaseId': 'leaseId' }, values: { ':leaseId': leaseId } });
  await updateItem(store, id, {
    ...parts,
    UpdateExpression: `${parts.UpdateExpression} REMOVE mailQueue, nextAttemptAt, #leaseId, leaseUntil, doubtSince`,
    ConditionExpression: '#leaseId = :leaseId',
  });
};

/**
 * Held parts got their turn in the form-mail budget (lambdas/mail/held-mail.ts): under the
 * lease, they become `to` (pending: now; waiting: until `mailWaitsUntil`) with a retry window
 * from their turn on. False when the lease or a part's status no longer holds.
 */
export const resumeHeldParts = async (
  store: TableStore,
  id: string,
  leaseId: string,
  parts: readonly MailPart[],
  to: 'pending' | 'waiting',
  fields: { retryUntil: number; mailWaitsUntil?: number },
) => {
  const names: Record<string, string> = { ...LEASE };
  const values: Record<string, unknown> = { ':to': to, ':held': 'held', ':leaseId': leaseId, ':pending': 'pending' };
  parts.forEach((part, index) => (names[`#p${index}`] = part));
  const update = setAttributes(fields, {
    clauses: [...parts.map((_, index) => `#mail.#p${index} = :to`), 'mailStatus = :pending'],
    names,
    values,
  });
  return (
    (await updateItem(store, id, {
      ...update,
      ConditionExpression: ['#leaseId = :leaseId', ...parts.map((_, index) => `#mail.#p${index} = :held`)].join(
        ' AND ',
      ),
    })) !== undefined
  );
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

/** The lead's parts in any of `from` (and among `only`, if given) moved to `to`; undefined when none was. */
const moveParts = (mail: LeadItem['mail'], from: readonly PartStatus[], to: PartStatus, only?: readonly MailPart[]) => {
  const parts = Object.entries(mail).filter(
    ([part, status]) => from.includes(status) && (!only || only.includes(part as MailPart)),
  );
  return parts.length > 0 ? { ...mail, ...Object.fromEntries(parts.map(([part]) => [part, to])) } : undefined;
};

/**
 * Changes an operator's decision applies to a settled lead: only if it is still as it was read.
 * A held lead waiting in the MailDue index for its next look (held-mail.ts) counts as settled
 * while no mailer holds its lease.
 */
const updateSettledLead = async (store: TableStore, lead: LeadItem, fields: Record<string, unknown>) =>
  (await updateItem(store, lead.id, {
    ...setAttributes(fields, { values: { ':settled': lead.mailStatus } }),
    ConditionExpression:
      '(attribute_not_exists(mailQueue) OR attribute_not_exists(leaseUntil)) AND mailStatus = :settled',
  })) !== undefined;

/**
 * An operator puts parts back into delivery: the redrive (parts that failed and, if asked, those
 * whose send was interrupted) or a release of emails held by the form-mail budget. They become
 * pending and due now, with a fresh retry window. False when none of the lead's parts is in
 * `statuses` (among `parts`, if given: the console resends one email), or the lead is no longer
 * settled as it was read.
 */
export const requeueLead = async (
  store: TableStore,
  lead: LeadItem,
  options: { now: number; retryUntil: number; statuses: readonly PartStatus[]; parts?: readonly MailPart[] },
) => {
  const mail = moveParts(lead.mail, options.statuses, 'pending', options.parts);
  if (!mail) return false;
  return updateSettledLead(store, lead, {
    mail,
    mailStatus: 'pending',
    mailQueue: 'due',
    nextAttemptAt: options.now,
    retryUntil: options.retryUntil,
    mailAttempts: 0,
  });
};

/** The firm decided not to send the emails the form-mail budget held: they become `dropped`. */
export const dropHeldMail = async (store: TableStore, lead: LeadItem) => {
  const mail = moveParts(lead.mail, ['held'], 'dropped');
  if (!mail) return false;
  return updateSettledLead(store, lead, { mail, mailStatus: settledMailStatus(mail) });
};
