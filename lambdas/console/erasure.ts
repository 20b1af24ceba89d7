import type { ErasureAnswer, LedgerEvent } from '#shared/console-people.ts';
import { sendRecordId } from '../data/campaign-item';
import { sendsToMailbox } from '../data/campaign-sends';
import { keepErasureRecord } from '../data/erasure-records';
import { takeItem } from '../data/items';
import type { LeadItem, MailPart } from '../data/lead-item';
import { leadsOfMailbox } from '../data/leads';
import { claimedMailbox, emailClaimId, type ConsentRecord } from '../data/subscriber-item';
import { consentLedger } from '../data/subscribers';
import { recordErasedSuppression } from '../data/suppressions';
import { canonicalMailbox } from '../domain/canonical-mailbox';
import { mailboxHash } from '../domain/mailbox-hash';
import type { ConsoleStores } from './console-request';
import { ledgerEvent, subscriptionsOf } from './person-record';

/**
 * How long the CASL record of an erased person is kept after the last message sent to them:
 * three years, the period in which a complaint about that message could still be pursued
 * (docs/decisions/0072-erasure.md).
 */
export const CASL_RECORD_SECONDS = 3 * 365 * 24 * 3600;

/** The emails of a lead that went to the person (the notification went to the firm). */
const PERSON_PARTS: readonly MailPart[] = ['requester', 'confirmation', 'welcome'];

const leadMessagesSent = (lead: LeadItem) =>
  PERSON_PARTS.filter((part) => lead.mail[part] === 'sent').map((part) => ({
    what: `${lead.type} form: ${part} email`,
    // SES's first word on it, else the form's arrival: a lead's emails go out within minutes of it.
    sentAt: lead.deliveries?.[part]?.at ?? lead.createdAt,
    ...(lead.sesMessageIds?.[part] && { messageId: lead.sesMessageIds[part] }),
  }));

/** A consent record as the erasure keeps it: the event alone, without its keys or the lead it names (erased). */
const keptEvent = (record: ConsentRecord): LedgerEvent => {
  const { leadId: _lead, ...event } = ledgerEvent(record) as LedgerEvent & { leadId?: string };
  return event as LedgerEvent;
};

/**
 * Erases a person on request (PIPEDA principle 4.5, Alberta PIPA s. 35; docs/decisions/0072-erasure.md).
 * Order matters, as nothing here is one transaction: first the hashed suppression (from then on
 * nothing is mailed to the address, whatever fails later), then the CASL record of what was
 * sent, then the deletions. A repeat after a failure finishes the job and keeps the first record.
 */
export const erasePerson = async (stores: ConsoleStores, email: string, now: number): Promise<ErasureAnswer> => {
  const mailbox = canonicalMailbox(email);
  const personRef = mailboxHash(mailbox);
  await recordErasedSuppression(stores.subscribers, mailbox, now);

  const [subscribers, leads, sends] = await Promise.all([
    subscriptionsOf(stores, mailbox),
    leadsOfMailbox(stores.leads, mailbox),
    sendsToMailbox(stores.campaigns, mailbox),
  ]);
  const ledgers = await Promise.all(subscribers.map((subscriber) => consentLedger(stores.subscribers, subscriber)));
  const messagesSent = [
    ...sends
      .filter((send) => send.status === 'sent')
      .map((send) => ({
        what: `campaign ${send.campaign}`,
        sentAt: send.sentAt ?? send.firstAttemptAt,
        ...(send.messageId && { messageId: send.messageId }),
      })),
    ...leads.flatMap(leadMessagesSent),
  ].sort((a, b) => a.sentAt - b.sentAt);
  const keptRecord = messagesSent.length > 0;
  if (keptRecord) {
    await keepErasureRecord(stores.subscribers, {
      mailboxHash: personRef,
      erasedAt: now,
      // The events alone: the leads they name are erased, and no name or address is in an event.
      ledger: subscribers.flatMap((subscriber, index) =>
        ledgers[index]!.map((record) => ({ ...keptEvent(record), audience: subscriber.audience })),
      ),
      messagesSent,
      expiresAt: Math.max(...messagesSent.map((message) => message.sentAt)) + CASL_RECORD_SECONDS,
    });
  }

  for (const lead of leads) await takeItem(stores.leads, lead.id);
  for (const send of sends) await takeItem(stores.campaigns, sendRecordId(send.campaign, send.mailbox));
  let consentRecords = 0;
  for (const [index, subscriber] of subscribers.entries()) {
    for (const record of ledgers[index]!) if (await takeItem(stores.subscribers, record.id)) consentRecords += 1;
    await takeItem(stores.subscribers, subscriber.id);
    await takeItem(stores.subscribers, emailClaimId(subscriber.audience, claimedMailbox(subscriber)));
  }
  return {
    message: keptRecord
      ? 'Erased. Only a one-way code of the address is kept, so it is never emailed again, with the consent proof of the emails already sent (kept 3 years after the last one).'
      : 'Erased. Only a one-way code of the address is kept, so it is never emailed again.',
    personRef,
    erased: { leads: leads.length, subscriptions: subscribers.length, consentRecords, campaignEmails: sends.length },
    keptRecord,
  };
};
