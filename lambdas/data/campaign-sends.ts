import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import { SENDS_BY_MAILBOX_INDEX } from '#shared/sends-by-mailbox-index.ts';
import { marshall, unmarshall } from './attribute-values';
import { countDeliveryChange, countSendTransition } from './campaign-counts';
import type { DeliveryRecord } from './delivery-record';
import { getItem, updateItem } from './items';
import type { TableStore } from './stores';
import {
  campaignId,
  sendRecordId,
  type CampaignHead,
  type CampaignItem,
  type SendRecord,
  type SendStatus,
} from './campaign-item';
import { setAttributes } from './update-expression';

export const getCampaign = async (store: TableStore, slug: string): Promise<CampaignItem | undefined> => {
  const item = await getItem<CampaignItem>(store, campaignId(slug));
  return item?.kind === 'campaign' ? item : undefined;
};

/** `#status IN (...)` over `statuses`, with their values named `:<prefix><n>`. */
const statusIn = (statuses: readonly SendStatus[], prefix: string) => {
  const values = Object.fromEntries(statuses.map((status, index) => [`:${prefix}${index}`, status]));
  return { condition: `#status IN (${Object.keys(values).join(', ')})`, values };
};

/**
 * Claims this person's email of the campaign: a new record, or one whose status is among
 * `claimable` (one SES refused before: lambdas/domain/email-state.ts), becomes `sending`. Exactly
 * one caller wins the conditional write, so concurrent workers, a duplicate queue message or a
 * second `send` never send it twice. Returns the claimed record, or undefined when it is sent, in
 * flight or in doubt.
 */
export const claimSend = async (
  store: TableStore,
  send: { campaign: string; mailbox: string; subscriberId: string },
  now: number,
  claimable: readonly SendStatus[],
): Promise<SendRecord | undefined> => {
  const claim = statusIn(claimable, 'claimable');
  const fields = {
    kind: 'campaign-send',
    ...send,
    status: 'sending',
    lastAttemptAt: now,
    expiresAt: now + RETENTION_SECONDS,
  } as const;
  // The record as it was, to move the campaign's counters off a `failed` one claimed again.
  const before = await updateItem<Partial<SendRecord>>(store, sendRecordId(send.campaign, send.mailbox), {
    ...setAttributes(fields, {
      clauses: [
        '#attempts = if_not_exists(#attempts, :zero) + :one',
        '#firstAttemptAt = if_not_exists(#firstAttemptAt, :now)',
      ],
      names: { '#attempts': 'attempts', '#firstAttemptAt': 'firstAttemptAt' },
      values: { ':zero': 0, ':one': 1, ':now': now, ...claim.values },
    }),
    ConditionExpression: `attribute_not_exists(id) OR ${claim.condition}`,
    ReturnValues: 'ALL_OLD',
  });
  if (!before) return undefined;
  if (before.status) await countSendTransition(store, send.campaign, before.status, 'sending');
  return {
    ...before,
    ...fields,
    id: sendRecordId(send.campaign, send.mailbox),
    attempts: (before.attempts ?? 0) + 1,
    firstAttemptAt: before.firstAttemptAt ?? now,
  } as SendRecord;
};

export const getSendRecord = async (
  store: TableStore,
  send: { campaign: string; mailbox: string },
): Promise<SendRecord | undefined> => getItem<SendRecord>(store, sendRecordId(send.campaign, send.mailbox));

/**
 * Changes a record as it was read (`seen`): false when anything moved it on since (another
 * worker, or SES's events), whose word then stands. The steps of doubt use it: a `sending`
 * left by a dead sender becomes uncertain, an uncertain one is claimed for its one resend, or
 * marked as having outlived its window.
 */
export const changeSeenSend = async (
  store: TableStore,
  seen: Pick<SendRecord, 'campaign' | 'mailbox' | 'status' | 'lastAttemptAt'>,
  change: Partial<Pick<SendRecord, 'status' | 'doubtSince' | 'resent' | 'doubtSettled' | 'lastAttemptAt' | 'attempts'>>,
): Promise<SendRecord | undefined> => {
  const changed = await updateItem<SendRecord>(store, sendRecordId(seen.campaign, seen.mailbox), {
    ...setAttributes(change, {
      names: { '#status': 'status', '#lastAttemptAt': 'lastAttemptAt', '#doubtSettled': 'doubtSettled' },
      values: { ':seenStatus': seen.status, ':seenAttempt': seen.lastAttemptAt },
    }),
    // A record whose doubt was settled is final: only one caller marks it so (and raises the alarm).
    ConditionExpression:
      '#status = :seenStatus AND #lastAttemptAt = :seenAttempt AND attribute_not_exists(#doubtSettled)',
    ReturnValues: 'ALL_NEW',
  });
  if (changed && change.status && change.status !== seen.status)
    await countSendTransition(store, seen.campaign, seen.status, change.status);
  return changed;
};

/** Moves a claimed record on from `sending` (sent, pending, uncertain, failed); false if it was not `sending`. */
export const settleSend = async (
  store: TableStore,
  record: Pick<SendRecord, 'campaign' | 'mailbox'>,
  status: Exclude<SendStatus, 'sending'>,
  fields: Partial<Pick<SendRecord, 'sentAt' | 'messageId' | 'lastError' | 'doubtSince'>> = {},
): Promise<boolean> => {
  const settled =
    (await updateItem(store, sendRecordId(record.campaign, record.mailbox), {
      ...setAttributes({ status, ...fields }, { values: { ':sending': 'sending' } }),
      ConditionExpression: '#status = :sending',
    })) !== undefined;
  if (settled) await countSendTransition(store, record.campaign, 'sending', status);
  return settled;
};

/**
 * SES has this campaign's email to the mailbox: an event about it arrived
 * (docs/decisions/0063-settling-mail-from-ses-events.md); it becomes `sent` when its status is among
 * `settleable` (the statuses SES's word settles: lambdas/domain/email-state.ts). False when there is
 * no such record or it was already sent.
 */
export const recordSendAccepted = async (
  store: TableStore,
  target: { campaign: string; mailbox: string },
  messageId: string,
  at: number,
  settleable: readonly SendStatus[],
): Promise<boolean> => {
  const settle = statusIn(settleable, 'settleable');
  const before = await updateItem<SendRecord>(store, sendRecordId(target.campaign, target.mailbox), {
    ...setAttributes({ status: 'sent', messageId, sentAt: at }, { values: settle.values }),
    ConditionExpression: `attribute_exists(id) AND ${settle.condition}`,
    ReturnValues: 'ALL_OLD',
  });
  if (before) await countSendTransition(store, target.campaign, before.status, 'sent');
  return before !== undefined;
};

/**
 * Keeps what SES's events said of this campaign's email to the mailbox, the strongest word only
 * (ses-event.ts), and moves the campaign's results from the word it replaces. Returns the record as
 * it was before (its status is unchanged by this write), or undefined when nothing was written (a
 * weaker or equal word, or no such record): so an event delivered twice counts once.
 */
export const recordSendDelivery = async (
  store: TableStore,
  target: { campaign: string; mailbox: string },
  delivery: DeliveryRecord,
): Promise<SendRecord | undefined> => {
  const before = await updateItem<SendRecord>(store, sendRecordId(target.campaign, target.mailbox), {
    ...setAttributes({ delivery }, { names: { '#rank': 'rank' }, values: { ':rank': delivery.rank } }),
    ConditionExpression: 'attribute_exists(id) AND (attribute_not_exists(#delivery) OR #delivery.#rank < :rank)',
    ReturnValues: 'ALL_OLD',
  });
  if (before) await countDeliveryChange(store, target.campaign, before.delivery, delivery);
  return before;
};

/**
 * Records a send run of the campaign (the operator command, and a console send's launch): the
 * first run stores the content every recipient gets, its body's parts written first
 * (storeCampaignBody); a later run (a resume, or a re-send for new subscribers) must carry the same
 * content (its hash), else it returns false and nothing changes — a changed campaign is a new campaign.
 */
export const startCampaignRun = async (
  store: TableStore,
  head: CampaignHead,
  queued: number,
  now: number,
): Promise<boolean> =>
  (await updateItem(store, campaignId(head.slug), {
    ...setAttributes(
      { kind: 'campaign', ...head, queued, lastQueuedAt: now, expiresAt: now + RETENTION_SECONDS },
      {
        clauses: ['#runs = if_not_exists(#runs, :zero) + :one', '#startedAt = if_not_exists(#startedAt, :now)'],
        names: { '#runs': 'runs', '#startedAt': 'startedAt' },
        values: { ':zero': 0, ':one': 1, ':now': now },
      },
    ),
    ConditionExpression: 'attribute_not_exists(id) OR #contentHash = :contentHash',
  })) !== undefined;

/**
 * Every campaign email to this canonical mailbox, oldest first: one query of SendsByMailbox
 * (one page holds about 3,000 records; a person gets a few campaigns a month).
 */
export const sendsToMailbox = async (store: TableStore, mailbox: string): Promise<SendRecord[]> => {
  const { Items = [] } = await store.db.send(
    new QueryCommand({
      TableName: store.table,
      IndexName: SENDS_BY_MAILBOX_INDEX.name,
      KeyConditionExpression: '#mailbox = :mailbox',
      ExpressionAttributeNames: { '#mailbox': 'mailbox' },
      ExpressionAttributeValues: marshall({ ':mailbox': mailbox }),
    }),
  );
  return Items.map((item) => unmarshall(item) as unknown as SendRecord);
};
