import type { CampaignAudience, CampaignTopic } from '#shared/constants/campaigns.ts';
import type { SubscriberItem } from '../data/subscriber-item';
import { canonicalMailbox } from '../domain/canonical-mailbox';
import { personEligibility, type Ineligible } from './eligibility';

export interface CampaignAudienceSplit {
  /** One subscription per eligible person: the one whose links their email carries. */
  recipients: SubscriberItem[];
  /** The people of the campaign's audience who get nothing, each with the first rule that stops it. */
  excluded: { subscriber: SubscriberItem; why: Exclude<Ineligible, 'other-audience'> }[];
}

/**
 * Who of `subscribers` gets the campaign now, person by person (one mailbox may hold a
 * candidate and an employer subscription: personEligibility decides for the person,
 * docs/decisions/0050-campaign-sending.md), and who of its audience does not and why. What a
 * send queues (the sender checks each again right before the email) and what the console's
 * preflight shows, by one rule.
 */
export const splitAudience = (
  subscribers: SubscriberItem[],
  campaign: { topic: CampaignTopic; audience: CampaignAudience },
  now: number,
): CampaignAudienceSplit => {
  const byMailbox = new Map<string, SubscriberItem[]>();
  for (const subscriber of subscribers) {
    const mailbox = subscriber.mailbox ?? canonicalMailbox(subscriber.email);
    byMailbox.set(mailbox, [...(byMailbox.get(mailbox) ?? []), subscriber]);
  }
  const split: CampaignAudienceSplit = { recipients: [], excluded: [] };
  for (const subscriptions of byMailbox.values()) {
    const person = personEligibility(subscriptions, campaign, now);
    if ('subscriber' in person) split.recipients.push(person.subscriber);
    else if (person.why !== 'other-audience') split.excluded.push({ subscriber: subscriptions[0]!, why: person.why });
  }
  return split;
};
