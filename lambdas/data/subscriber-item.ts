import type { Audience } from '../../shared/constants/audiences';
import type { ConsentSource } from '../../shared/constants/consent';
import type { ContactDetails } from './contact-details';

/** CASL proof: what was agreed to, when and where; and each withdrawal or change after it. */
export type ConsentEvent =
  | { type: 'granted'; at: number; source: ConsentSource; text: string }
  | { type: 'withdrawn'; at: number; source: 'unsubscribe-page' | 'one-click' | 'preferences-page' | 'complaint'; reasons: string[] }
  | { type: 'preferences-changed'; at: number; source: 'preferences-page'; emailSetting: string[] };

export interface SubscriberItem extends ContactDetails {
  id: string;
  kind: 'subscriber';
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
  /** The latest grant (text, form, time): proof of consent for as long as the subscriber exists. */
  grantedConsent: Extract<ConsentEvent, { type: 'granted' }>;
  /** The latest consent event; the full history is one record item per event (consentRecordId). */
  lastConsent: ConsentEvent;
  /** How many consent records exist: record n has id consentRecordId(id, n). */
  consentCount: number;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
}

/**
 * One consent event as its own item. Keeping the history out of the subscriber item keeps that
 * item small however often preferences change (DynamoDB items stop at 400 KB, and a full item
 * would refuse every later write, unsubscribes included). The sequence number comes from the
 * subscriber's consentCount, advanced in the same update that applies the change.
 */
export type ConsentRecord = ConsentEvent & { id: string; kind: 'consent-record'; subscriberId: string; expiresAt: number };
export const consentRecordId = (subscriberId: string, sequence: number) => `consent#${subscriberId}#${sequence}`;

/** The item that makes "one subscriber per audience and address" hold (see table-definitions.ts). */
export const emailClaimId = (audience: Audience, email: string) => `email#${audience}#${email}`;

/**
 * A new subscriber gets every email type (one flag per EMAIL_SETTINGS entry; a unit test
 * keeps the count in step). Spelled out so the data layer does not load the option labels.
 */
export const ALL_EMAIL_SETTINGS_ON: readonly boolean[] = [true, true, true];
