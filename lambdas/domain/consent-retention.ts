/**
 * The retention rule, stated once (docs/decisions/0002-consent-model.md, "Retention"): when a lead
 * and a subscriber may be deleted, from what their consent is. The data layer stores the expiry
 * these functions give: a lead's when it is written, a subscriber's (and its claim's and consent
 * records') by the rule the consent writes are handed (lambdas/data/subscribers.ts,
 * lambdas/data/subscriber-retention.ts).
 */
import { CONFIRMATION_TTL_SECONDS } from '#shared/constants/consent.ts';
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import type { LeadItem } from '../data/lead-item';
import type { Expiry, RetentionRule } from '../data/subscriber-retention';

/**
 * When a lead may be deleted (its `expiresAt`), as the privacy policy words it
 * (web/content/pages/privacy.md, "How long we keep it"; docs/decisions/0002-consent-model.md):
 * - a sign-up or resubscribe request its owner has not confirmed lapses with its link, 7 days
 *   after it was made: the confirmation answers 410 from then on, so the lead has nothing left to serve. Its
 *   mail is over long before: delivery gives up about a day after the lead was stored, and a
 *   doubt settles soon after (lambdas/mail/delivery-policy.ts; a unit test keeps it so);
 * - a confirmed sign-up (the record of a service), a contact message from a confirmed subscriber
 *   (no request to confirm) and a scorecard request (an inquiry the firm follows up, even when its
 *   marketing box was ticked) are kept 2 years.
 * Counters and email claims that share the tables keep their own rules.
 */
export const leadExpiresAt = (lead: Pick<LeadItem, 'type' | 'consentRequest' | 'confirmedAt' | 'createdAt'>) =>
  lead.createdAt + (awaitsConfirmation(lead) ? CONFIRMATION_TTL_SECONDS : RETENTION_SECONDS);

const awaitsConfirmation = (lead: Pick<LeadItem, 'type' | 'consentRequest' | 'confirmedAt'>) =>
  lead.type !== 'scorecard' && lead.consentRequest !== undefined && lead.confirmedAt === undefined;

/**
 * When a subscriber may be deleted: the privacy policy keeps information 2 years after the
 * service stops. So never while the subscriber gets email with express consent; otherwise 2 years
 * after its last consent event (the withdrawal, bounce or complaint that stopped it), or after its
 * implied consent lapses if that is later. A function of the item alone, so every writer derives
 * the same value.
 */
export const subscriberExpiry: RetentionRule = (subscriber): Expiry => {
  const mailable = subscriber.subscribed && !subscriber.suppressed;
  if (mailable && subscriber.consent === 'express') return undefined;
  const lapses = mailable ? (subscriber.impliedUntil ?? 0) : 0;
  return Math.max(subscriber.lastConsent.at, lapses) + RETENTION_SECONDS;
};
