import { CAMPAIGN_TOPICS, type CampaignTopic } from '#shared/constants/campaigns.ts';
import type { SubscriberState } from '#shared/console/subscribers.ts';
import { ineligibility } from '../campaigns/eligibility';
import { consentStanding, hasOptedOut, type SubscriberItem } from '../data/subscriber-item';

/**
 * One state per subscriber, the strongest first: a suppressed address is suppressed whatever
 * else holds (`pending` is a sign-up not confirmed yet: a lead, not a subscriber). `inquired`: a
 * scorecard requester whose download link was not followed, so no consent.
 */
export const stateOf = (subscriber: SubscriberItem, now: number): Exclude<SubscriberState, 'pending'> => {
  if (subscriber.suppressed) return 'suppressed';
  if (hasOptedOut(subscriber)) return 'unsubscribed';
  if (subscriber.consent === 'express') return 'confirmed';
  const standing = consentStanding(subscriber, now);
  if (standing === 'valid') return 'implied';
  return standing === 'expired' ? 'lapsed' : 'inquired';
};

/** The topics a campaign would reach this subscriber with now: the campaign rules' own answer. */
export const topicsOf = (subscriber: SubscriberItem, now: number): CampaignTopic[] =>
  CAMPAIGN_TOPICS.filter(
    (topic) => ineligibility(subscriber, { topic, audience: subscriber.audience }, now) === undefined,
  );
