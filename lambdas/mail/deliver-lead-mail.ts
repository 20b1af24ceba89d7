import type { LeadItem, MailPart, MailStatus } from '../data/lead-item';
import { countMailAttempt, getLead, setLeadMailStatus, setMailPart } from '../data/leads';
import type { TableStore } from '../data/stores';
import type { SubscriberItem } from '../data/subscriber-item';
import { getSubscriber } from '../data/subscribers';
import * as log from '../runtime/log';
import { notificationMail, scorecardMail, welcomeMail } from './lead-mails';
import type { OutgoingMail } from './outgoing-mail';
import { subscriberLinks } from './subscriber-links';

/**
 * After this many tries a lead's mail is marked failed. The last failure is still reported to
 * Lambda, whose retries are then exhausted (stream retryAttempts 3 = 4 tries), so the record lands
 * in the dead-letter queue and its alarm tells the operators.
 */
export const MAX_MAIL_ATTEMPTS = 4;

export interface MailerDeps {
  leads: TableStore;
  subscribers: TableStore;
  send: (mail: OutgoingMail) => Promise<void>;
  /** Without a trailing slash. */
  siteUrl: string;
  notificationEmail: string;
}

interface PlannedMail {
  part: MailPart;
  /** Mail to the subscriber is skipped when the address bounced or complained. */
  toSubscriber: boolean;
  build: () => OutgoingMail;
}

const plan = (lead: LeadItem, deps: MailerDeps): PlannedMail[] => {
  const links = () => subscriberLinks(deps.siteUrl, lead.audience, lead.subscriberId);
  const notification: PlannedMail = {
    part: 'notification',
    toSubscriber: false,
    build: () => notificationMail(lead, deps.notificationEmail),
  };
  const toPerson: PlannedMail =
    lead.type === 'scorecard'
      ? { part: 'requester', toSubscriber: true, build: () => scorecardMail(lead, deps.siteUrl, links()) }
      : { part: 'welcome', toSubscriber: true, build: () => welcomeMail(lead, links()) };
  return [toPerson, notification];
};

/** A subscriber that is gone (erased) or suppressed must not be mailed. */
const mayMail = (subscriber: SubscriberItem | undefined) => subscriber !== undefined && subscriber.suppressed !== true;

const partStatuses = (lead: LeadItem): Record<string, MailStatus> => ({ ...lead.mail });

/**
 * Sends what a lead still owes: each email is recorded as sent right after SES accepts it,
 * so a retry (Lambda's, or the local poller's) sends only the parts that failed. Throws
 * while attempts remain so the stream record is retried; gives up after MAX_MAIL_ATTEMPTS.
 */
export const deliverLeadMail = async (deps: MailerDeps, leadId: string, now: number): Promise<void> => {
  const lead = await getLead(deps.leads, leadId);
  if (!lead || lead.mailStatus !== 'pending') return;

  const attempt = await countMailAttempt(deps.leads, leadId);
  const subscriber = await getSubscriber(deps.subscribers, lead.subscriberId);
  const statuses = partStatuses(lead);
  let lastError: unknown;

  for (const planned of plan(lead, deps)) {
    if (statuses[planned.part] !== 'pending' && statuses[planned.part] !== 'failed') continue;
    if (planned.toSubscriber && !mayMail(subscriber)) {
      statuses[planned.part] = 'suppressed';
      await setMailPart(deps.leads, leadId, planned.part, 'suppressed');
      continue;
    }
    try {
      await deps.send(planned.build());
      statuses[planned.part] = 'sent';
      await setMailPart(deps.leads, leadId, planned.part, 'sent');
    } catch (error) {
      lastError = error;
      log.warn('Email not sent', { leadId, part: planned.part, attempt, error });
    }
  }

  if (lastError !== undefined) {
    const lastMailError = lastError instanceof Error ? `${lastError.name}: ${lastError.message}` : String(lastError);
    if (attempt < MAX_MAIL_ATTEMPTS) {
      await setLeadMailStatus(deps.leads, leadId, { mailStatus: 'pending', lastMailError });
      throw lastError;
    }
    for (const [part, status] of Object.entries(statuses)) {
      if (status === 'pending') await setMailPart(deps.leads, leadId, part as MailPart, 'failed');
    }
    await setLeadMailStatus(deps.leads, leadId, { mailStatus: 'failed', lastMailError });
    log.error('Giving up on lead email', { leadId, attempts: attempt, error: lastError });
    throw lastError;
  }

  const suppressed = Object.values(statuses).includes('suppressed');
  await setLeadMailStatus(deps.leads, leadId, { mailStatus: suppressed ? 'suppressed' : 'sent', sentAt: now });
};
