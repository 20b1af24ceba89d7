/**
 * A campaign and its subscribers in a test file's own tables (test/unit/support/own-dynalite.ts),
 * for the campaign sender's unit tests (docs/decisions/0050-campaign-sending.md).
 */
import type { CampaignContent } from '#lambdas/data/campaign-item.ts';
import { emailClaimId, type SubscriberItem } from '#lambdas/data/subscriber-item.ts';
import type { Audience } from '#shared/constants/audiences.ts';
import { subscriberItem } from '#test/support/campaign-subscribers.ts';
import type { OwnTables } from '#test/unit/support/own-dynalite.ts';

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
export const storeSubscriber = async (
  tables: OwnTables,
  email: string,
  overrides: Partial<SubscriberItem> = {},
  audience: Audience = 'candidate',
): Promise<SubscriberItem> => {
  const subscriber = { ...subscriberItem('eligible', email, audience), ...overrides } as SubscriberItem;
  await tables.put(SUBSCRIBERS, subscriber);
  await tables.put(SUBSCRIBERS, {
    id: emailClaimId(subscriber.audience, subscriber.mailbox ?? email),
    kind: 'email-claim',
    subscriberId: subscriber.id,
  });
  return subscriber;
};

/** Changes a stored subscriber, as the unsubscribe, preference or feedback handlers would. */
export const changeSubscriber = async (tables: OwnTables, id: string, change: Partial<SubscriberItem>) =>
  tables.put(SUBSCRIBERS, { ...(await tables.get(SUBSCRIBERS, id))!, ...change });

/** The person's send record of the campaign, as `npm run campaign -- status` reads it. */
export const sendRecord = (tables: OwnTables, mailbox: string, slug = SLUG) =>
  tables.get(CAMPAIGNS, `send#${slug}#${mailbox}`);
