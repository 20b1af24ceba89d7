import { AUDIENCES, type Audience } from '../../shared/constants/audiences';
import { RETENTION_SECONDS } from '../../shared/constants/limits';
import { randomToken } from '../runtime/tokens';
import type { ContactDetails } from './contact-details';
import { getItem, putIfAbsent, updateItem } from './items';
import type { TableStore } from './stores';
import { ALL_EMAIL_SETTINGS_ON, consentRecordId, emailClaimId, type ConsentEvent, type ConsentRecord, type SubscriberItem } from './subscriber-item';
import { setAttributes } from './update-expression';

/** The details a sign-up or scorecard request gives; the email is normalised by the caller. */
export type SubscriberDetails = ContactDetails;

interface EmailClaim {
  id: string;
  subscriberId: string;
}

export type ConsentFields = Partial<
  Pick<
    SubscriberItem,
    | 'subscribed' | 'emailSetting' | 'unsubscribeAllEmail' | 'unsubscribeReason' | 'unsubscribeReasons'
    | 'unsubscribedAt' | 'updatedAt' | 'suppressed' | 'suppressedAt' | 'suppressionReason'
  >
>;

export const getSubscriber = async (store: TableStore, id: string): Promise<SubscriberItem | undefined> => {
  const item = await getItem<SubscriberItem>(store, id);
  return item?.kind === 'subscriber' ? item : undefined;
};

/**
 * Advances the record sequence in the same UpdateItem that sets `lastConsent` (a plain SET
 * via setAttributes), so concurrent changes never share a record number.
 */
const COUNT_CONSENT = '#consentCount = if_not_exists(#consentCount, :noConsents) + :oneConsent';
const COUNT_NAMES = { '#consentCount': 'consentCount' };
const COUNT_VALUES = { ':noConsents': 0, ':oneConsent': 1 };

/** Writes the event as record number `sequence` of this subscriber (CASL proof, kept 2 years). */
const writeConsentRecord = async (store: TableStore, subscriberId: string, sequence: number, event: ConsentEvent) => {
  const id = consentRecordId(subscriberId, sequence);
  const record: Omit<ConsentRecord, 'id'> = { ...event, kind: 'consent-record', subscriberId, expiresAt: event.at + RETENTION_SECONDS };
  // UpdateItem, not PutItem: the roles that change consent may only update (least privilege).
  // A re-created subscriber (same claimed id after TTL deletion) may meet its predecessor's
  // records before DynamoDB deletes them: those have expired and may be replaced; anything else
  // is a lost proof of consent, so it fails loudly.
  const written = await updateItem(store, id, {
    ...setAttributes(record, { values: { ':writtenAt': event.at } }),
    ConditionExpression: 'attribute_not_exists(id) OR expiresAt < :writtenAt',
  });
  if (!written) throw new Error(`Consent record ${id} already exists`);
};

/**
 * The subscriber id that owns this audience + address: a new random id if this request wins
 * the conditional put of the claim, otherwise the id already claimed (whose TTL is refreshed).
 */
const claimSubscriberId = async (store: TableStore, audience: Audience, email: string, now: number) => {
  const id = emailClaimId(audience, email);
  const expiresAt = now + RETENTION_SECONDS;
  const subscriberId = randomToken();
  if (await putIfAbsent(store, { id, kind: 'email-claim', audience, email, subscriberId, createdAt: now, expiresAt })) {
    return subscriberId;
  }
  const claim = await updateItem<EmailClaim>(store, id, {
    ...setAttributes({ expiresAt }),
    ConditionExpression: 'attribute_exists(id)',
    ReturnValues: 'ALL_NEW',
  });
  if (!claim) throw new Error(`An email claim of the ${audience} audience vanished during sign-up`);
  return claim.subscriberId;
};

/**
 * Creates or updates the one subscriber of this audience and address, and records the
 * consent just given. UpdateItem creates a missing subscriber too, which also heals a claim
 * whose subscriber write failed earlier. Conditional writes only: dynalite has no transactions.
 */
export const upsertSubscriber = async (
  store: TableStore,
  details: SubscriberDetails,
  consent: Extract<ConsentEvent, { type: 'granted' }>,
): Promise<string> => {
  const now = consent.at;
  const id = await claimSubscriberId(store, details.audience, details.email, now);
  const subscriber = await updateItem<SubscriberItem>(store, id, {
    ...setAttributes(
      // grantedConsent: the latest grant, kept as long as the subscriber (its record expires 2 years after it).
      { kind: 'subscriber', ...details, subscribed: true, unsubscribeAllEmail: [false], grantedConsent: consent, lastConsent: consent, updatedAt: now, expiresAt: now + RETENTION_SECONDS },
      {
        clauses: ['#createdAt = if_not_exists(#createdAt, :now)', '#emailSetting = if_not_exists(#emailSetting, :allSettings)', COUNT_CONSENT],
        names: { '#createdAt': 'createdAt', '#emailSetting': 'emailSetting', ...COUNT_NAMES },
        values: { ':now': now, ':allSettings': ALL_EMAIL_SETTINGS_ON, ...COUNT_VALUES },
      },
    ),
    ReturnValues: 'ALL_NEW',
  });
  await writeConsentRecord(store, id, subscriber!.consentCount, consent);
  return id;
};

/** The claim must live as long as its subscriber, or a later sign-up would create a twin. */
const refreshClaimExpiry = (store: TableStore, subscriber: SubscriberItem, expiresAt: number) =>
  // A missing or re-pointed claim needs no refresh (condition lost -> undefined, ignored).
  updateItem(store, emailClaimId(subscriber.audience, subscriber.email), {
    ...setAttributes({ expiresAt }, { names: { '#subscriberId': 'subscriberId' }, values: { ':subscriberId': subscriber.id } }),
    ConditionExpression: '#subscriberId = :subscriberId',
  });

/**
 * Changes consent fields of an existing subscriber of this audience and records the event.
 * Only the fields given are written: identity fields are never part of a consent change.
 * Returns undefined when no such subscriber exists (the caller answers 404).
 */
export const updateConsent = async (
  store: TableStore,
  target: { audience: Audience; id: string },
  fields: ConsentFields,
  event: ConsentEvent | undefined,
  now: number,
): Promise<SubscriberItem | undefined> => {
  const expiresAt = now + RETENTION_SECONDS;
  const subscriber = await updateItem<SubscriberItem>(store, target.id, {
    ...setAttributes(
      { ...fields, lastConsent: event, expiresAt },
      {
        clauses: event && [COUNT_CONSENT],
        names: { '#kind': 'kind', '#audience': 'audience', ...(event && COUNT_NAMES) },
        values: { ':subscriberKind': 'subscriber', ':audience': target.audience, ...(event && COUNT_VALUES) },
      },
    ),
    ConditionExpression: 'attribute_exists(id) AND #kind = :subscriberKind AND #audience = :audience',
    ReturnValues: 'ALL_NEW',
  });
  if (subscriber) {
    if (event) await writeConsentRecord(store, subscriber.id, subscriber.consentCount, event);
    await refreshClaimExpiry(store, subscriber, expiresAt);
  }
  return subscriber;
};

/** Subscribers of any audience that use this address, found through the email claims. */
export const findSubscribersByEmail = async (store: TableStore, email: string) => {
  const found: { audience: Audience; id: string }[] = [];
  for (const audience of AUDIENCES) {
    const claim = await getItem<EmailClaim>(store, emailClaimId(audience, email));
    if (claim) found.push({ audience, id: claim.subscriberId });
  }
  return found;
};
