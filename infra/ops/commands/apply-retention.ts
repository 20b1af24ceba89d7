/**
 * `npm run ops -- apply-retention`: once, after deploying the retention rule
 * (docs/decisions/0002-consent-model.md, "Retention"), on a stack that has subscribers from
 * before it. Those keep the expiry they were stored with (last change + 2 years) until their next
 * consent change, so a subscriber who still gets email but never changes anything would be
 * deleted, and its first consent records before it. This gives every subscriber, its claim and
 * its records the expiry the rule gives them (keepSubscriber writes nothing where they have it).
 * Safe to run again.
 */
import { keepSubscriber } from '#lambdas/data/subscriber-retention.ts';
import { subscriberExpiry } from '#lambdas/domain/consent-retention.ts';
import type { SubscriberItem } from '#lambdas/data/subscriber-item.ts';
import { scanKind } from './scan-table';
import type { OpsTarget } from './stack-target';

export const applyRetention = async (target: OpsTarget): Promise<number> => {
  const store = { db: target.db, table: target.tables.subscribers };
  const subscribers = await scanKind<SubscriberItem>(target.db, target.tables.subscribers, 'subscriber');
  for (const subscriber of subscribers) await keepSubscriber(store, subscriber, subscriberExpiry);
  return subscribers.length;
};
