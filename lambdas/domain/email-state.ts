/**
 * The rules of an email sent at most once, stated once for a lead's parts (lambdas/mail/deliver-lead-mail.ts)
 * and a campaign's sends (lambdas/campaigns/claim-recipient.ts); the states themselves are stored as
 * lambdas/data/delivery-status.ts names them, and lambdas/data/lead-mail-state.ts and
 * lambdas/data/campaign-sends.ts write them under the conditions these rules give
 * (docs/decisions/0001-lead-delivery.md, docs/decisions/0050-campaign-sending.md,
 * docs/decisions/0063-settling-mail-from-ses-events.md):
 * - pending → sending, written before SES is called; sending → sent (accepted), pending or failed
 *   (refused: lambdas/mail/send-once.ts) or uncertain (no answer);
 * - a `sending` nobody finished (its sender stopped) is in doubt: uncertain;
 * - SES's events settle any email it was ever handed as sent (SES_MAY_SETTLE);
 * - an email in doubt waits a settling window for SES's word; then it is sent again once, and in
 *   doubt again after that it stays uncertain for the operators (doubtAfterWindow).
 */
import type { DeliveryStatus } from '../data/delivery-status';

/** The statuses SES's word (any event about the email) moves to `sent`: an email handed to SES at some time. */
export const SES_MAY_SETTLE: readonly DeliveryStatus[] = ['pending', 'sending', 'uncertain', 'failed'];

/** What an email left `sending` by a sender that stopped becomes: SES may or may not have it. */
export const INTERRUPTED_SEND: DeliveryStatus = 'uncertain';

/**
 * A campaign's email that another run may claim and hand to SES: one SES refused before (pending,
 * or failed once the policy gave up). A lead's failed part goes back only by an operator's redrive.
 */
export const CAMPAIGN_MAY_CLAIM: readonly DeliveryStatus[] = ['pending', 'failed'];

/** When the settling window of a doubt that began at `doubtSince` ends. */
export const doubtWindowEnds = (doubtSince: number, settleSeconds: number): number => doubtSince + settleSeconds;

/**
 * An email still in doubt after its settling window: SES has no record of it, so it never reached
 * SES and is sent again (`resend`), once; in doubt again after that resend it is left uncertain and
 * the alarm is raised (`settle`).
 */
export const doubtAfterWindow = (resentBefore: boolean): 'resend' | 'settle' => (resentBefore ? 'settle' : 'resend');
