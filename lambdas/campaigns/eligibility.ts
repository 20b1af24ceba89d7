import {
  audiencesOf,
  CAMPAIGN_TOPICS,
  type CampaignAudience,
  type CampaignTopic,
} from '#shared/constants/campaigns.ts';
import { consentStanding, hasOptedOut, type SubscriberItem } from '../data/subscriber-item';

export type Ineligible =
  'other-audience' | 'unsubscribed' | 'no-valid-consent' | 'consent-expired' | 'topic-off' | 'suppressed';

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
  if (hasOptedOut(subscriber)) return 'unsubscribed';
  const standing = consentStanding(subscriber, now);
  if (standing === 'expired') return 'consent-expired';
  if (standing === 'none') return 'no-valid-consent';
  if (subscriber.emailSetting?.[CAMPAIGN_TOPICS.indexOf(campaign.topic)] !== true) return 'topic-off';
  return undefined;
};

/** Why a person withdrew (as opposed to lacking consent): it applies to the firm's mail of that kind. */
const WITHDRAWALS: readonly Ineligible[] = ['unsubscribed', 'topic-off', 'suppressed'];

/**
 * One person (one mailbox) may hold a candidate and an employer subscription. For a campaign
 * of `audience` `both` the person decides, not the subscription the send happened to pick: a
 * withdrawal on any of their subscriptions of the campaign's audiences withholds the campaign;
 * otherwise it goes through the first eligible subscription, with that subscription's links
 * (docs/decisions/0050-campaign-sending.md, audience both). Returns that subscription or why not.
 */
export const personEligibility = (
  subscriptions: SubscriberItem[],
  campaign: { topic: CampaignTopic; audience: CampaignAudience },
  now: number,
): { subscriber: SubscriberItem } | { why: Ineligible } => {
  const checked = subscriptions.map((subscriber) => ({ subscriber, why: ineligibility(subscriber, campaign, now) }));
  const withdrawn = checked.find(({ why }) => why !== undefined && WITHDRAWALS.includes(why));
  if (withdrawn) return { why: withdrawn.why! };
  const eligible = checked.find(({ why }) => why === undefined);
  if (eligible) return { subscriber: eligible.subscriber };
  return { why: checked.find(({ why }) => why !== 'other-audience')?.why ?? 'other-audience' };
};
