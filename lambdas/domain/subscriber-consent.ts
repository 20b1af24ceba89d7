import type { Audience } from '#shared/constants/audiences.ts';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { EMAIL_SETTINGS, UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import type { TableStore } from '../data/stores';
import type { ConsentEvent, SubscriberItem } from '../data/subscriber-item';
import { keepSubscriber } from '../data/subscriber-retention';
import { UNLESS_WITHDRAWN, updateConsent, WHILE_SUBSCRIBED, type ConsentFields } from '../data/subscribers';
import type { DeliveryPolicy } from '../mail/delivery-policy';
import { needsConfirmationToMail, requestResubscription } from './resubscription';
import { openSubscriberLink, type SubscriberLink } from './subscriber-link';
import { Refusal } from './refusal';

/** Keys of the ticked boxes, in the option list's order. */
const tickedKeys = (options: readonly { key: string }[], ticks: readonly boolean[]) =>
  options.filter((_, index) => ticks[index] === true).map((option) => option.key);

const targetOf = (subscriber: SubscriberItem): { audience: Audience; id: string } => ({
  audience: subscriber.audience,
  id: subscriber.id,
});

/**
 * An unsubscribe from every email, once: one already unsubscribed from all gets no second
 * withdrawal in its ledger (a mail client or scanner pressing one-click again); only `feedback`
 * (the reasons a person gives on the page afterwards) is still kept. True when this call withdrew it.
 */
const withdrawOnce = async (
  store: TableStore,
  subscriber: SubscriberItem,
  change: { fields: ConsentFields; event: ConsentEvent; feedback?: ConsentFields },
  now: number,
): Promise<boolean> => {
  const target = targetOf(subscriber);
  const withdrawn = await updateConsent(
    store,
    target,
    { ...change.fields, updatedAt: now },
    [change.event],
    UNLESS_WITHDRAWN,
  );
  if (withdrawn) return true;
  if (change.feedback) await updateConsent(store, target, { ...change.feedback, updatedAt: now }, []);
  // A repeat of a withdrawal whose answer failed finishes giving the subscriber its expiry.
  else await keepSubscriber(store, subscriber);
  return false;
};

/**
 * The unsubscribe page (its link's token, lambdas/domain/subscriber-link-token.ts): stops all
 * email and keeps the reasons given (CASL withdrawal record).
 */
export const unsubscribe = async (store: TableStore, link: SubscriberLink, reasonTicks: boolean[], now: number) => {
  const { subscriber } = await openSubscriberLink(store, link, ['unsubscribe']);
  const reasons = tickedKeys(UNSUBSCRIBE_REASONS[subscriber.audience], reasonTicks);
  const feedback = { unsubscribeReason: reasonTicks, unsubscribeReasons: reasons };
  await withdrawOnce(
    store,
    subscriber,
    {
      fields: { subscribed: false, unsubscribeAllEmail: [true], ...feedback, unsubscribedAt: now },
      event: { type: 'withdrawn', at: now, source: 'unsubscribe-page', reasons },
      feedback,
    },
    now,
  );
};

/** RFC 8058 one-click from the mail client, with the unsubscribe link's token: everything, no reasons asked. */
export const unsubscribeOneClick = async (store: TableStore, link: SubscriberLink, now: number) => {
  const { subscriber } = await openSubscriberLink(store, link, ['unsubscribe']);
  await withdrawOnce(
    store,
    subscriber,
    {
      fields: { subscribed: false, unsubscribeAllEmail: [true], unsubscribedAt: now },
      event: { type: 'withdrawn', at: now, source: 'one-click', reasons: [] },
    },
    now,
  );
};

/**
 * The console: an owner unsubscribes the person from everything at their request (a phone
 * call), recorded as a withdrawal through the console with the owner and the reason they typed.
 * Once, as every unsubscribe: a subscriber already unsubscribed from all gets nothing new.
 * Returns whether this call withdrew it.
 */
export const unsubscribeOnRequest = async (
  store: TableStore,
  subscriber: SubscriberItem,
  request: { owner: string; reason: string },
  now: number,
): Promise<boolean> =>
  withdrawOnce(
    store,
    subscriber,
    {
      fields: { subscribed: false, unsubscribeAllEmail: [true], unsubscribedAt: now },
      event: { type: 'withdrawn', at: now, source: 'console', reasons: [request.reason], by: request.owner },
    },
    now,
  );

/** `saved`: the choice applies now; `confirmation-sent`: it waits for the owner's confirmation by email. */
export type PreferencesOutcome = 'saved' | 'confirmation-sent';

/**
 * The settings page (its link's token): which emails to get; unsubscribe-all or no ticked
 * setting means none. A choice that would mail someone who may not be mailed now (opted out, or
 * without valid consent) is not applied: it asks the mailbox to confirm (resubscription.ts).
 */
export const savePreferences = async (
  stores: { subscribers: TableStore; leads: TableStore },
  link: SubscriberLink,
  choice: { emailSetting: boolean[]; unsubscribeAllEmail: boolean[] },
  context: { now: number; delivery: DeliveryPolicy },
): Promise<PreferencesOutcome> => {
  const { now } = context;
  const { subscriber } = await openSubscriberLink(stores.subscribers, link, ['preferences']);
  const subscribed = !choice.unsubscribeAllEmail.includes(true) && choice.emailSetting.includes(true);
  if (subscribed && needsConfirmationToMail(subscriber, now)) {
    await requestResubscription(stores, subscriber, choice.emailSetting, context);
    return 'confirmation-sent';
  }
  const event: ConsentEvent = subscribed
    ? {
        type: 'preferences-changed',
        at: now,
        source: 'preferences-page',
        emailSetting: tickedKeys(EMAIL_SETTINGS, choice.emailSetting),
      }
    : { type: 'withdrawn', at: now, source: 'preferences-page', reasons: [] };
  const fields: ConsentFields = {
    subscribed,
    emailSetting: choice.emailSetting,
    unsubscribeAllEmail: choice.unsubscribeAllEmail,
    ...(subscribed ? {} : { unsubscribedAt: now }),
    updatedAt: now,
  };
  // A choice of email applies only while the subscriber has not opted out meanwhile (a one-click
  // since it was read): then it too waits for the confirmation.
  const applied = await updateConsent(
    stores.subscribers,
    targetOf(subscriber),
    fields,
    [event],
    subscribed ? WHILE_SUBSCRIBED : undefined,
  );
  if (applied) return 'saved';
  if (!subscribed) throw new Refusal('not-found', API_ERRORS.subscriberNotFound);
  await requestResubscription(stores, subscriber, choice.emailSetting, context);
  return 'confirmation-sent';
};
