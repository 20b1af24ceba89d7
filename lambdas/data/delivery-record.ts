/**
 * What became of an email, by what SES said last about it, ranked so that a stronger word is
 * never overwritten by a weaker one arriving later (SES promises no order:
 * docs/decisions/0063-settling-mail-from-ses-events.md): accepted (Send) < delayed
 * (DeliveryDelay) < soft-bounced (a transient bounce) < delivered < rejected (a virus) or
 * bounced (permanent) < complained.
 */
export const DELIVERY_OUTCOMES = [
  'accepted',
  'delayed',
  'soft-bounced',
  'delivered',
  'rejected',
  'bounced',
  'complained',
] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** What an email's record keeps of SES's events: the strongest outcome so far, when, and why. */
export interface DeliveryRecord {
  outcome: DeliveryOutcome;
  rank: number;
  /** When SES reported it (Unix seconds). */
  at: number;
  /** The bounce type and subtype, or the reject reason. */
  detail?: string;
}
