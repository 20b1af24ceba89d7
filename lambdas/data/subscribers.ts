import { AUDIENCES, type Audience } from '../../shared/constants/audiences';
import { RETENTION_SECONDS } from '../../shared/constants/limits';
import { randomToken } from '../runtime/tokens';
import type { ContactDetails } from './contact-details';
import { getItem, putIfAbsent, updateItem } from './items';
import type { TableStore } from './stores';
import { ALL_EMAIL_SETTINGS_ON, emailClaimId, type ConsentEvent, type SubscriberItem } from './subscriber-item';
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

/** Appends one consent event to the history (creating the list on the first event). */
const appendConsent = (event: ConsentEvent) => ({
  clause: '#consent = list_append(if_not_exists(#consent, :noEvents), :consentEvent)',
  names: { '#consent': 'consent' },
  values: { ':noEvents': [], ':consentEvent': [event] },
});

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
  if (!claim) throw new Error(`Email claim ${id} vanished during sign-up`);
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
  const history = appendConsent(consent);
  await updateItem(store, id, {
    ...setAttributes(
      { kind: 'subscriber', ...details, subscribed: true, unsubscribeAllEmail: [false], updatedAt: now, expiresAt: now + RETENTION_SECONDS },
      {
        clauses: [
          '#createdAt = if_not_exists(#createdAt, :now)',
          '#emailSetting = if_not_exists(#emailSetting, :allSettings)',
          history.clause,
        ],
        names: { '#createdAt': 'createdAt', '#emailSetting': 'emailSetting', ...history.names },
        values: { ':now': now, ':allSettings': ALL_EMAIL_SETTINGS_ON, ...history.values },
      },
    ),
  });
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
 * Changes consent fields of an existing subscriber of this audience and appends the event.
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
  const history = event && appendConsent(event);
  const subscriber = await updateItem<SubscriberItem>(store, target.id, {
    ...setAttributes(
      { ...fields, expiresAt },
      {
        clauses: history ? [history.clause] : [],
        names: { '#kind': 'kind', '#audience': 'audience', ...history?.names },
        values: { ':subscriberKind': 'subscriber', ':audience': target.audience, ...history?.values },
      },
    ),
    ConditionExpression: 'attribute_exists(id) AND #kind = :subscriberKind AND #audience = :audience',
    ReturnValues: 'ALL_NEW',
  });
  if (subscriber) await refreshClaimExpiry(store, subscriber, expiresAt);
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
