import type { ContactDetails } from '../data/contact-details';
import { leadId, type ConsentRequest, type LeadItem, type LeadType } from '../data/lead-item';
import type { DeliveryPolicy } from '../mail/delivery-policy';
import { randomToken } from '../runtime/tokens';
import { leadExpiresAt } from './consent-retention';

/** What differs between new leads: who, which key, what consent they ask for and which emails they owe. */
export interface NewLead {
  key: string;
  type: LeadType;
  details: ContactDetails;
  mailbox: string;
  consentRequest?: ConsentRequest;
  mail: LeadItem['mail'];
  /** When its `waiting` emails' turn in the form-mail budget comes (form-mail-budget.ts). */
  waitsUntil?: number;
  /** Of a held email: the network counters that say whether it is part of a flood (held-mail.ts). */
  floodCheck?: string[];
}

/**
 * A lead as it is first stored, by a form (lead-request.ts) or the preferences page
 * (resubscription.ts): a fresh secret for its per-purpose link tokens, kept as long as
 * consent-retention.ts says, and due for its first mail attempt at once, retried until the
 * delivery policy gives up (docs/decisions/0001-lead-delivery.md); an email that waits for its
 * turn gets the whole retry window from then on.
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
    expiresAt: leadExpiresAt({ type: lead.type, consentRequest: lead.consentRequest, createdAt: now }),
    mail: lead.mail,
    sesMessageIds: {},
    deliveries: {},
    mailStatus: 'pending',
    mailQueue: 'due',
    nextAttemptAt: now,
    ...(lead.waitsUntil !== undefined && { mailWaitsUntil: lead.waitsUntil }),
    ...(lead.floodCheck !== undefined && { floodCheck: lead.floodCheck }),
    retryUntil: (lead.waitsUntil ?? now) + delivery.giveUpAfterSeconds,
    mailAttempts: 0,
  }) as LeadItem;
