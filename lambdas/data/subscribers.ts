import { AUDIENCES, type Audience } from '#shared/constants/audiences.ts';
import { pickContact } from '#shared/constants/contact-fields.ts';
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import { randomToken } from '../runtime/tokens';
import type { ContactDetails } from './contact-details';
import { getItem, putIfAbsent, updateItem } from './items';
import type { TableStore } from './stores';
import {
  ALL_EMAIL_SETTINGS_ON,
  consentRecordId,
  emailClaimId,
  type ConsentEvent,
  type ConsentRecord,
  type SubscriberItem,
} from './subscriber-item';
import { keepClaim, keepSubscriber, type Expiry, type RetentionRule } from './subscriber-retention';
import { setAttributes, type Condition } from './update-expression';

interface EmailClaim {
  id: string;
  subscriberId: string;
}

/** Who a new subscriber is: the details of the lead that created it, and the mailbox it claims. */
export interface NewSubscriber {
  details: ContactDetails;
  mailbox: string;
}

export type ConsentFields = Partial<
  Pick<
    SubscriberItem,
    | 'subscribed'
    | 'emailSetting'
    | 'unsubscribeAllEmail'
    | 'unsubscribeReason'
    | 'unsubscribeReasons'
    | 'unsubscribedAt'
    | 'updatedAt'
    | 'suppressed'
    | 'suppressedAt'
    | 'suppressionReason'
    | 'consent'
    | 'confirmedAt'
    | 'impliedSince'
    | 'impliedUntil'
  >
>;

export const getSubscriber = async (store: TableStore, id: string): Promise<SubscriberItem | undefined> => {
  const item = await getItem<SubscriberItem>(store, id);
  return item?.kind === 'subscriber' ? item : undefined;
};

/** The subscriber of this audience and mailbox, if there is one. */
export const findSubscriber = async (store: TableStore, audience: Audience, mailbox: string) => {
  const claim = await getItem<EmailClaim>(store, emailClaimId(audience, mailbox));
  return claim && getSubscriber(store, claim.subscriberId);
};

/** Subscribers of any audience that use this mailbox (SES feedback names an address, not an id). */
export const findSubscribersByMailbox = async (store: TableStore, mailbox: string) => {
  const found: { audience: Audience; id: string }[] = [];
  for (const audience of AUDIENCES) {
    const claim = await getItem<EmailClaim>(store, emailClaimId(audience, mailbox));
    if (claim) found.push({ audience, id: claim.subscriberId });
  }
  return found;
};

/**
 * Writes the event as record number `sequence` of this subscriber (CASL proof), with the
 * subscriber's expiry: the records live as long as the subscription they prove
 * (subscriber-retention.ts). UpdateItem, not PutItem: the roles that change consent may only
 * update (least privilege). A record left by a predecessor whose TTL deletion lags may be
 * replaced once expired; a record of the same event (a retried creation) is already right;
 * anything else is a lost proof, so it fails loudly.
 */
const writeConsentRecord = async (
  store: TableStore,
  subscriberId: string,
  sequence: number,
  event: ConsentEvent,
  expiresAt: Expiry,
) => {
  const id = consentRecordId(subscriberId, sequence);
  const record: Omit<ConsentRecord, 'id'> = { ...event, kind: 'consent-record', subscriberId, expiresAt };
  const parts = setAttributes(record, {
    names: { '#type': 'type' },
    values: { ':writtenAt': event.at, ':eventType': event.type, ':eventAt': event.at },
  });
  const written = await updateItem(store, id, {
    ...parts,
    // No expiry is written as none: a replaced predecessor's must not stay behind.
    UpdateExpression: expiresAt === undefined ? `${parts.UpdateExpression} REMOVE expiresAt` : parts.UpdateExpression,
    ConditionExpression:
      'attribute_not_exists(id) OR expiresAt < :writtenAt OR (#type = :eventType AND #at = :eventAt)',
  });
  if (!written) throw new Error(`Consent record ${id} already exists`);
};

const COUNT_NAMES = { '#consentCount': 'consentCount' };
const countConsent = (events: number) => ({
  clause: '#consentCount = if_not_exists(#consentCount, :noConsents) + :newConsents',
  values: { ':noConsents': 0, ':newConsents': events },
});

/**
 * The subscriber id that owns this audience + mailbox: a new random id if this call wins the
 * conditional put of the claim, otherwise the id already claimed. `created` is false for an id
 * claimed before, whose subscriber may exist (then nothing of it changes here).
 */
const claimSubscriberId = async (store: TableStore, audience: Audience, mailbox: string, now: number) => {
  const id = emailClaimId(audience, mailbox);
  const subscriberId = randomToken();
  const claim = {
    id,
    kind: 'email-claim',
    audience,
    email: mailbox,
    subscriberId,
    createdAt: now,
    // A claim whose subscriber is never written (its writer stopped) goes in time; a subscriber gives it its own.
    expiresAt: now + RETENTION_SECONDS,
  };
  if (await putIfAbsent(store, claim)) return subscriberId;
  const existing = await getItem<EmailClaim>(store, id);
  if (!existing) throw new Error(`An email claim of the ${audience} audience vanished while it was read`);
  return existing.subscriberId;
};

/**
 * Creates the subscriber with its first consent records and the secret of its links
 * (lambdas/domain/subscriber-link-token.ts), unless it exists. The records (and the claim's
 * expiry) are written first, so a subscriber never exists without the proof of how it came to be
 * nor outlives it; a retry after a failure in between writes the same records again and then
 * the subscriber.
 */
const createSubscriber = async (
  store: TableStore,
  id: string,
  person: NewSubscriber,
  fields: Pick<SubscriberItem, 'consent' | 'subscribed'> & Partial<SubscriberItem>,
  events: ConsentEvent[],
  now: number,
  retention: RetentionRule,
) => {
  const created: Omit<SubscriberItem, 'id'> = {
    kind: 'subscriber',
    secret: randomToken(),
    ...pickContact(person.details),
    audience: person.details.audience,
    mailbox: person.mailbox,
    emailSetting: [...ALL_EMAIL_SETTINGS_ON],
    unsubscribeAllEmail: [false],
    lastConsent: events[events.length - 1]!,
    consentCount: events.length,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
  const item = { ...created, expiresAt: retention(created) };
  for (const [index, event] of events.entries()) await writeConsentRecord(store, id, index + 1, event, item.expiresAt);
  await keepClaim(store, { ...item, id }, item.expiresAt);
  await updateItem(store, id, { ...setAttributes(item), ConditionExpression: 'attribute_not_exists(id)' });
};

/**
 * The subscriber the scorecard email's links belong to. A new address gets a subscriber with no
 * consent, its first record the inquiry: anyone can type any address into the form, so the
 * request alone gives nothing (grantImpliedConsent). An existing subscriber keeps its identity
 * and consent (a form never changes them); one that expires (by `retention`) gets the inquiry
 * in its ledger, which moves its expiry 2 years past it, so the unsubscribe links of the email
 * being sent keep working (CASL: at least 60 days).
 */
export const ensureInquirySubscriber = async (
  store: TableStore,
  person: NewSubscriber,
  inquired: Extract<ConsentEvent, { type: 'inquired' }>,
  retention: RetentionRule,
): Promise<string> => {
  const id = await claimSubscriberId(store, person.details.audience, person.mailbox, inquired.at);
  const existing = await getSubscriber(store, id);
  if (!existing) {
    await createSubscriber(
      store,
      id,
      person,
      { consent: 'none', subscribed: true },
      [inquired],
      inquired.at,
      retention,
    );
  } else if (retention(existing) !== undefined) {
    const target = { audience: existing.audience, id };
    await updateConsent(store, target, {}, [inquired], retention, notThisInquiryAgain(inquired));
  }
  return id;
};

/** A retried attempt of the same lead's email records its inquiry once. */
const notThisInquiryAgain = (inquired: Extract<ConsentEvent, { type: 'inquired' }>): Condition => ({
  expression: 'NOT (#lastConsent.#type = :inquired AND #lastConsent.#leadId = :leadId)',
  names: { '#lastConsent': 'lastConsent', '#type': 'type', '#leadId': 'leadId' },
  values: { ':inquired': 'inquired', ':leadId': inquired.leadId },
});

/** Unsubscribed from every email, as the unsubscribe page and one-click leave a subscriber. */
const WITHDRAWN = '#subscribed = :withdrawnNo AND #unsubscribeAllEmail[0] = :withdrawnYes';
const WITHDRAWN_NAMES = { '#subscribed': 'subscribed', '#unsubscribeAllEmail': 'unsubscribeAllEmail' };
const WITHDRAWN_VALUES = { ':withdrawnNo': false, ':withdrawnYes': true };

/** Nothing is written when the subscriber already gets no email at all. */
export const UNLESS_WITHDRAWN: Condition = {
  expression: `NOT (${WITHDRAWN})`,
  names: WITHDRAWN_NAMES,
  values: WITHDRAWN_VALUES,
};

/** Written only while the subscriber still gets email: it has not opted out in any way meanwhile. */
export const WHILE_SUBSCRIBED: Condition = {
  expression: '#subscribed = :withdrawnYes AND NOT (#unsubscribeAllEmail[0] = :withdrawnYes)',
  names: WITHDRAWN_NAMES,
  values: { ':withdrawnYes': true },
};

/**
 * Changes consent fields of an existing subscriber of this audience and records the events,
 * then gives it, its claim and its records the expiry `retention` gives the change (keepSubscriber).
 * Only the fields given are written: identity fields are never part of a consent change.
 * `condition`: nothing is written unless it holds too (UNLESS_WITHDRAWN: a repeated unsubscribe
 * changes nothing and adds no ledger record).
 * Returns undefined when nothing was written: no such subscriber (the caller answers 404), or
 * the condition did not hold.
 */
export const updateConsent = async (
  store: TableStore,
  target: { audience: Audience; id: string },
  fields: ConsentFields,
  events: ConsentEvent[],
  retention: RetentionRule,
  condition?: Condition,
): Promise<SubscriberItem | undefined> => {
  const count = countConsent(events.length);
  const subscriber = await updateItem<SubscriberItem>(store, target.id, {
    ...setAttributes(
      { ...fields, lastConsent: events[events.length - 1] },
      {
        clauses: events.length > 0 ? [count.clause] : [],
        names: {
          '#kind': 'kind',
          '#audience': 'audience',
          ...(events.length > 0 && COUNT_NAMES),
          ...condition?.names,
        },
        values: {
          ':subscriberKind': 'subscriber',
          ':audience': target.audience,
          ...(events.length > 0 && count.values),
          ...condition?.values,
        },
      },
    ),
    ConditionExpression: `attribute_exists(id) AND #kind = :subscriberKind AND #audience = :audience${
      condition ? ` AND ${condition.expression}` : ''
    }`,
    ReturnValues: 'ALL_NEW',
  });
  if (!subscriber) return undefined;
  // The new records take the subscriber's expiry as it stands; keepSubscriber moves them all if this change moved it.
  const first = subscriber.consentCount - events.length + 1;
  for (const [index, event] of events.entries())
    await writeConsentRecord(store, subscriber.id, first + index, event, subscriber.expiresAt);
  await keepSubscriber(store, subscriber, retention);
  return subscriber;
};

/**
 * The owner confirmed a sign-up (double opt-in): a new subscriber is created from the lead, or
 * the existing one is (re)subscribed with express consent; its identity fields never change
 * here. `changed` is false when it already was a subscriber with express consent from another
 * confirmation (the welcome is queued once per subscription; addDuePart is idempotent).
 */
export const confirmSubscriber = async (
  store: TableStore,
  person: NewSubscriber,
  events: {
    requested: Extract<ConsentEvent, { type: 'requested' }>;
    confirmed: Extract<ConsentEvent, { type: 'confirmed' }>;
  },
  retention: RetentionRule,
): Promise<{ subscriberId: string; changed: boolean }> => {
  const now = events.confirmed.at;
  const id = await claimSubscriberId(store, person.details.audience, person.mailbox, now);
  const existing = await getSubscriber(store, id);
  const express = { consent: 'express' as const, subscribed: true, confirmedAt: now, unsubscribeAllEmail: [false] };
  if (!existing) {
    await createSubscriber(store, id, person, express, [events.requested, events.confirmed], now, retention);
    return { subscriberId: id, changed: true };
  }
  if (existing.consent === 'express' && existing.subscribed) {
    // Confirmed by this very lead before (a press whose answer failed after the subscriber was
    // written): still `changed`, so the caller queues the welcome the first press could not, and
    // the expiries that press may have left half written are finished.
    await keepSubscriber(store, existing, retention);
    const last = existing.lastConsent;
    return { subscriberId: id, changed: last?.type === 'confirmed' && last.leadId === events.confirmed.leadId };
  }
  const settings = existing.emailSetting.includes(true) ? existing.emailSetting : [...ALL_EMAIL_SETTINGS_ON];
  const fields = { ...express, emailSetting: settings, updatedAt: now };
  await updateConsent(
    store,
    { audience: existing.audience, id },
    fields,
    [events.requested, events.confirmed],
    retention,
  );
  return { subscriberId: id, changed: true };
};

/** A subscriber's consent ledger, oldest first (CASL proof): record 1 to consentCount, one read each. */
export const consentLedger = async (store: TableStore, subscriber: Pick<SubscriberItem, 'id' | 'consentCount'>) => {
  const records = await Promise.all(
    Array.from({ length: subscriber.consentCount }, (_, index) =>
      getItem<ConsentRecord>(store, consentRecordId(subscriber.id, index + 1)),
    ),
  );
  return records.filter((record): record is ConsentRecord => record?.kind === 'consent-record');
};
