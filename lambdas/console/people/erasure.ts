import type { ErasureAnswer, LedgerEvent } from '#shared/console/people.ts';
import { UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import { sendRecordId } from '../../data/campaign-item';
import { sendsToMailbox } from '../../data/campaign-sends';
import { findErasureRecord, keepErasureRecord, replaceErasureLedger } from '../../data/erasure-records';
import { takeItem } from '../../data/items';
import type { LeadItem, MailPart } from '../../data/lead-item';
import { leadsOfMailbox } from '../../data/leads';
import { claimedMailbox, emailClaimId, type ConsentRecord } from '../../data/subscriber-item';
import { consentLedger } from '../../data/subscribers';
import { recordErasedSuppression } from '../../data/suppressions';
import { canonicalMailbox } from '../../domain/canonical-mailbox';
import { mailboxHash } from '../../domain/mailbox-hash';
import { MAILBOX_LIMITED_FORMS, mailboxLimitId } from '../../domain/submission-limits';
import { utcDay } from '../../runtime/clock';
import type { ConsoleStores } from '../kit/request';
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

/** The unsubscribe page's reason keys: the only reasons a kept withdrawal may still name. */
const PAGE_REASONS = new Set(Object.values(UNSUBSCRIBE_REASONS).flatMap((options) => options.map(({ key }) => key)));

/**
 * A withdrawal without the words an owner typed for it (the console's unsubscribe by phone):
 * free text that may name the person, their number or another address ("called from 403-555-…,
 * jane@…"), which the erasure would otherwise keep for three years. What CASL asks of it stays:
 * that it was withdrawn, when, through which channel and by which owner; the page's reason keys
 * are the firm's own words and stay too.
 */
const withoutTypedWords = <T extends LedgerEvent>(event: T): T =>
  event.type === 'withdrawn'
    ? { ...event, reasons: event.reasons.filter((reason) => PAGE_REASONS.has(reason)) }
    : event;

/**
 * A consent record as the erasure keeps it: the event alone, without its keys, the lead it names
 * (erased) or typed words.
 */
const keptEvent = (record: ConsentRecord): LedgerEvent => {
  const { leadId: _lead, ...event } = ledgerEvent(record) as LedgerEvent & { leadId?: string };
  return withoutTypedWords(event as LedgerEvent);
};

/**
 * The per-mailbox limit counters' days an erasure deletes: the erasure's and six before. A
 * counter lives to the end of the day after its own (submission-limits.ts), and DynamoDB's TTL
 * deletes an expired item within a few days of its expiry, not at it.
 */
const LIMIT_COUNTER_DAYS = 7;

/** The mailbox's form limit counters (their keys hold the address): one DeleteItem per form and day. */
const deleteLimitCounters = (stores: ConsoleStores, mailbox: string, now: number) =>
  Promise.all(
    Array.from({ length: LIMIT_COUNTER_DAYS }, (_, back) => utcDay(now - back * 24 * 3600)).flatMap((day) =>
      MAILBOX_LIMITED_FORMS.map((type) => takeItem(stores.leads, mailboxLimitId(type, mailbox, day))),
    ),
  );

/**
 * A record kept by an erasure made before typed words were dropped (docs/decisions/0072-erasure.md,
 * amended 2026-11-28) loses them when the owners erase the address again.
 */
const dropTypedWordsKept = async (stores: ConsoleStores, personRef: string) => {
  const kept = await findErasureRecord(stores.subscribers, personRef);
  if (!kept) return;
  const ledger = kept.ledger.map(withoutTypedWords);
  if (JSON.stringify(ledger) !== JSON.stringify(kept.ledger))
    await replaceErasureLedger(stores.subscribers, personRef, ledger);
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

  await dropTypedWordsKept(stores, personRef);

  for (const lead of leads) await takeItem(stores.leads, lead.id);
  await deleteLimitCounters(stores, mailbox, now);
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
