import { recordSendAccepted, recordSendDelivery } from '../data/campaign-sends';
import { leadId } from '../data/lead-item';
import { recordPartAccepted, recordPartDelivery } from '../data/lead-mail-state';
import type { TableStore } from '../data/stores';
import { canonicalMailbox } from '../domain/canonical-mailbox';
import { suppressAddress } from '../domain/suppress-address';
import * as log from '../runtime/log';
import type { SesEvent } from './ses-event';

export interface IngestionStores {
  leads: TableStore;
  subscribers: TableStore;
  campaigns: TableStore;
}

/**
 * One SES event, on the record of the email it is about (its tags say which): the strongest
 * outcome is kept on it; any event means SES accepted the email, which settles an email in doubt
 * as `sent`. That second write is made only when the first did not show the email `sent`
 * already, so a usual event costs one write (two per email: a campaign's events are most of the
 * table's writes). A permanent bounce or a complaint suppresses the address. Every write is
 * conditional or idempotent, so an event delivered twice (SNS delivers at least once) changes
 * nothing the second time. Store errors are thrown: the event is retried.
 */
export const ingestSesEvent = async (stores: IngestionStores, event: SesEvent, now: number): Promise<void> => {
  const { identity } = event;
  if (identity?.kind === 'lead') {
    const id = leadId(identity.leadKey);
    const lead = await recordPartDelivery(stores.leads, id, identity.part, event.delivery);
    if (lead?.mail[identity.part] !== 'sent') {
      const settled = await recordPartAccepted(stores.leads, id, identity.part, event.messageId, now);
      if (settled)
        log.info('Lead email settled by SES', { leadId: id, part: identity.part, messageId: event.messageId });
    }
  } else if (identity?.kind === 'campaign') {
    for (const address of event.destination) {
      const target = { campaign: identity.campaign, mailbox: canonicalMailbox(address) };
      const record = await recordSendDelivery(stores.campaigns, target, event.delivery);
      if (record?.status !== 'sent')
        await recordSendAccepted(stores.campaigns, target, event.messageId, event.delivery.at);
    }
  }
  for (const address of event.suppress?.addresses ?? []) {
    const subscribers = await suppressAddress(stores.subscribers, address, event.suppress!.reason, now);
    log.info('Address suppressed', { reason: event.suppress!.reason, subscribers });
  }
};
