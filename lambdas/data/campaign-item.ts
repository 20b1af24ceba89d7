import type { SendState } from '#shared/console/campaigns.ts';
import type { CampaignAudience, CampaignTopic } from '#shared/constants/campaigns.ts';
import type { DeliveryRecord } from './delivery-record';
import type { DeliveryStatus } from './delivery-status';

/**
 * A campaign as it is sent: the operator's command renders the Markdown once and stores the
 * result here, so every recipient (and every worker, in AWS) gets the same content; only the
 * per-recipient links are added at send time (lambdas/campaigns/campaign-mail.ts).
 */
export interface CampaignContent {
  slug: string;
  subject: string;
  preheader?: string;
  topic: CampaignTopic;
  audience: CampaignAudience;
  /** The body as HTML (links absolute) and as plain text, without header or footer. */
  bodyHtml: string;
  bodyText: string;
  /** sha256 of the fields above: a later send of the same slug must carry the same content. */
  contentHash: string;
}

/** The body of a campaign's content, stored apart from its campaign item (campaign-body.ts). */
export type CampaignBody = Pick<CampaignContent, 'bodyHtml' | 'bodyText'>;

/**
 * What the campaign item keeps of the content: all but the body, which `bodyParts` items hold
 * (campaign-body.ts), so the item every email's counters update stays a few KB whatever the body.
 * No `bodyParts`: an item stored before 2026-11-28, which holds its body itself (CampaignItem).
 */
export type CampaignHead = Omit<CampaignContent, keyof CampaignBody> & { bodyParts?: number };

/** `bodyHtml` and `bodyText`: only on an item stored before the body moved to its parts (CampaignHead). */
export interface CampaignItem extends CampaignHead, Partial<CampaignBody> {
  id: string;
  kind: 'campaign';
  /**
   * Where a console send stands, as the console shows it: scheduled (cancellable), launching
   * (recipients being gathered and queued), sending, paused (the worker puts each email back). A
   * send started by `npm run campaign -- send` has none: sending.
   */
  sendState?: SendState;
  /** When the send is to start (Unix seconds), and the owner who asked. */
  launchAt?: number;
  /** Names this send's launch (campaign-message.ts LaunchMessage); a console send only. */
  launchId?: string;
  scheduledBy?: string;
  /**
   * How many could receive it when the owner pressed send (the count they confirmed); the
   * launch gathers them again at its time, so people who joined or left in between make
   * `queued` differ. A console send only.
   */
  confirmed?: number;
  /** Absent until the recipients are first queued. */
  startedAt?: number;
  /** Recipients handed to the queue by the latest `send` (eligible when queued). */
  queued: number;
  lastQueuedAt: number;
  runs: number;
  expiresAt: number;
}

export const campaignId = (slug: string) => `campaign#${slug}`;

/**
 * One person's email of one campaign, in the states of every email sent at most once
 * (delivery-status.ts); the claim (`sending`) is written before SES is called
 * (docs/decisions/0050-campaign-sending.md).
 */
export type SendStatus = DeliveryStatus;

export interface SendRecord {
  id: string;
  kind: 'campaign-send';
  campaign: string;
  mailbox: string;
  subscriberId: string;
  status: SendStatus;
  attempts: number;
  firstAttemptAt: number;
  lastAttemptAt: number;
  sentAt?: number;
  messageId?: string;
  lastError?: string;
  /** What SES's events said last of this email (message tags `campaign` and `recipient`). */
  delivery?: DeliveryRecord;
  /** Doubt, as a lead part's (docs/decisions/0063-settling-mail-from-ses-events.md): since when; sent again once. */
  doubtSince?: number;
  resent?: boolean;
  doubtSettled?: boolean;
  expiresAt: number;
}

/** Keyed by the canonical mailbox: a person subscribed as candidate and employer is one person. */
export const sendRecordId = (slug: string, mailbox: string) => `send#${slug}#${mailbox}`;
