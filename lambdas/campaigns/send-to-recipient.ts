import { audiencesOf } from '#shared/constants/campaigns.ts';
import { CAMPAIGN_MAIL_FINALLY_FAILED } from '#shared/constants/operator-alerts.ts';
import type { CampaignContent } from '../data/campaign-item';
import { settleSend } from '../data/campaign-sends';
import type { TableStore } from '../data/stores';
import type { SubscriberItem } from '../data/subscriber-item';
import { findSubscribersByMailbox, getSubscriber } from '../data/subscribers';
import { canonicalMailbox } from '../domain/canonical-mailbox';
import type { DeadLetterSink } from '../mail/dead-letters';
import { retryDelay, type DeliveryPolicy } from '../mail/delivery-policy';
import type { OutgoingMail } from '../mail/outgoing-mail';
import { describeError, sendOnce } from '../mail/send-once';
import * as log from '../runtime/log';
import { campaignMail } from './campaign-mail';
import { claimRecipient } from './claim-recipient';
import { personEligibility, type Ineligible } from './eligibility';

/** What an operator needs to act on a campaign email that finally failed. */
export interface CampaignDeadLetter {
  campaign: string;
  subscriberId: string;
  attempts: number;
  lastMailError: string;
  at: number;
}

export interface CampaignSenderDeps {
  subscribers: TableStore;
  campaigns: TableStore;
  /** Sends one email; resolves to SES's message id. */
  send: (mail: OutgoingMail) => Promise<string>;
  /** Without a trailing slash. */
  siteUrl: string;
  policy: DeliveryPolicy;
  deadLetter: DeadLetterSink<CampaignDeadLetter>;
}

export type RecipientOutcome =
  | { result: 'sent' }
  | { result: 'ineligible'; why: Ineligible | 'no-subscriber' }
  /** Sent before: never sent again. */
  | { result: 'already' }
  /** SES refused it: ask again after the backoff. */
  | { result: 'retry'; afterSeconds: number }
  /** Its fate is not known yet (in doubt, or in flight elsewhere): ask again after this. */
  | { result: 'in-doubt'; afterSeconds: number }
  | { result: 'failed' }
  /** Still in doubt after its settling window and its one resend: the alarm was raised. */
  | { result: 'uncertain' };

/**
 * The person's subscriptions the campaign may go through, the queued one first: for a campaign
 * to both audiences, their other audience's subscription too (read again, like the queued one),
 * so a withdrawal on either is honoured and an eligible one is not passed over.
 */
const subscriptionsOf = async (
  store: TableStore,
  queued: SubscriberItem,
  mailbox: string,
  campaign: CampaignContent,
): Promise<SubscriberItem[]> => {
  if (audiencesOf(campaign.audience).length === 1) return [queued];
  const others = (await findSubscribersByMailbox(store, mailbox)).filter(({ id }) => id !== queued.id);
  const found = await Promise.all(others.map(({ id }) => getSubscriber(store, id)));
  return [queued, ...found.filter((other): other is SubscriberItem => other !== undefined)];
};

/**
 * One recipient of one campaign, at most once (docs/decisions/0050-campaign-sending.md): the
 * subscriber is read again and checked right before the send, so an unsubscribe or preference
 * change that arrived since the send was queued is honoured; the person's send record is
 * claimed (`sending`, claim-recipient.ts) and handed to SES by sendOnce, which settles it. SES
 * refused: back to pending, retried with the mailer's backoff until the policy gives up (failed,
 * dead letter, alarm). In doubt (a timeout, a lost answer): uncertain, asked about again after
 * the settling window, by which time SES's events have settled it or it is sent again once.
 * Throws only when the database could not be read or the claim written (safe to retry).
 */
export const sendToRecipient = async (
  deps: CampaignSenderDeps,
  campaign: CampaignContent,
  subscriberId: string,
  now: number,
): Promise<RecipientOutcome> => {
  const queued = await getSubscriber(deps.subscribers, subscriberId);
  if (!queued) return { result: 'ineligible', why: 'no-subscriber' };
  const mailbox = queued.mailbox ?? canonicalMailbox(queued.email);
  const person = personEligibility(await subscriptionsOf(deps.subscribers, queued, mailbox, campaign), campaign, now);
  if ('why' in person) return { result: 'ineligible', why: person.why };
  const { subscriber } = person;

  const claim = { campaign: campaign.slug, mailbox, subscriberId: subscriber.id };
  const claimed = await claimRecipient(deps.campaigns, claim, deps.policy, now);
  if ('waitSeconds' in claimed) return { result: 'in-doubt', afterSeconds: claimed.waitSeconds };
  if ('settled' in claimed) return { result: claimed.settled };
  const { record } = claimed;
  const givenUp = now - record.firstAttemptAt >= deps.policy.giveUpAfterSeconds;
  const sent = await sendOnce(
    () => deps.send(campaignMail(campaign, subscriber, deps.siteUrl)),
    (outcome) =>
      settleSend(
        deps.campaigns,
        record,
        outcome.status,
        outcome.status === 'sent'
          ? { sentAt: now, messageId: outcome.messageId }
          : { lastError: describeError(outcome.error), doubtSince: outcome.status === 'uncertain' ? now : undefined },
      ),
    givenUp ? 'failed' : 'pending',
  );
  if (sent.status === 'sent') return { result: 'sent' };
  const lastError = describeError(sent.error);
  if (sent.status === 'uncertain') {
    log.warn("Campaign mail may not have been sent: awaiting SES's word", {
      campaign: campaign.slug,
      subscriberId: subscriber.id,
      error: lastError,
    });
    return { result: 'in-doubt', afterSeconds: deps.policy.settleSeconds };
  }
  if (sent.status === 'pending') return { result: 'retry', afterSeconds: retryDelay(deps.policy, record.attempts) };
  log.error(CAMPAIGN_MAIL_FINALLY_FAILED, {
    campaign: campaign.slug,
    subscriberId: subscriber.id,
    attempts: record.attempts,
    error: lastError,
  });
  await deps.deadLetter({
    campaign: campaign.slug,
    subscriberId: subscriber.id,
    attempts: record.attempts,
    lastMailError: lastError,
    at: now,
  });
  return { result: 'failed' };
};
