import type { Audience } from '#shared/constants/audiences.ts';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { EMAIL_SETTINGS, UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import type { TableStore } from '../data/stores';
import type { ConsentEvent, SubscriberItem } from '../data/subscriber-item';
import { getSubscriber, updateConsent } from '../data/subscribers';
import { HttpError } from '../http/http-error';

interface Target {
  audience: Audience;
  id: string;
}

/** Keys of the ticked boxes, in the option list's order. */
const tickedKeys = (options: readonly { key: string }[], ticks: readonly boolean[]) =>
  options.filter((_, index) => ticks[index] === true).map((option) => option.key);

const applyOrNotFound = async (
  store: TableStore,
  target: Target,
  fields: Parameters<typeof updateConsent>[2],
  event: ConsentEvent,
  now: number,
): Promise<SubscriberItem> => {
  const updated = await updateConsent(store, target, { ...fields, updatedAt: now }, [event], now);
  if (!updated) throw new HttpError(404, API_ERRORS.subscriberNotFound);
  return updated;
};

/**
 * An unsubscribe from every email, once: one already unsubscribed from all is left as it is,
 * with no second withdrawal in its ledger (a mail client or scanner pressing one-click again).
 */
const withdrawOnce = async (
  store: TableStore,
  target: Target,
  fields: Parameters<typeof updateConsent>[2],
  event: ConsentEvent,
  now: number,
): Promise<SubscriberItem> => {
  const updated = await updateConsent(store, target, { ...fields, updatedAt: now }, [event], now, {
    unlessWithdrawn: true,
  });
  if (updated) return updated;
  const current = await getSubscriber(store, target.id);
  if (!current || current.kind !== 'subscriber' || current.audience !== target.audience)
    throw new HttpError(404, API_ERRORS.subscriberNotFound);
  return current;
};

/** The unsubscribe page: stops all email and keeps the reasons given (CASL withdrawal record). */
export const unsubscribe = (store: TableStore, target: Target, reasonTicks: boolean[], now: number) => {
  const reasons = tickedKeys(UNSUBSCRIBE_REASONS[target.audience], reasonTicks);
  return withdrawOnce(
    store,
    target,
    {
      subscribed: false,
      unsubscribeAllEmail: [true],
      unsubscribeReason: reasonTicks,
      unsubscribeReasons: reasons,
      unsubscribedAt: now,
    },
    { type: 'withdrawn', at: now, source: 'unsubscribe-page', reasons },
    now,
  );
};

/** RFC 8058 one-click from the mail client: unsubscribe from everything, no reasons asked. */
export const unsubscribeOneClick = (store: TableStore, target: Target, now: number) =>
  withdrawOnce(
    store,
    target,
    { subscribed: false, unsubscribeAllEmail: [true], unsubscribedAt: now },
    { type: 'withdrawn', at: now, source: 'one-click', reasons: [] },
    now,
  );

/** The settings page: which emails to get; unsubscribe-all or no ticked setting means none. */
export const savePreferences = (
  store: TableStore,
  target: Target,
  choice: { emailSetting: boolean[]; unsubscribeAllEmail: boolean[] },
  now: number,
) => {
  const subscribed = !choice.unsubscribeAllEmail.includes(true) && choice.emailSetting.includes(true);
  const event: ConsentEvent = subscribed
    ? {
        type: 'preferences-changed',
        at: now,
        source: 'preferences-page',
        emailSetting: tickedKeys(EMAIL_SETTINGS, choice.emailSetting),
      }
    : { type: 'withdrawn', at: now, source: 'preferences-page', reasons: [] };
  return applyOrNotFound(
    store,
    target,
    {
      subscribed,
      emailSetting: choice.emailSetting,
      unsubscribeAllEmail: choice.unsubscribeAllEmail,
      ...(subscribed ? {} : { unsubscribedAt: now }),
    },
    event,
    now,
  );
};
