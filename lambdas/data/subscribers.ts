import { GetItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { AUDIENCES, type Audience } from '../../shared/constants/audiences';
import { EMAIL_SETTINGS } from '../../shared/constants/subscriber-options';
import { RETENTION_SECONDS } from '../../shared/constants/limits';
import { randomToken } from '../runtime/tokens';
import { isConditionFailure } from './condition-failure';
import type { TableStore } from './stores';
import { emailClaimId, type ConsentEvent, type SubscriberItem } from './subscriber-item';
import { setAttributes } from './update-expression';

export interface SubscriberDetails {
  audience: Audience;
  /** Normalised (trimmed, lower case) by the caller. */
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  organization: string;
  helpDescription: string;
}

export const getSubscriber = async (store: TableStore, id: string): Promise<SubscriberItem | undefined> => {
  const { Item } = await store.db.send(
    new GetItemCommand({ TableName: store.table, Key: marshall({ id }), ConsistentRead: true }),
  );
  const item = Item && (unmarshall(Item) as SubscriberItem);
  return item?.kind === 'subscriber' ? item : undefined;
};

/**
 * The subscriber id that owns this audience + address: a new random id if this request wins
 * the conditional put of the claim, otherwise the id already claimed (whose TTL is refreshed).
 */
const claimSubscriberId = async (store: TableStore, audience: Audience, email: string, now: number) => {
  const id = emailClaimId(audience, email);
  const expiresAt = now + RETENTION_SECONDS;
  const subscriberId = randomToken();
  try {
    await store.db.send(
      new PutItemCommand({
        TableName: store.table,
        Item: marshall({ id, kind: 'email-claim', audience, email, subscriberId, createdAt: now, expiresAt }),
        ConditionExpression: 'attribute_not_exists(id)',
      }),
    );
    return subscriberId;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { Attributes } = await store.db.send(
    new UpdateItemCommand({
      TableName: store.table,
      Key: marshall({ id }),
      ...setAttributes({ expiresAt }),
      ConditionExpression: 'attribute_exists(id)',
      ReturnValues: 'ALL_NEW',
    }),
  );
  return unmarshall(Attributes ?? {}).subscriberId as string;
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
  await store.db.send(
    new UpdateItemCommand({
      TableName: store.table,
      Key: marshall({ id }),
      ...setAttributes(
        {
          kind: 'subscriber',
          ...details,
          subscribed: true,
          unsubscribeAllEmail: [false],
          updatedAt: now,
          expiresAt: now + RETENTION_SECONDS,
        },
        {
          clauses: [
            '#createdAt = if_not_exists(#createdAt, :now)',
            '#emailSetting = if_not_exists(#emailSetting, :allSettings)',
            '#consent = list_append(if_not_exists(#consent, :noEvents), :consentEvent)',
          ],
          names: { '#createdAt': 'createdAt', '#emailSetting': 'emailSetting', '#consent': 'consent' },
          values: {
            ':now': now,
            ':allSettings': EMAIL_SETTINGS.map(() => true),
            ':noEvents': [],
            ':consentEvent': [consent],
          },
        },
      ),
    }),
  );
  return id;
};

/**
 * Changes consent fields of an existing subscriber of this audience and appends the event.
 * Only the fields given are written: identity fields are never part of a consent change.
 * Returns undefined when no such subscriber exists (the caller answers 404).
 */
export const updateConsent = async (
  store: TableStore,
  target: { audience: Audience; id: string },
  fields: Partial<Pick<SubscriberItem, 'subscribed' | 'emailSetting' | 'unsubscribeAllEmail' | 'unsubscribeReason' | 'unsubscribeReasons' | 'unsubscribedAt' | 'updatedAt' | 'suppressed' | 'suppressedAt' | 'suppressionReason'>>,
  event: ConsentEvent | undefined,
  now: number,
): Promise<SubscriberItem | undefined> => {
  const expiresAt = now + RETENTION_SECONDS;
  try {
    const { Attributes } = await store.db.send(
      new UpdateItemCommand({
        TableName: store.table,
        Key: marshall({ id: target.id }),
        ...setAttributes(
          { ...fields, expiresAt },
          {
            clauses: event ? ['#consent = list_append(if_not_exists(#consent, :noEvents), :consentEvent)'] : [],
            names: { '#kind': 'kind', '#audience': 'audience', ...(event ? { '#consent': 'consent' } : {}) },
            values: { ':subscriberKind': 'subscriber', ':audience': target.audience, ...(event ? { ':noEvents': [], ':consentEvent': [event] } : {}) },
          },
        ),
        ConditionExpression: 'attribute_exists(id) AND #kind = :subscriberKind AND #audience = :audience',
        ReturnValues: 'ALL_NEW',
      }),
    );
    const subscriber = unmarshall(Attributes ?? {}) as SubscriberItem;
    await refreshClaimExpiry(store, subscriber, expiresAt);
    return subscriber;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
};

/** The claim must live as long as its subscriber, or a later sign-up would create a twin. */
const refreshClaimExpiry = async (store: TableStore, subscriber: SubscriberItem, expiresAt: number) => {
  await store.db.send(
    new UpdateItemCommand({
      TableName: store.table,
      Key: marshall({ id: emailClaimId(subscriber.audience, subscriber.email) }),
      ...setAttributes({ expiresAt }, { names: { '#subscriberId': 'subscriberId' }, values: { ':subscriberId': subscriber.id } }),
      ConditionExpression: '#subscriberId = :subscriberId',
    }),
  ).catch((error: unknown) => {
    // A missing or re-pointed claim needs no refresh; the next sign-up writes a fresh one.
    if (!isConditionFailure(error)) throw error;
  });
};

/** Subscribers of any audience that use this address, found through the email claims. */
export const findSubscriberIdsByEmail = async (store: TableStore, email: string) => {
  const ids: { audience: Audience; id: string }[] = [];
  for (const audience of AUDIENCES) {
    const { Item } = await store.db.send(
      new GetItemCommand({ TableName: store.table, Key: marshall({ id: emailClaimId(audience, email) }), ConsistentRead: true }),
    );
    if (Item) ids.push({ audience, id: unmarshall(Item).subscriberId as string });
  }
  return ids;
};
