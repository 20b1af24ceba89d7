import type { CampaignItem, SendRecord } from '#lambdas/data/campaign-item.ts';
import { getCampaign } from '#lambdas/data/campaign-sends.ts';
import { sendProgress } from '#lambdas/campaigns/send-progress.ts';
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
  /** Transient bounces (mailbox full, …) not followed by delivery. */
  softBounced: number;
  complained: number;
  rejected: number;
  /**
   * Recipients who unsubscribed from everything after their email reached them, by any way
   * (counted when they unsubscribe: lambdas/domain/unsubscribed-since.ts).
   */
  unsubscribedSince: number;
}

/**
 * `npm run campaign -- status <slug>`: the counts the console's progress shows, from the same
 * function (sendProgress, one read of the campaign item), plus what only the send records tell
 * (recipients, retrying), read by a scan: an operator's occasional command.
 */
export const campaignStatus = async (target: OpsTarget, slug: string): Promise<CampaignStatus | undefined> => {
  const campaign: CampaignItem | undefined = await getCampaign({ db: target.db, table: target.tables.campaigns }, slug);
  if (!campaign) return undefined;
  const records = (await scanKind<SendRecord>(target.db, target.tables.campaigns, 'campaign-send')).filter(
    (record) => record.campaign === slug,
  );
  const { sent, failed, inDoubt, results } = sendProgress(campaign);
  return {
    campaign: slug,
    subject: campaign.subject,
    ...(campaign.startedAt !== undefined && { startedAt: new Date(campaign.startedAt * 1000).toISOString() }),
    runs: campaign.runs,
    queued: campaign.queued,
    recipients: records.length,
    sent,
    retrying: records.filter((record) => record.status === 'pending').length,
    failed,
    inDoubt,
    delivered: results.delivered,
    bounced: results.bounced,
    softBounced: results.softBounced,
    complained: results.complained,
    rejected: results.rejected,
    unsubscribedSince: results.unsubscribed,
  };
};
