import type { ConsentSource } from '#shared/constants/consent.ts';
import type { FollowUpStatus, LeadNote, StatusChangeRecord } from '#shared/console/leads.ts';
import type { ContactDetails } from './contact-details';
import type { DeliveryRecord } from './delivery-record';
import type { DeliveryStatus } from './delivery-status';

/**
 * One email of a lead: the states of every email sent at most once (delivery-status.ts), and
 * those of a part that is not to be sent (docs/decisions/0001-lead-delivery.md):
 * - suppressed: the address bounced or complained; skipped: nothing to send (already confirmed).
 * The form-mail budget's (docs/decisions/0003-abuse-limits.md):
 * - waiting: owed, sent when its turn comes (`mailWaitsUntil`);
 * - held: owed, but its turn was further off than the hold: the firm releases it (then pending)
 *   or drops it (dropped).
 */
export type PartStatus = DeliveryStatus | 'suppressed' | 'skipped' | 'waiting' | 'held' | 'dropped';

/**
 * The lead's mail as a whole: pending while any part is owed or waiting, then how it ended;
 * held while an email waits for the firm's decision, dropped when the firm dropped one.
 */
export type LeadMailStatus = 'pending' | 'sent' | 'failed' | 'uncertain' | 'held' | 'dropped';

/** How a lead's mail ended, once nothing is owed any more: the worst that became of a part. */
export const settledMailStatus = (mail: LeadItem['mail']): LeadMailStatus => {
  const statuses = new Set(Object.values(mail));
  return (['failed', 'uncertain', 'held', 'dropped'] as const).find((status) => statuses.has(status)) ?? 'sent';
};

/**
 * - requester: the scorecard download link; notification: the firm's notice of the lead;
 * - confirmation: the double opt-in link; welcome: after the owner confirmed.
 */
export type MailPart = 'requester' | 'notification' | 'confirmation' | 'welcome';

/** What the visitor was shown and ticked, kept with the lead until the owner confirms it. */
export interface ConsentRequest {
  source: ConsentSource;
  text: string;
  /** CONSENT_FORMS_VERSION when it was asked; absent on requests stored before it was recorded. */
  formVersion?: string;
}

interface LeadBase extends ContactDetails {
  id: string;
  kind: 'lead';
  /** 128-bit random secret: with the lead's key it forms the emailed link tokens. */
  secret: string;
  /**
   * Its links carry one token per purpose (lambdas/domain/lead-link-token.ts). Leads stored
   * before that carry the secret itself, still accepted for every purpose until they expire.
   */
  linkTokens?: 'per-purpose';
  /** The mailbox the per-address limits count (lower case, no +tag, Gmail dots folded). */
  mailbox: string;
  createdAt: number;
  expiresAt: number;
  /** Present when the visitor asked for marketing email; confirmed by the owner's click. */
  consentRequest?: ConsentRequest;
  confirmedAt?: number;
  /** The subscriber whose links the emails carry, once known (confirmation, or implied consent). */
  subscriberId?: string;
  mail: Partial<Record<MailPart, PartStatus>>;
  /** When its `waiting` parts' turn in the form-mail budget comes. */
  mailWaitsUntil?: number;
  /**
   * Of a lead whose email the budget held: the counters of its network blocks in its hour
   * (`limit#network#…`). Held mail goes out by itself as the windows turn unless one of them
   * went over its budget (lambdas/mail/held-mail.ts); leads held before this have none and
   * wait for the firm, as they always did.
   */
  floodCheck?: string[];
  /** The block whose flood this lead's held email was judged part of: it waits for the firm. */
  partOfFlood?: string;
  /** SES's message id of each part it accepted (traces a bounce or complaint to the email). */
  sesMessageIds: Partial<Record<MailPart, string>>;
  /** What SES's events said last of each part (delivered, bounced, complained …). */
  deliveries?: Partial<Record<MailPart, DeliveryRecord>>;
  /**
   * Doubt (docs/decisions/0063-settling-mail-from-ses-events.md): since when some part has been
   * `uncertain`; parts resent once because SES had no record of them after the settling window;
   * parts whose doubt outlived even that (left `uncertain`, alarmed).
   */
  doubtSince?: number;
  resentParts?: Set<MailPart>;
  settledDoubts?: Set<MailPart>;
  mailStatus: LeadMailStatus;
  /** Delivery bookkeeping: `mailQueue` + `nextAttemptAt` are the MailDue index keys. */
  mailQueue?: 'due';
  nextAttemptAt?: number;
  /** After this time a part still failing is given up (dead letter, alarm). */
  retryUntil: number;
  mailAttempts: number;
  leaseId?: string;
  leaseUntil?: number;
  lastMailError?: string;
  settledAt?: number;
  /**
   * The firm's follow-up, written only by the console (lambdas/data/lead-follow-up.ts): its
   * status (absent: new), history, notes, follow-up day (yyyy-mm-dd), spam mark, and the
   * version every change but a note is conditional on (absent: 0).
   */
  followUpStatus?: FollowUpStatus;
  statusHistory?: StatusChangeRecord[];
  notes?: LeadNote[];
  followUpOn?: string;
  spam?: true;
  consoleVersion?: number;
}

/** A scorecard request: the requester gets the download link, the consultancy a notification. */
export interface ScorecardLead extends LeadBase {
  type: 'scorecard';
  audience: 'employer';
}

/** A contact/sign-up message: a confirmation link to the address, a notification to the consultancy. */
export interface SignupLead extends LeadBase {
  type: 'signup';
}

/**
 * The preferences page's request to get email again without valid consent to send it
 * (docs/decisions/0002-consent-model.md): only the confirmation link, to the subscriber's address.
 */
export interface ResubscribeLead extends LeadBase {
  type: 'resubscribe';
}

export type LeadItem = ScorecardLead | SignupLead | ResubscribeLead;
export type LeadType = LeadItem['type'];
/** The leads the public forms store (lambdas/domain/lead-request.ts), each with its own limits. */
export type FormLeadType = Exclude<LeadType, 'resubscribe'>;

/** Lead keys are 22 base64url characters (128 bits of a hash of the submission). */
export const leadId = (key: string) => `lead#${key}`;
export const leadKeyOf = (id: string) => id.slice('lead#'.length);
