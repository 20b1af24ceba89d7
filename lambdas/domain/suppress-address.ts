import type { TableStore } from '../data/stores';
import { findSubscribersByMailbox, updateConsent } from '../data/subscribers';
import { recordSuppression } from '../data/suppressions';
import { canonicalMailbox } from './canonical-mailbox';
import { subscriberExpiry } from './consent-retention';

/**
 * Records the mailbox as suppressed (suppressions.ts) and marks every subscriber using it (in
 * both audiences) as suppressed, so the mailer skips them, and records it in the consent ledger
 * as a withdrawal through that channel:
 * a complaint withdraws consent; a hard bounce means the mailbox does not take our mail.
 * An erased mailbox keeps only its hashed suppression (docs/decisions/0072-erasure.md).
 */
export const suppressAddress = async (
  store: TableStore,
  email: string,
  reason: 'bounce' | 'complaint',
  now: number,
): Promise<number> => {
  const mailbox = canonicalMailbox(email);
  // An erased mailbox has no subscriber left to mark, or about to be left: the erasure deletes them.
  if ((await recordSuppression(store, mailbox, reason, now)) === 'erased') return 0;
  const targets = await findSubscribersByMailbox(store, mailbox);
  for (const target of targets) {
    await updateConsent(
      store,
      target,
      reason === 'complaint'
        ? {
            suppressed: true,
            suppressedAt: now,
            suppressionReason: reason,
            updatedAt: now,
            subscribed: false,
            unsubscribedAt: now,
          }
        : { suppressed: true, suppressedAt: now, suppressionReason: reason, updatedAt: now },
      [{ type: 'withdrawn', at: now, source: reason, reasons: [] }],
      subscriberExpiry,
    );
  }
  return targets.length;
};
