import type { Audience } from '#shared/constants/audiences.ts';
import type { ConsentSource } from '#shared/constants/consent.ts';
import type { ContactDetails } from './contact-details';

/**
 * Where a withdrawal came from: the subscriber's pages, the mail client's one-click header, SES
 * feedback, or the console (an owner acting on the person's request, by phone say).
 */
export type WithdrawalChannel =
  'unsubscribe-page' | 'one-click' | 'preferences-page' | 'bounce' | 'complaint' | 'console';

/**
 * CASL proof, one record per event (docs/decisions/0002-consent-model.md): the request (form,
 * the exact text shown, time), the owner's confirmation (time, IP, user agent), implied consent
 * from an inquiry (with its end), each preference change and each withdrawal.
 */
export type ConsentEvent =
  | { type: 'requested'; at: number; source: ConsentSource; text: string; formVersion?: string; leadId: string }
  | { type: 'confirmed'; at: number; source: 'confirmation-page'; ip: string; userAgent: string; leadId: string }
  /** A scorecard was requested for this address: its email needs links, and gives no consent yet. */
  | { type: 'inquired'; at: number; source: 'scorecard-form'; leadId: string }
  /**
   * Implied consent from that inquiry, once the address's own mailbox followed the download link
   * (`scorecard-download`); records from before that rule say `scorecard-form` and prove nothing.
   */
  | { type: 'implied'; at: number; source: 'scorecard-download' | 'scorecard-form'; leadId: string; until: number }
  /** `reasons`: the page's reason keys, or the words the owner typed (console); `by`: that owner. */
  | { type: 'withdrawn'; at: number; source: WithdrawalChannel; reasons: string[]; by?: string }
  | { type: 'preferences-changed'; at: number; source: 'preferences-page'; emailSetting: string[] };

/**
 * Express: the owner confirmed (double opt-in). Implied: an inquiry whose download link the
 * mailbox followed, valid until `impliedUntil`. None: a scorecard requester whose link was not
 * followed: the subscriber exists for its email's unsubscribe links, and gets no campaign.
 */
export type ConsentKind = 'express' | 'implied' | 'none';

export interface SubscriberItem extends ContactDetails {
  id: string;
  kind: 'subscriber';
  /**
   * 128-bit random secret: with the id it forms its emailed links' tokens, one per purpose
   * (lambdas/domain/subscriber-link-token.ts). Subscribers created before have none: their
   * links carry the bare id, still accepted for every purpose.
   */
  secret?: string;
  /** The canonical mailbox its email claim is keyed by (lambdas/domain/canonical-mailbox.ts). */
  mailbox?: string;
  subscribed: boolean;
  /** Booleans in EMAIL_SETTINGS order. */
  emailSetting: boolean[];
  unsubscribeAllEmail: boolean[];
  /** Booleans in UNSUBSCRIBE_REASONS[audience] order, as the page sent them. */
  unsubscribeReason?: boolean[];
  /** The same reasons as stable keys, readable without knowing the audience's order. */
  unsubscribeReasons?: string[];
  unsubscribedAt?: number;
  /** Set from SES bounces/complaints; a suppressed address gets no more mail. */
  suppressed?: boolean;
  suppressedAt?: number;
  suppressionReason?: 'bounce' | 'complaint';
  consent: ConsentKind;
  /** When implied consent ends (CASL: 6 months after the inquiry); absent for express consent. */
  impliedUntil?: number;
  /**
   * When the mailbox followed its download link, which started the implied consent. Implied
   * consent without it was given by a request alone, which anyone could make for any address.
   */
  impliedSince?: number;
  /** When the owner last confirmed (express consent). */
  confirmedAt?: number;
  /** The latest consent event; the full history is one record item per event (consentRecordId). */
  lastConsent: ConsentEvent;
  /** How many consent records exist: record n has id consentRecordId(id, n). */
  consentCount: number;
  createdAt: number;
  updatedAt: number;
  /** Absent while it gets email with express consent: kept until the service stops (domain/consent-retention.ts). */
  expiresAt?: number;
}

/**
 * One consent event as its own item. Keeping the history out of the subscriber item keeps that
 * item small however often preferences change (DynamoDB items stop at 400 KB, and a full item
 * would refuse every later write, unsubscribes included). The sequence number comes from the
 * subscriber's consentCount, advanced in the same update that applies the change.
 */
export type ConsentRecord = ConsentEvent & {
  id: string;
  kind: 'consent-record';
  subscriberId: string;
  /** Its subscriber's: the proof lives as long as the subscription it proves. */
  expiresAt?: number;
};
export const consentRecordId = (subscriberId: string, sequence: number) => `consent#${subscriberId}#${sequence}`;

/**
 * Gets no email at all: unsubscribed from everything (the unsubscribe page, one-click, the
 * preferences page's "stop everything") or no email type left ticked.
 */
export const hasOptedOut = (subscriber: Pick<SubscriberItem, 'subscribed' | 'unsubscribeAllEmail'>) =>
  !subscriber.subscribed || subscriber.unsubscribeAllEmail?.includes(true) === true;

/**
 * Whether the consent on record lets us email now (CASL): express, or implied and not yet
 * ended; `expired` for implied consent past its end; `none` for anything else, implied consent
 * from a request alone included: it counts only from a download the mailbox made
 * (docs/decisions/0002-consent-model.md), while a request was anyone's to make.
 */
export const consentStanding = (
  subscriber: Pick<SubscriberItem, 'consent' | 'impliedSince' | 'impliedUntil'>,
  now: number,
): 'valid' | 'expired' | 'none' => {
  if (subscriber.consent === 'express') return 'valid';
  if (subscriber.consent !== 'implied' || subscriber.impliedSince === undefined) return 'none';
  return subscriber.impliedUntil !== undefined && subscriber.impliedUntil > now ? 'valid' : 'expired';
};

/** The mailbox its email claim is keyed by (subscribers stored before `mailbox` used the email). */
export const claimedMailbox = (subscriber: Pick<SubscriberItem, 'mailbox' | 'email'>) =>
  subscriber.mailbox ?? subscriber.email;

/** The item that makes "one subscriber per audience and mailbox" hold (see table-definitions.ts). */
export const emailClaimId = (audience: Audience, mailbox: string) => `email#${audience}#${mailbox}`;

/**
 * A new subscriber gets every email type (one flag per EMAIL_SETTINGS entry; a unit test
 * keeps the count in step). Spelled out so the data layer does not load the option labels.
 */
export const ALL_EMAIL_SETTINGS_ON: readonly boolean[] = [true, true, true];
