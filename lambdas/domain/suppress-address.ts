import type { TableStore } from '../data/stores';
import { findSubscribersByEmail, updateConsent } from '../data/subscribers';

/**
 * Marks every subscriber using this address (in both audiences) as suppressed, so the
 * mailer skips them. A complaint is also a withdrawal of consent, so it unsubscribes too.
 */
export const suppressAddress = async (
  store: TableStore,
  email: string,
  reason: 'bounce' | 'complaint',
  now: number,
): Promise<number> => {
  const targets = await findSubscribersByEmail(store, email);
  for (const target of targets) {
    await updateConsent(
      store,
      target,
      reason === 'complaint'
        ? { suppressed: true, suppressedAt: now, suppressionReason: reason, updatedAt: now, subscribed: false, unsubscribedAt: now }
        : { suppressed: true, suppressedAt: now, suppressionReason: reason, updatedAt: now },
      reason === 'complaint' ? { type: 'withdrawn', at: now, source: 'complaint', reasons: [] } : undefined,
      now,
    );
  }
  return targets.length;
};
