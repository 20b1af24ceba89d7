/**
 * Writes a subscriber's expiry, and its claim's and consent records' the same, in the order that
 * never lets them go before it. The expiry is the retention rule's (lambdas/domain/consent-retention.ts),
 * handed in by the caller: this module only stores it.
 */
import { marshall } from './attribute-values';
import { getItem, updateItem } from './items';
import type { TableStore } from './stores';
import type { Condition } from './update-expression';
import { claimedMailbox, consentRecordId, emailClaimId, type SubscriberItem } from './subscriber-item';

/** A TTL in Unix seconds, or undefined: no TTL, the item is kept. */
export type Expiry = number | undefined;

/** The retention rule: a subscriber's expiry from its consent alone (domain/consent-retention.ts, subscriberExpiry). */
export type RetentionRule = (
  subscriber: Pick<SubscriberItem, 'subscribed' | 'suppressed' | 'consent' | 'impliedUntil' | 'lastConsent'>,
) => Expiry;

/** Whether `a` keeps an item at least as long as `b`. */
const outlasts = (a: Expiry, b: Expiry) => a === undefined || (b !== undefined && a >= b);

/** Sets or removes an item's TTL if `condition` holds; false when it did not. */
const writeExpiry = async (store: TableStore, id: string, expiresAt: Expiry, condition: Condition) =>
  (await updateItem(store, id, {
    UpdateExpression: expiresAt === undefined ? 'REMOVE expiresAt' : 'SET expiresAt = :expiresAt',
    ConditionExpression: condition.expression,
    ExpressionAttributeNames: condition.names,
    ExpressionAttributeValues: marshall({ ...condition.values, ':expiresAt': expiresAt }),
  })) !== undefined;

/** A write to an item only while it is still this subscriber's (its claim, its records): nothing is created. */
const ownedBy = (subscriberId: string) => ({
  expression: '#subscriberId = :subscriberId',
  names: { '#subscriberId': 'subscriberId' },
  values: { ':subscriberId': subscriberId },
});

/** The claim is keyed by the mailbox the subscriber was created with. */
const claimIdOf = (subscriber: Pick<SubscriberItem, 'audience' | 'mailbox' | 'email'>) =>
  emailClaimId(subscriber.audience, claimedMailbox(subscriber));

/**
 * The email claim lives as long as its subscriber, or a later sign-up would create a twin
 * (docs/decisions/0033-email-claims-instead-of-an-index.md).
 */
export const keepClaim = (
  store: TableStore,
  subscriber: Pick<SubscriberItem, 'id' | 'audience' | 'mailbox' | 'email'>,
  expiresAt: Expiry,
) => writeExpiry(store, claimIdOf(subscriber), expiresAt, ownedBy(subscriber.id));

/** Every consent record (the proof of the subscription), then the claim, get the subscriber's expiry. */
const keepDependants = async (store: TableStore, subscriber: SubscriberItem, expiresAt: Expiry) => {
  for (let sequence = 1; sequence <= subscriber.consentCount; sequence += 1)
    await writeExpiry(store, consentRecordId(subscriber.id, sequence), expiresAt, ownedBy(subscriber.id));
  await keepClaim(store, subscriber, expiresAt);
};

/**
 * Whether the claim and the records already have the subscriber's expiry `expiresAt`. None: it
 * was only ever reached by lengthening, where the subscriber is written last. Otherwise the
 * claim tells, written last when they are shortened.
 */
const dependantsKept = async (store: TableStore, subscriber: SubscriberItem, expiresAt: Expiry) =>
  expiresAt === undefined ||
  (await getItem<{ expiresAt?: number }>(store, claimIdOf(subscriber)))?.expiresAt === expiresAt;

/**
 * Gives the subscriber as it now is (an UpdateItem's ALL_NEW, or a read) the expiry `retention`
 * gives it, and its records and claim the same. They may never go before it, and the writes cannot be one
 * transaction (dynalite has none), so they are lengthened before the subscriber and shortened
 * after it: a write that fails in between leaves them longer, never shorter, and the next call
 * (a retried request, a repeated unsubscribe) finishes the job. Nothing is written while all
 * have their expiry: the records move only when the service stops or starts again. The
 * subscriber's write is conditional on no consent change having come since (that change's
 * writer sets the expiry it implies).
 */
export const keepSubscriber = async (store: TableStore, subscriber: SubscriberItem, retention: RetentionRule) => {
  const expiresAt = retention(subscriber);
  if (expiresAt === subscriber.expiresAt && (await dependantsKept(store, subscriber, expiresAt))) return;
  const writeSubscriberExpiry = () =>
    writeExpiry(store, subscriber.id, expiresAt, {
      expression: '#consentCount = :consentCount',
      names: { '#consentCount': 'consentCount' },
      values: { ':consentCount': subscriber.consentCount },
    });
  if (outlasts(expiresAt, subscriber.expiresAt)) {
    await keepDependants(store, subscriber, expiresAt);
    await writeSubscriberExpiry();
  } else if (await writeSubscriberExpiry()) {
    await keepDependants(store, subscriber, expiresAt);
  }
};
