import type {
  CampaignEmailView,
  DeliveryView,
  LeadView,
  LedgerEvent,
  PersonRecord,
  SubscriptionView,
} from '#shared/console/people.ts';
import { sendsToMailbox } from '../../data/campaign-sends';
import { findErasureRecord } from '../../data/erasure-records';
import type { LeadItem, MailPart } from '../../data/lead-item';
import { leadsOfMailbox } from '../../data/leads';
import type { ConsentRecord, SubscriberItem } from '../../data/subscriber-item';
import { consentLedger, findSubscribersByMailbox, getSubscriber } from '../../data/subscribers';
import { findSuppression } from '../../data/suppressions';
import { canonicalMailbox } from '../../domain/canonical-mailbox';
import { mailboxHash } from '../../domain/mailbox-hash';
import { stateOf, topicsOf } from '../../domain/subscriber-state';
import type { DeliveryRecord } from '../../data/delivery-record';
import type { ConsoleStores } from '../kit/request';

/** The tables a person's record is read from (the console's own table holds nothing about them). */
type PersonStores = Pick<ConsoleStores, 'leads' | 'subscribers' | 'campaigns'>;

/** A ledger record as the screen shows it: the event alone, without its storage keys. */
export const ledgerEvent = ({ id: _id, kind: _kind, subscriberId: _s, expiresAt: _e, ...event }: ConsentRecord) =>
  event as LedgerEvent;

const deliveryView = (delivery: DeliveryRecord | undefined): DeliveryView | undefined =>
  delivery && { outcome: delivery.outcome, at: delivery.at, ...(delivery.detail && { detail: delivery.detail }) };

const leadView = (lead: LeadItem): LeadView => ({
  id: lead.id,
  type: lead.type,
  audience: lead.audience,
  createdAt: lead.createdAt,
  firstName: lead.firstName,
  lastName: lead.lastName,
  email: lead.email,
  organization: lead.organization,
  jobTitle: lead.jobTitle,
  message: lead.helpDescription,
  ...(lead.consentRequest && {
    consentRequest: {
      source: lead.consentRequest.source,
      text: lead.consentRequest.text,
      ...(lead.consentRequest.formVersion && { formVersion: lead.consentRequest.formVersion }),
    },
  }),
  ...(lead.confirmedAt !== undefined && { confirmedAt: lead.confirmedAt }),
  emails: (Object.entries(lead.mail) as [MailPart, string][]).map(([part, status]) => ({
    part,
    status,
    ...(lead.sesMessageIds?.[part] && { sesMessageId: lead.sesMessageIds[part] }),
    ...(lead.deliveries?.[part] && { delivery: deliveryView(lead.deliveries[part]) }),
  })),
});

const subscriptionView = async (
  stores: PersonStores,
  subscriber: SubscriberItem,
  now: number,
): Promise<SubscriptionView> => ({
  subscriberId: subscriber.id,
  audience: subscriber.audience,
  email: subscriber.email,
  firstName: subscriber.firstName,
  lastName: subscriber.lastName,
  state: stateOf(subscriber, now),
  consent: subscriber.consent,
  subscribed: subscriber.subscribed,
  suppressed: subscriber.suppressed ?? false,
  ...(subscriber.impliedSince !== undefined && { impliedSince: subscriber.impliedSince }),
  ...(subscriber.impliedUntil !== undefined && { impliedUntil: subscriber.impliedUntil }),
  topics: topicsOf(subscriber, now),
  createdAt: subscriber.createdAt,
  ledger: (await consentLedger(stores.subscribers, subscriber)).map(ledgerEvent),
});

/** The person's subscriptions, as stored (one per audience at most). */
export const subscriptionsOf = async (stores: PersonStores, mailbox: string): Promise<SubscriberItem[]> => {
  const found = await findSubscribersByMailbox(stores.subscribers, mailbox);
  const subscribers = await Promise.all(found.map(({ id }) => getSubscriber(stores.subscribers, id)));
  return subscribers.filter((subscriber): subscriber is SubscriberItem => subscriber !== undefined);
};

/**
 * Everything the firm holds about one address (the canonical mailbox, so every alias of the
 * inbox): its leads, each subscription with its whole consent ledger, every email sent to it
 * and what SES said of each, its suppression, and what an erasure kept. Read-only.
 */
export const personRecord = async (stores: PersonStores, email: string, now: number): Promise<PersonRecord> => {
  const mailbox = canonicalMailbox(email);
  const personRef = mailboxHash(mailbox);
  const [subscribers, leads, sends, suppression, erasure] = await Promise.all([
    subscriptionsOf(stores, mailbox),
    leadsOfMailbox(stores.leads, mailbox),
    sendsToMailbox(stores.campaigns, mailbox),
    findSuppression(stores.subscribers, mailbox),
    findErasureRecord(stores.subscribers, personRef),
  ]);
  const campaignEmails = sends.map((send): CampaignEmailView => ({
    campaign: send.campaign,
    status: send.status,
    ...(send.sentAt !== undefined && { sentAt: send.sentAt }),
    ...(send.messageId && { messageId: send.messageId }),
    ...(send.delivery && { delivery: deliveryView(send.delivery) }),
  }));
  return {
    mailbox,
    personRef,
    ...(suppression && { suppression: { reason: suppression.reason, at: suppression.at } }),
    subscriptions: await Promise.all(subscribers.map((subscriber) => subscriptionView(stores, subscriber, now))),
    leads: leads.map(leadView),
    campaignEmails,
    ...(erasure && {
      erasure: {
        mailboxHash: erasure.mailboxHash,
        erasedAt: erasure.erasedAt,
        ledger: erasure.ledger,
        messagesSent: erasure.messagesSent,
        keptUntil: erasure.expiresAt,
      },
    }),
  };
};
