import type { Audience } from '#shared/constants/audiences.ts';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { EMAIL_SETTINGS, UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import type { TableStore } from '../data/stores';
import type { ConsentEvent, SubscriberItem } from '../data/subscriber-item';
import { keepSubscriber } from '../data/subscriber-retention';
import { getSubscriber, UNLESS_WITHDRAWN, updateConsent } from '../data/subscribers';
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
  const updated = await updateConsent(store, target, { ...fields, updatedAt: now }, [event]);
  if (!updated) throw new HttpError(404, API_ERRORS.subscriberNotFound);
  return updated;
};

/**
 * An unsubscribe from every email, once: one already unsubscribed from all gets no second
 * withdrawal in its ledger (a mail client or scanner pressing one-click again); only `feedback`
 * (the reasons a person gives on the page afterwards) is still kept.
 */
const withdrawOnce = async (
  store: TableStore,
  target: Target,
  change: {
    fields: Parameters<typeof updateConsent>[2];
    event: ConsentEvent;
    feedback?: Parameters<typeof updateConsent>[2];
  },
  now: number,
): Promise<SubscriberItem> => {
  const updated = await updateConsent(
    store,
    target,
    { ...change.fields, updatedAt: now },
    [change.event],
    UNLESS_WITHDRAWN,
  );
  if (updated) return updated;
  const current = await getSubscriber(store, target.id);
  if (!current || current.kind !== 'subscriber' || current.audience !== target.audience)
    throw new HttpError(404, API_ERRORS.subscriberNotFound);
  if (!change.feedback) {
    // A repeat of a withdrawal whose answer failed finishes giving the subscriber its expiry.
    await keepSubscriber(store, current);
    return current;
  }
  return (await updateConsent(store, target, { ...change.feedback, updatedAt: now }, [])) ?? current;
};

/** The unsubscribe page: stops all email and keeps the reasons given (CASL withdrawal record). */
export const unsubscribe = (store: TableStore, target: Target, reasonTicks: boolean[], now: number) => {
  const reasons = tickedKeys(UNSUBSCRIBE_REASONS[target.audience], reasonTicks);
  const feedback = { unsubscribeReason: reasonTicks, unsubscribeReasons: reasons };
  return withdrawOnce(
    store,
    target,
    {
      fields: { subscribed: false, unsubscribeAllEmail: [true], ...feedback, unsubscribedAt: now },
      event: { type: 'withdrawn', at: now, source: 'unsubscribe-page', reasons },
      feedback,
    },
    now,
  );
};

/** RFC 8058 one-click from the mail client: unsubscribe from everything, no reasons asked. */
export const unsubscribeOneClick = (store: TableStore, target: Target, now: number) =>
  withdrawOnce(
    store,
    target,
    {
      fields: { subscribed: false, unsubscribeAllEmail: [true], unsubscribedAt: now },
      event: { type: 'withdrawn', at: now, source: 'one-click', reasons: [] },
    },
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
