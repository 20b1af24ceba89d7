import { firmDay } from '#shared/firm-day.ts';
import { marshall } from './attribute-values';
import { campaignId, type SendStatus } from './campaign-item';
import type { DeliveryRecord } from './delivery-record';
import { updateItem } from './items';
import type { TableStore } from './stores';

/**
 * The campaign item's counters, so progress and results are one read however often the console
 * asks (docs/decisions/0050-campaign-sending.md, amendment of 2026-11-27). Each is moved only by
 * the caller whose conditional write changed a send record (a claim, a settle, a stronger word
 * from SES), so a repeated message or an SES event delivered twice never counts twice.
 */
export const SEND_COUNTERS = { sent: 'count_sent', failed: 'count_failed', uncertain: 'count_inDoubt' } as const;
export const INELIGIBLE_COUNTER = 'count_ineligible';
export const outcomeCounter = (outcome: string) => `outcome_${outcome}`;
/** Per firm day (America/Edmonton, shared/firm-day.ts) of SES's word: `day_2026-11-27_delivered`. */
export const dayCounter = (day: string, outcome: string) => `day_${day}_${outcome}`;
/** Counted as an outcome (total and per day) beside SES's words, though no SES event tells it. */
export const UNSUBSCRIBED = 'unsubscribed';
/** How many of those unsubscribed since ticked this reason (UNSUBSCRIBE_REASONS key) on the unsubscribe page. */
export const reasonCounter = (reason: string) => `unsubscribeReason_${reason}`;
/** Those unsubscribed since who ticked no reason: the mail app's one-click button, or the console. */
export const NO_REASON_COUNTER = 'unsubscribeNoReason';

const add = async (store: TableStore, slug: string, changes: Map<string, number>) => {
  const entries = [...changes].filter(([, by]) => by !== 0);
  if (entries.length === 0) return;
  await updateItem(store, campaignId(slug), {
    UpdateExpression: `ADD ${entries.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#c${index}`, name])),
    ExpressionAttributeValues: marshall(Object.fromEntries(entries.map(([, by], index) => [`:c${index}`, by]))),
    // A send record without its campaign item (a test's, or one deleted) counts nowhere.
    ConditionExpression: 'attribute_exists(id)',
  });
};

const counterOf = (status: SendStatus | undefined) =>
  status === 'sent' || status === 'failed' || status === 'uncertain' ? SEND_COUNTERS[status] : undefined;

/** A send record moved from `from` (none: new) to `to`; call only after the conditional write that moved it. */
export const countSendTransition = async (
  store: TableStore,
  slug: string,
  from: SendStatus | undefined,
  to: SendStatus,
): Promise<void> => {
  const changes = new Map<string, number>();
  const [before, after] = [counterOf(from), counterOf(to)];
  if (before) changes.set(before, -1);
  if (after) changes.set(after, (changes.get(after) ?? 0) + 1);
  await add(store, slug, changes);
};

/** A recipient found no longer eligible when their email's turn came. */
export const countIneligible = (store: TableStore, slug: string) =>
  add(store, slug, new Map([[INELIGIBLE_COUNTER, 1]]));

/** SES's strongest word on an email changed from `before` to `after`: moved in the totals and per day. */
export const countDeliveryChange = async (
  store: TableStore,
  slug: string,
  before: DeliveryRecord | undefined,
  after: DeliveryRecord,
): Promise<void> => {
  const changes = new Map<string, number>();
  const move = (record: DeliveryRecord, by: number) => {
    for (const name of [outcomeCounter(record.outcome), dayCounter(firmDay(record.at), record.outcome)])
      changes.set(name, (changes.get(name) ?? 0) + by);
  };
  if (before) move(before, -1);
  move(after, 1);
  await add(store, slug, changes);
};

/**
 * A person this campaign's email reached unsubscribed from everything on `at`: counted in the
 * total, on that firm day and per reason they ticked (aggregate: no person is named here). Call
 * only after the conditional write that withdrew them (lambdas/domain/unsubscribed-since.ts).
 */
export const countUnsubscribe = (store: TableStore, slug: string, reasons: readonly string[], at: number) =>
  add(
    store,
    slug,
    new Map([
      [outcomeCounter(UNSUBSCRIBED), 1],
      [dayCounter(firmDay(at), UNSUBSCRIBED), 1],
      ...(reasons.length === 0 ? [NO_REASON_COUNTER] : reasons.map(reasonCounter)).map((name) => [name, 1] as const),
    ]),
  );
