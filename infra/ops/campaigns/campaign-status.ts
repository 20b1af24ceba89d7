import type { CampaignItem, SendRecord } from '#lambdas/data/campaign-item.ts';
import { getCampaign } from '#lambdas/data/campaign-sends.ts';
import { sendProgress } from '#lambdas/campaigns/send-progress.ts';
import type { SubscriberItem } from '#lambdas/data/subscriber-item.ts';
import { scanKind } from '../scan-table';
import type { OpsTarget } from '../stack-target';

export interface CampaignStatus {
  campaign: string;
  subject: string;
  startedAt?: string;
  runs: number;
  /** Handed to the queue by the latest send (eligible then). */
  queued: number;
  /** People with a send record: the email was attempted for them. */
  recipients: number;
  sent: number;
  /** SES refused; retried with backoff. */
  retrying: number;
  failed: number;
  /**
   * Interrupted or timed out mid-send, with no word from SES yet: settled by SES's events, or sent
   * again once after the settling window (docs/decisions/0063-settling-mail-from-ses-events.md).
   */
  inDoubt: number;
  /** SES's Delivery event: the receiving server took it. */
  delivered: number;
  /** Permanent bounces (the address is suppressed). */
  bounced: number;
  complained: number;
  /** Recipients who unsubscribed (or switched off everything) after their email was sent. */
  unsubscribedSince: number;
}

/** `npm run campaign -- status <slug>`: read from the send records and the subscribers. */
export const campaignStatus = async (target: OpsTarget, slug: string): Promise<CampaignStatus | undefined> => {
  const campaign: CampaignItem | undefined = await getCampaign({ db: target.db, table: target.tables.campaigns }, slug);
  if (!campaign) return undefined;
  const records = (await scanKind<SendRecord>(target.db, target.tables.campaigns, 'campaign-send')).filter(
    (record) => record.campaign === slug,
  );
  const subscribers = new Map(
    (await scanKind<SubscriberItem>(target.db, target.tables.subscribers, 'subscriber')).map((subscriber) => [
      subscriber.id,
      subscriber,
    ]),
  );
  const progress = sendProgress(campaign);
  const count = (test: (record: SendRecord) => boolean) => records.filter(test).length;
  const unsubscribedAfter = (record: SendRecord) => {
    const subscriber = subscribers.get(record.subscriberId);
    return (
      record.status === 'sent' &&
      subscriber?.unsubscribedAt !== undefined &&
      subscriber.unsubscribedAt >= (record.sentAt ?? 0)
    );
  };
  return {
    campaign: slug,
    subject: campaign.subject,
    ...(campaign.startedAt !== undefined && { startedAt: new Date(campaign.startedAt * 1000).toISOString() }),
    runs: campaign.runs,
    queued: campaign.queued,
    recipients: records.length,
    // The counters the console's progress reads (one function for both, lambdas/campaigns/send-progress.ts).
    sent: progress.sent,
    retrying: count((record) => record.status === 'pending'),
    failed: progress.failed,
    inDoubt: progress.inDoubt,
    delivered: progress.results.delivered,
    bounced: progress.results.bounced,
    complained: progress.results.complained,
    unsubscribedSince: count(unsubscribedAfter),
  };
};
