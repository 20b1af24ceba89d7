import { optionalNumberEnv } from '../runtime/env';

/**
 * When the mailer tries again after SES refused a part, and when it gives up. In AWS the retries
 * outlast a day-long SES outage; the local stack runs the same policy on a compressed clock (it
 * sets these variables), so a refused email is delivered within two minutes of SES coming back.
 */
export interface DeliveryPolicy {
  /** Delay after the first failed attempt; doubled after each further one. */
  firstRetrySeconds: number;
  maxRetrySeconds: number;
  /** A part still failing this long after the lead was stored is given up (dead letter, alarm). */
  giveUpAfterSeconds: number;
  /** How long one mailer invocation holds a lead; longer than the function's timeout. */
  leaseSeconds: number;
  /**
   * How long an email in doubt waits for SES's word (its Send event) before it counts as never
   * accepted and is sent again, once (docs/decisions/0063-settling-mail-from-ses-events.md).
   */
  settleSeconds: number;
}

export const deliveryPolicyFromEnv = (): DeliveryPolicy => ({
  firstRetrySeconds: optionalNumberEnv('MAIL_RETRY_FIRST_SECONDS', 60),
  maxRetrySeconds: optionalNumberEnv('MAIL_RETRY_MAX_SECONDS', 3600),
  giveUpAfterSeconds: optionalNumberEnv('MAIL_GIVE_UP_AFTER_SECONDS', 26 * 3600),
  leaseSeconds: optionalNumberEnv('MAIL_LEASE_SECONDS', 180),
  settleSeconds: optionalNumberEnv('MAIL_SETTLE_SECONDS', 900),
});

/** Exponential backoff: first, 2×first, 4×first, … capped at max. */
export const retryDelay = (policy: DeliveryPolicy, failedAttempts: number): number =>
  Math.min(policy.maxRetrySeconds, policy.firstRetrySeconds * 2 ** Math.max(0, failedAttempts - 1));
