import { splitAudience } from '#lambdas/campaigns/campaign-audience.ts';
import type { CampaignContent } from '#lambdas/data/campaign-item.ts';
import type { SubscriberItem } from '#lambdas/data/subscriber-item.ts';
import { scanKind } from '../scan-table';
import type { OpsTarget } from '../stack-target';

/**
 * The subscribers a send hands to the queue: eligible now (the sender checks each again right
 * before its email), one per mailbox — a person subscribed as candidate and as employer gets a
 * campaign for both audiences once, and not at all if they withdrew from it on either subscription.
 */
export const campaignRecipients = async (
  target: OpsTarget,
  campaign: CampaignContent,
  now: number,
): Promise<string[]> => {
  const subscribers = await scanKind<SubscriberItem>(target.db, target.tables.subscribers, 'subscriber');
  return splitAudience(subscribers, campaign, now).recipients.map((subscriber) => subscriber.id);
};
