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
  consent: ConsentEvent[];
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
}

/** The item that makes "one subscriber per audience and address" hold (see table-definitions.ts). */
export const emailClaimId = (audience: Audience, email: string) => `email#${audience}#${email}`;

/**
 * A new subscriber gets every email type (one flag per EMAIL_SETTINGS entry; a unit test
 * keeps the count in step). Spelled out so the data layer does not load the option labels.
 */
export const ALL_EMAIL_SETTINGS_ON: readonly boolean[] = [true, true, true];
