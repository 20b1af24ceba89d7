import { CONFIRMATION_TTL_SECONDS } from '#shared/constants/consent.ts';
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import type { LeadItem } from '../data/lead-item';

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
