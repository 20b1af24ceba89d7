import type { Audience } from '#shared/constants/audiences.ts';
import { EMAIL_SETTINGS, UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import type { TableStore } from '../data/stores';
import type { ConsentEvent, SubscriberItem } from '../data/subscriber-item';
import { keepSubscriber } from '../data/subscriber-retention';
import { subscriberExpiry } from './consent-retention';
import { UNLESS_WITHDRAWN, updateConsent, WHILE_SUBSCRIBED, type ConsentFields } from '../data/subscribers';
import type { DeliveryPolicy } from '../mail/delivery-policy';
import { needsConfirmationToMail, requestResubscription } from './resubscription';
import { openSubscriberLink, type SubscriberLink } from './subscriber-link';
import { countUnsubscribedSince } from './unsubscribed-since';

/** Keys of the ticked boxes, in the option list's order. */
const tickedKeys = (options: readonly { key: string }[], ticks: readonly boolean[]) =>
  options.filter((_, index) => ticks[index] === true).map((option) => option.key);

const targetOf = (subscriber: SubscriberItem): { audience: Audience; id: string } => ({
  audience: subscriber.audience,
  id: subscriber.id,
});

/** The subscribers, and the campaigns whose "unsubscribed since" a withdrawal moves (unsubscribed-since.ts). */
export interface WithdrawalStores {
  subscribers: TableStore;
  campaigns: TableStore;
}

/**
 * An unsubscribe from every email, once: one already unsubscribed from all gets no second
 * withdrawal in its ledger (a mail client or scanner pressing one-click again); only `feedback`
 * (what a person chooses on the page afterwards) is still kept. The withdrawal that was written
 * counts in "unsubscribed since" of the campaigns that reached the person, with the page's
 * reasons (`reasons`; none for the other ways). True when this call withdrew it.
 */
const withdrawOnce = async (
  stores: WithdrawalStores,
  subscriber: SubscriberItem,
  change: { fields: ConsentFields; event: ConsentEvent; reasons: readonly string[]; feedback?: ConsentFields },
  now: number,
): Promise<boolean> => {
  const target = targetOf(subscriber);
  const withdrawn = await updateConsent(
    stores.subscribers,
    target,
    { ...change.fields, updatedAt: now },
    [change.event],
    subscriberExpiry,
    UNLESS_WITHDRAWN,
  );
  if (withdrawn) {
    await countUnsubscribedSince(stores.campaigns, withdrawn, change.reasons, now);
    return true;
  }
  if (change.feedback)
    await updateConsent(stores.subscribers, target, { ...change.feedback, updatedAt: now }, [], subscriberExpiry);
  // A repeat of a withdrawal whose answer failed finishes giving the subscriber its expiry.
  else await keepSubscriber(stores.subscribers, subscriber, subscriberExpiry);
  return false;
};

/**
 * The unsubscribe page (its link's token, lambdas/domain/subscriber-link-token.ts): stops all
 * email and keeps the reasons given (CASL withdrawal record).
 */
export const unsubscribe = async (
  stores: WithdrawalStores,
  link: SubscriberLink,
  reasonTicks: boolean[],
  now: number,
) => {
  const { subscriber } = await openSubscriberLink(stores.subscribers, link, ['unsubscribe']);
  const reasons = tickedKeys(UNSUBSCRIBE_REASONS[subscriber.audience], reasonTicks);
  const feedback = { unsubscribeReason: reasonTicks, unsubscribeReasons: reasons };
  await withdrawOnce(
    stores,
    subscriber,
    {
      fields: { subscribed: false, unsubscribeAllEmail: [true], ...feedback, unsubscribedAt: now },
      event: { type: 'withdrawn', at: now, source: 'unsubscribe-page', reasons },
      reasons,
      feedback,
    },
    now,
  );
};

/** RFC 8058 one-click from the mail client, with the unsubscribe link's token: everything, no reasons asked. */
export const unsubscribeOneClick = async (stores: WithdrawalStores, link: SubscriberLink, now: number) => {
  const { subscriber } = await openSubscriberLink(stores.subscribers, link, ['unsubscribe']);
  await withdrawOnce(
    stores,
    subscriber,
    {
      fields: { subscribed: false, unsubscribeAllEmail: [true], unsubscribedAt: now },
      event: { type: 'withdrawn', at: now, source: 'one-click', reasons: [] },
      reasons: [],
    },
    now,
  );
};

/**
 * The console: an owner unsubscribes the person from everything at their request (a phone
 * call), recorded as a withdrawal through the console with the owner and the reason they typed.
 * Once, as every unsubscribe: a subscriber already unsubscribed from all gets nothing new. The
 * typed words are free text that may name someone: campaigns count this as no reason given.
 * Returns whether this call withdrew it.
 */
export const unsubscribeOnRequest = async (
  stores: WithdrawalStores,
  subscriber: SubscriberItem,
  request: { owner: string; reason: string },
  now: number,
): Promise<boolean> =>
  withdrawOnce(
    stores,
    subscriber,
    {
      fields: { subscribed: false, unsubscribeAllEmail: [true], unsubscribedAt: now },
      event: { type: 'withdrawn', at: now, source: 'console', reasons: [request.reason], by: request.owner },
      reasons: [],
    },
    now,
  );

/** `saved`: the choice applies now; `confirmation-sent`: it waits for the owner's confirmation by email. */
export type PreferencesOutcome = 'saved' | 'confirmation-sent';

/**
 * The settings page (its link's token): which emails to get; unsubscribe-all or no ticked
 * setting means none, an unsubscribe like the others (withdrawOnce). A choice that would mail
 * someone who may not be mailed now (opted out, or without valid consent) is not applied: it
 * asks the mailbox to confirm (resubscription.ts).
 */
export const savePreferences = async (
  stores: WithdrawalStores & { leads: TableStore },
  link: SubscriberLink,
  choice: { emailSetting: boolean[]; unsubscribeAllEmail: boolean[] },
  context: { now: number; delivery: DeliveryPolicy },
): Promise<PreferencesOutcome> => {
  const { now } = context;
  const { subscriber } = await openSubscriberLink(stores.subscribers, link, ['preferences']);
  const settings = { emailSetting: choice.emailSetting, unsubscribeAllEmail: choice.unsubscribeAllEmail };
  if (choice.unsubscribeAllEmail.includes(true) || !choice.emailSetting.includes(true)) {
    await withdrawOnce(
      stores,
      subscriber,
      {
        fields: { subscribed: false, ...settings, unsubscribedAt: now },
        event: { type: 'withdrawn', at: now, source: 'preferences-page', reasons: [] },
        reasons: [],
        feedback: settings,
      },
      now,
    );
    return 'saved';
  }
  if (needsConfirmationToMail(subscriber, now)) {
    await requestResubscription(stores, subscriber, choice.emailSetting, context);
    return 'confirmation-sent';
  }
  const event: ConsentEvent = {
    type: 'preferences-changed',
    at: now,
    source: 'preferences-page',
    emailSetting: tickedKeys(EMAIL_SETTINGS, choice.emailSetting),
  };
  // A choice of email applies only while the subscriber has not opted out meanwhile (a one-click
  // since it was read): then it too waits for the confirmation.
  const applied = await updateConsent(
    stores.subscribers,
    targetOf(subscriber),
    { subscribed: true, ...settings, updatedAt: now },
    [event],
    subscriberExpiry,
    WHILE_SUBSCRIBED,
  );
  if (applied) return 'saved';
  await requestResubscription(stores, subscriber, choice.emailSetting, context);
  return 'confirmation-sent';
};
