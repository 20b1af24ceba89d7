import { recordSendAccepted, recordSendDelivery } from '../data/campaign-sends';
import { leadId } from '../data/lead-item';
import { recordPartAccepted, recordPartDelivery } from '../data/lead-mail-state';
import type { DeliveryRecord } from '../data/delivery-record';
import type { TableStore } from '../data/stores';
import { canonicalMailbox } from '../domain/canonical-mailbox';
import { SES_MAY_SETTLE } from '../domain/email-state';
import { suppressAddress } from '../domain/suppress-address';
import * as log from '../runtime/log';
import type { SesEvent } from './ses-event';

export interface IngestionStores {
  leads: TableStore;
  subscribers: TableStore;
  campaigns: TableStore;
}

/**
 * What SES said of one email: the first event about it (its message id and time settle the email
 * as `sent`) and the strongest outcome among its events (kept on its record).
 */
interface EmailNews {
  first: SesEvent;
  strongest: DeliveryRecord;
}

/** Which email an event is about (its record); undefined for one that is about none of ours. */
const emailOf = (event: SesEvent): string | undefined => {
  const { identity } = event;
  if (identity?.kind === 'lead') return `lead ${identity.leadKey} ${identity.part}`;
  if (identity?.kind === 'campaign') return `campaign ${identity.campaign} ${event.destination.join(' ')}`;
  return undefined;
};

/**
 * The events of one delivery, those about the same email taken together: the outcome their
 * records would end with one at a time (a stronger word wins, an equal one does not replace the
 * first; the first event settles the email) at the cost of one write per email instead of one per
 * event. SNS hands a Lambda one event at a time, so in AWS each is its own; the local relay
 * hands over what SES published since its last look, usually an email's Send and Delivery together.
 */
const newsByEmail = (events: SesEvent[]): EmailNews[] => {
  const byEmail = new Map<string, EmailNews>();
  for (const event of events) {
    const email = emailOf(event);
    if (email === undefined) continue;
    const news = byEmail.get(email);
    if (!news) byEmail.set(email, { first: event, strongest: event.delivery });
    else if (event.delivery.rank > news.strongest.rank) news.strongest = event.delivery;
  }
  return [...byEmail.values()];
};

/**
 * The strongest outcome is kept on the email's own record; any event means SES accepted the email,
 * which settles an email in doubt as `sent`. That second write is made only when the first did not
 * show the email `sent` already, so an email usually costs one write. Both are conditional, so
 * news delivered twice (SNS delivers at least once) changes nothing the second time.
 */
const recordNews = async (stores: IngestionStores, { first, strongest }: EmailNews, now: number) => {
  const { identity } = first;
  if (identity?.kind === 'lead') {
    const id = leadId(identity.leadKey);
    const lead = await recordPartDelivery(stores.leads, id, identity.part, strongest);
    if (lead?.mail[identity.part] !== 'sent') {
      const settled = await recordPartAccepted(stores.leads, id, identity.part, first.messageId, now, SES_MAY_SETTLE);
      if (settled)
        log.info('Lead email settled by SES', { leadId: id, part: identity.part, messageId: first.messageId });
    }
  } else if (identity?.kind === 'campaign') {
    for (const address of first.destination) {
      const target = { campaign: identity.campaign, mailbox: canonicalMailbox(address) };
      const record = await recordSendDelivery(stores.campaigns, target, strongest);
      if (record?.status !== 'sent')
        await recordSendAccepted(stores.campaigns, target, first.messageId, first.delivery.at, SES_MAY_SETTLE);
    }
  }
};

/**
 * SES's events of one delivery, each on the record of the email it is about (its tags say
 * which), the events about one email written together (newsByEmail). A permanent bounce or a
 * complaint suppresses the address. Store errors are thrown: the delivery is retried, and every
 * write is conditional or idempotent.
 */
export const ingestSesEvents = async (stores: IngestionStores, events: SesEvent[], now: number): Promise<void> => {
  for (const news of newsByEmail(events)) await recordNews(stores, news, now);
  for (const { suppress } of events) {
    for (const address of suppress?.addresses ?? []) {
      const subscribers = await suppressAddress(stores.subscribers, address, suppress!.reason, now);
      log.info('Address suppressed', { reason: suppress!.reason, subscribers });
    }
  }
};
