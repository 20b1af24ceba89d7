/** What each email of a lead is at the time of its send: the email to hand to SES, or why there is none. */
import { apiPath, emailPagePath } from '#shared/paths.ts';
import type { LeadItem, MailPart, PartStatus } from '../data/lead-item';
import type { TableStore } from '../data/stores';
import { findSuppression } from '../data/suppressions';
import { ensureInquirySubscriber, findSubscriber, getSubscriber } from '../data/subscribers';
import { subscriberExpiry } from '../domain/consent-retention';
import { leadLinkToken } from '../domain/lead-link-token';
import { confirmationMail, notificationMail, scorecardMail, welcomeMail } from './lead-mails';
import type { OutgoingMail } from './outgoing-mail';
import { subscriberLinks } from './subscriber-links';

/** What planning reads: the subscribers (suppressions, links), the site's address and the firm's inbox. */
interface PlanDeps {
  subscribers: TableStore;
  /** Without a trailing slash. */
  siteUrl: string;
  notificationEmail: string;
}

export type Planned = { mail: OutgoingMail } | { skip: Extract<PartStatus, 'suppressed' | 'skipped'> };

/** What one part of this lead is, now: an email, or nothing to send (and why). */
export const planPart = async (deps: PlanDeps, lead: LeadItem, part: MailPart, now: number): Promise<Planned> => {
  if (part === 'notification') return { mail: notificationMail(lead, deps.notificationEmail, deps.siteUrl) };
  // A mailbox that bounced for good or complained gets nothing more, subscriber or not.
  if (await findSuppression(deps.subscribers, lead.mailbox)) return { skip: 'suppressed' };
  if (part === 'confirmation') {
    const subscriber = await findSubscriber(deps.subscribers, lead.audience, lead.mailbox);
    if (subscriber?.suppressed) return { skip: 'suppressed' };
    if (subscriber?.consent === 'express' && subscriber.subscribed && !lead.confirmedAt) return { skip: 'skipped' };
    return {
      mail: confirmationMail(
        lead,
        `${deps.siteUrl}${emailPagePath('confirm', lead.audience, leadLinkToken(lead, 'confirmation'))}`,
      ),
    };
  }
  if (part === 'welcome') {
    const subscriber = lead.subscriberId ? await getSubscriber(deps.subscribers, lead.subscriberId) : undefined;
    if (!subscriber || subscriber.suppressed) return { skip: 'suppressed' };
    return { mail: welcomeMail(lead, subscriberLinks(deps.siteUrl, subscriber)) };
  }
  // The scorecard: its links need a subscriber; the request gives it no consent (implied-consent.ts).
  if (lead.type !== 'scorecard') throw new Error(`A ${lead.type} lead has no ${part} email`);
  const subscriberId = await ensureInquirySubscriber(
    deps.subscribers,
    { details: lead, mailbox: lead.mailbox },
    { type: 'inquired', at: now, source: 'scorecard-form', leadId: lead.id },
    subscriberExpiry,
  );
  const subscriber = await getSubscriber(deps.subscribers, subscriberId);
  if (subscriber?.suppressed) return { skip: 'suppressed' };
  const downloadUrl = `${deps.siteUrl}${apiPath('downloadScorecard', { token: leadLinkToken(lead, 'download') })}`;
  return { mail: scorecardMail(lead, downloadUrl, subscriberLinks(deps.siteUrl, subscriber!)) };
};
