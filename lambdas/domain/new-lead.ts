import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import type { ContactDetails } from '../data/contact-details';
import { leadId, type ConsentRequest, type LeadItem, type LeadType } from '../data/lead-item';
import type { DeliveryPolicy } from '../mail/delivery-policy';
import { randomToken } from '../runtime/tokens';

/** What differs between new leads: who, which key, what consent they ask for and which emails they owe. */
export interface NewLead {
  key: string;
  type: LeadType;
  details: ContactDetails;
  mailbox: string;
  consentRequest?: ConsentRequest;
  mail: LeadItem['mail'];
}

/**
 * A lead as it is first stored, by a form (lead-request.ts) or the preferences page
 * (resubscription.ts): a fresh secret for its per-purpose link tokens, kept for the retention
 * period, and due for its first mail attempt at once, retried until the delivery policy gives up
 * (docs/decisions/0001-lead-delivery.md).
 */
export const newLead = (lead: NewLead, now: number, delivery: DeliveryPolicy): LeadItem =>
  ({
    ...lead.details,
    id: leadId(lead.key),
    kind: 'lead',
    type: lead.type,
    secret: randomToken(),
    linkTokens: 'per-purpose',
    mailbox: lead.mailbox,
    consentRequest: lead.consentRequest,
    createdAt: now,
    expiresAt: now + RETENTION_SECONDS,
    mail: lead.mail,
    sesMessageIds: {},
    deliveries: {},
    mailStatus: 'pending',
    mailQueue: 'due',
    nextAttemptAt: now,
    retryUntil: now + delivery.giveUpAfterSeconds,
    mailAttempts: 0,
  }) as LeadItem;
