import { pickContact } from '#shared/constants/contact-fields.ts';
import { CONSENT_FORMS_VERSION, CONSENT_TEXT } from '#shared/constants/consent.ts';
import { putLead } from '../data/leads';
import type { TableStore } from '../data/stores';
import { claimedMailbox, consentStanding, hasOptedOut, type SubscriberItem } from '../data/subscriber-item';
import { updateConsent } from '../data/subscribers';
import type { DeliveryPolicy } from '../mail/delivery-policy';
import { subscriberExpiry } from './consent-retention';
import { resubscribeLeadKey } from './lead-key';
import { newLead } from './new-lead';

/**
 * Whether emailing this subscriber again needs its mailbox's confirmation first: it opted out
 * (a resubscribe, like a first sign-up, needs the confirmation click), or its consent is not
 * valid now (docs/decisions/0002-consent-model.md).
 */
export const needsConfirmationToMail = (subscriber: SubscriberItem, now: number): boolean =>
  hasOptedOut(subscriber) || consentStanding(subscriber, now) !== 'valid';

/**
 * The preferences page asked for email that may not be sent without the owner's confirmation.
 * Nothing is subscribed here: the ticked choice is kept on the subscriber (confirmSubscriber
 * applies a subscriber's own settings when one is on, so the confirmation uses it), and a lead
 * whose only email is the double opt-in confirmation goes to the subscriber's own address, never
 * to a typed one. Its key is the subscriber's and the UTC day's, so whoever holds a forwarded
 * preferences link can have at most one confirmation a day sent (later saves only update the
 * choice). The mailer skips a suppressed address, as for every confirmation.
 */
export const requestResubscription = async (
  stores: { subscribers: TableStore; leads: TableStore },
  subscriber: SubscriberItem,
  emailSetting: boolean[],
  context: { now: number; delivery: DeliveryPolicy },
): Promise<void> => {
  const { now } = context;
  const target = { audience: subscriber.audience, id: subscriber.id };
  await updateConsent(stores.subscribers, target, { emailSetting, updatedAt: now }, [], subscriberExpiry);
  await putLead(
    stores.leads,
    newLead(
      {
        key: resubscribeLeadKey(subscriber.id, now),
        type: 'resubscribe',
        details: { ...pickContact(subscriber), audience: subscriber.audience },
        mailbox: claimedMailbox(subscriber),
        consentRequest: {
          source: 'preferences-page',
          text: CONSENT_TEXT.preferencesPage,
          formVersion: CONSENT_FORMS_VERSION,
        },
        mail: { confirmation: 'pending' },
      },
      now,
      context.delivery,
    ),
  );
};
