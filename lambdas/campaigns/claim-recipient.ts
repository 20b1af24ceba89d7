import { MAIL_DOUBT_OUTLIVED_WINDOW } from '#shared/constants/operator-alerts.ts';
import type { SendRecord } from '../data/campaign-item';
import { changeSeenSend, claimSend, getSendRecord } from '../data/campaign-sends';
import type { TableStore } from '../data/stores';
import { CAMPAIGN_MAY_CLAIM, doubtAfterWindow, doubtWindowEnds, INTERRUPTED_SEND } from '../domain/email-state';
import type { DeliveryPolicy } from '../mail/delivery-policy';
import * as log from '../runtime/log';

export type RecipientClaim =
  /** This caller may hand the email to SES now. */
  | { record: SendRecord }
  /** Its fate is not known yet (in flight elsewhere, or awaiting SES's word): ask again after this. */
  | { waitSeconds: number }
  /** Sent, or still in doubt after its resend (the alarm was raised): never sent again. */
  | { settled: 'already' | 'uncertain' };

/** Claims that lost to a concurrent change are read and decided again, this many times. */
const CONTENDED_ROUNDS = 3;

/**
 * Whether this person's email of the campaign may be sent now, by the rules of doubt a lead's
 * parts follow (lambdas/domain/email-state.ts; docs/decisions/0063-settling-mail-from-ses-events.md):
 * - new, or refused before: claimed (claimSend);
 * - `sending` within the lease: in flight elsewhere, wait for it; after the lease its sender died
 *   mid-send: uncertain from now;
 * - uncertain: SES's events settle it as sent at any time; a settling window after the doubt
 *   began with no word from SES, it never reached SES and is claimed for its one resend; in
 *   doubt again after that, it is left uncertain and "Mail doubt outlived its window" raises the
 *   alarm.
 */
export const claimRecipient = async (
  store: TableStore,
  send: { campaign: string; mailbox: string; subscriberId: string },
  policy: DeliveryPolicy,
  now: number,
): Promise<RecipientClaim> => {
  const who = { campaign: send.campaign, subscriberId: send.subscriberId };
  for (let round = 0; round < CONTENDED_ROUNDS; round += 1) {
    const claimed = await claimSend(store, send, now, CAMPAIGN_MAY_CLAIM);
    if (claimed) return { record: claimed };
    const seen = await getSendRecord(store, send);
    if (!seen || CAMPAIGN_MAY_CLAIM.includes(seen.status)) continue;
    if (seen.status === 'sent') return { settled: 'already' };
    if (seen.status === 'sending') {
      const leaseEnds = seen.lastAttemptAt + policy.leaseSeconds;
      if (now < leaseEnds) return { waitSeconds: leaseEnds - now };
      if (!(await changeSeenSend(store, seen, { status: INTERRUPTED_SEND, doubtSince: now }))) continue;
      log.warn('Campaign mail left in flight by a sender that stopped: in doubt', { ...who, since: now });
      return { waitSeconds: policy.settleSeconds };
    }
    // Uncertain. A record from before the settling window has no doubtSince: it was in doubt for
    // good, as the rules then said, and SES's events of that time may not have reached us.
    if (seen.doubtSince === undefined || seen.doubtSettled) return { settled: 'uncertain' };
    const windowEnds = doubtWindowEnds(seen.doubtSince, policy.settleSeconds);
    if (now < windowEnds) return { waitSeconds: windowEnds - now };
    if (doubtAfterWindow(seen.resent === true) === 'resend') {
      const resend = { status: 'sending', resent: true, lastAttemptAt: now, attempts: seen.attempts + 1 } as const;
      const record = await changeSeenSend(store, seen, resend);
      if (!record) continue;
      log.warn('Email in doubt sent again: SES has no record of it', { ...who, doubtSince: seen.doubtSince });
      return { record };
    }
    if (!(await changeSeenSend(store, seen, { doubtSettled: true }))) continue;
    log.error(MAIL_DOUBT_OUTLIVED_WINDOW, { ...who, doubtSince: seen.doubtSince });
    return { settled: 'uncertain' };
  }
  throw new Error(`The send record of ${send.campaign} to ${send.subscriberId} kept changing under the claim`);
};
