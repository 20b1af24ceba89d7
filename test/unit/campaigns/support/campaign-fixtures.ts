/**
 * A campaign and its subscribers in the in-memory tables of test/unit/lambdas/support/fake-tables.ts,
 * for the campaign sender's unit tests (docs/decisions/0050-campaign-sending.md).
 */
import type { CampaignContent } from '#lambdas/data/campaign-item.ts';
import { emailClaimId, type SubscriberItem } from '#lambdas/data/subscriber-item.ts';
import type { Audience } from '#shared/constants/audiences.ts';
import { subscriberItem } from '#test/support/campaign-subscribers.ts';
import type { FakeTables } from '../../lambdas/support/fake-tables';

export const SUBSCRIBERS = 'Subscribers-unit';
export const CAMPAIGNS = 'Campaigns-unit';
export const SLUG = 'spring-newsletter';

export const campaignContent = (overrides: Partial<CampaignContent> = {}): CampaignContent => ({
  slug: SLUG,
  subject: 'Spring newsletter',
  topic: 'newsletter',
  audience: 'candidate',
  bodyHtml: '<p>Hello.</p>',
  bodyText: 'Hello.',
  contentHash: 'hash-of-the-spring-newsletter',
  ...overrides,
});

/** Stores an eligible subscriber (and its email claim) with `overrides`; returns it. */
export const storeSubscriber = (
  tables: FakeTables,
  email: string,
  overrides: Partial<SubscriberItem> = {},
  audience: Audience = 'candidate',
): SubscriberItem => {
  const subscriber = { ...subscriberItem('eligible', email, audience), ...overrides } as SubscriberItem;
  tables.put(SUBSCRIBERS, subscriber);
  tables.put(SUBSCRIBERS, {
    id: emailClaimId(subscriber.audience, subscriber.mailbox ?? email),
    kind: 'email-claim',
    subscriberId: subscriber.id,
  });
  return subscriber;
};

/** Changes a stored subscriber, as the unsubscribe, preference or feedback handlers would. */
export const changeSubscriber = (tables: FakeTables, id: string, change: Partial<SubscriberItem>) =>
  tables.put(SUBSCRIBERS, { ...tables.get(SUBSCRIBERS, id)!, ...change });

/** The person's send record of the campaign, as `npm run campaign -- status` reads it. */
export const sendRecord = (tables: FakeTables, mailbox: string, slug = SLUG) =>
  tables.get(CAMPAIGNS, `send#${slug}#${mailbox}`);
