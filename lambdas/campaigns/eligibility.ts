import { audiencesOf, CAMPAIGN_TOPICS, type CampaignAudience, type CampaignTopic } from '../../shared/constants/campaigns';
import type { SubscriberItem } from '../data/subscriber-item';

export type Ineligible = 'other-audience' | 'unsubscribed' | 'no-valid-consent' | 'consent-expired' | 'topic-off' | 'suppressed';

/**
 * Whether this subscriber may receive a campaign of this topic and audience now (CASL and the
 * subscriber's own choices, docs/decisions/0050-campaign-sending.md): undefined when they may,
 * otherwise the first rule that stops it. Checked when the send is queued and again right
 * before each email, so a change that arrives mid-send is honoured.
 */
export const ineligibility = (
  subscriber: SubscriberItem,
  campaign: { topic: CampaignTopic; audience: CampaignAudience },
  now: number,
): Ineligible | undefined => {
  if (!audiencesOf(campaign.audience).includes(subscriber.audience)) return 'other-audience';
  if (subscriber.suppressed) return 'suppressed';
  if (!subscriber.subscribed || subscriber.unsubscribeAllEmail?.includes(true)) return 'unsubscribed';
  if (subscriber.consent === 'implied') {
    if (!subscriber.impliedUntil || subscriber.impliedUntil <= now) return 'consent-expired';
  } else if (subscriber.consent !== 'express') {
    return 'no-valid-consent';
  }
  if (subscriber.emailSetting?.[CAMPAIGN_TOPICS.indexOf(campaign.topic)] !== true) return 'topic-off';
  return undefined;
};
