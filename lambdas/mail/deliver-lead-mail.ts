import { LEAD_MAIL_FINALLY_FAILED, MAIL_DOUBT_OUTLIVED_WINDOW } from '#shared/constants/operator-alerts.ts';
import { apiPath, emailPagePath } from '#shared/paths.ts';
import { leadKeyOf, settledMailStatus, type LeadItem, type MailPart, type PartStatus } from '../data/lead-item';
import {
  claimLead,
  getLead,
  movePart,
  recordPartSent,
  releaseLead,
  resolvePartDoubt,
  resumeHeldParts,
  settleLead,
} from '../data/lead-mail-state';
import type { TableStore } from '../data/stores';
import { findSuppression } from '../data/suppressions';
import { ensureInquirySubscriber, findSubscriber, getSubscriber } from '../data/subscribers';
import { subscriberExpiry } from '../domain/consent-retention';
import { doubtAfterWindow, doubtWindowEnds, INTERRUPTED_SEND } from '../domain/email-state';
import type { FormMailBudget } from '../domain/form-mail-budget';
import { leadLinkToken } from '../domain/lead-link-token';
import * as log from '../runtime/log';
import { randomToken } from '../runtime/tokens';
import type { DeadLetterSink } from './dead-letters';
import { retryDelay, type DeliveryPolicy } from './delivery-policy';
import { decideHeldMail, partsDroppedAsSpam } from './held-mail';
import { confirmationMail, notificationMail, scorecardMail, welcomeMail } from './lead-mails';
import { mailTags } from './mail-tags';
import type { OutgoingMail } from './outgoing-mail';
import { describeError, sendOnce } from './send-once';
import { subscriberLinks } from './subscriber-links';
import { withRetries } from './with-retries';

export interface MailerDeps {
  leads: TableStore;
  subscribers: TableStore;
  /** Sends one email; resolves to SES's message id. */
  send: (mail: OutgoingMail) => Promise<string>;
  /** Without a trailing slash. */
  siteUrl: string;
  notificationEmail: string;
  policy: DeliveryPolicy;
  deadLetter: DeadLetterSink;
  /**
   * The form-mail budget, for held emails that are not part of a flood (held-mail.ts); without
   * it they wait for the firm.
   */
  formMail?: FormMailBudget;
}

/** The order parts are sent in: the firm hears of every lead first. */
const PART_ORDER: MailPart[] = ['notification', 'requester', 'confirmation', 'welcome'];

type Planned = { mail: OutgoingMail } | { skip: Extract<PartStatus, 'suppressed' | 'skipped'> };

/** What one part of this lead is, now: an email, or nothing to send (and why). */
const planPart = async (deps: MailerDeps, lead: LeadItem, part: MailPart, now: number): Promise<Planned> => {
  if (part === 'notification') return { mail: notificationMail(lead, deps.notificationEmail, deps.siteUrl) };
  // A mailbox that bounced for good or complained gets nothing more, subscriber or not.
  if (await findSuppression(deps.subscribers, lead.mailbox)) return { skip: 'suppressed' };
  if (part === 'confirmation') {
    const subscriber = await findSubscriber(deps.subscribers, lead.audience, lead.mailbox);
    if (subscriber?.suppressed) return { skip: 'suppressed' };
    if (subscriber?.consent === 'express' && subscriber.subscribed && !lead.confirmedAt) return { skip: 'skipped' };
    return {
      mail: confirmationMail(
        lead,
        `${deps.siteUrl}${emailPagePath('confirm', lead.audience, leadLinkToken(lead, 'confirmation'))}`,
      ),
    };
  }
  if (part === 'welcome') {
    const subscriber = lead.subscriberId ? await getSubscriber(deps.subscribers, lead.subscriberId) : undefined;
    if (!subscriber || subscriber.suppressed) return { skip: 'suppressed' };
    return { mail: welcomeMail(lead, subscriberLinks(deps.siteUrl, subscriber)) };
  }
  // The scorecard: its links need a subscriber; the request gives it no consent (implied-consent.ts).
  if (lead.type !== 'scorecard') throw new Error(`A ${lead.type} lead has no ${part} email`);
  const subscriberId = await ensureInquirySubscriber(
    deps.subscribers,
    { details: lead, mailbox: lead.mailbox },
    { type: 'inquired', at: now, source: 'scorecard-form', leadId: lead.id },
    subscriberExpiry,
  );
  const subscriber = await getSubscriber(deps.subscribers, subscriberId);
  if (subscriber?.suppressed) return { skip: 'suppressed' };
  const downloadUrl = `${deps.siteUrl}${apiPath('downloadScorecard', { token: leadLinkToken(lead, 'download') })}`;
  return { mail: scorecardMail(lead, downloadUrl, subscriberLinks(deps.siteUrl, subscriber!)) };
};

/**
 * One delivery attempt of a lead's owed emails, at most once per part
 * (docs/decisions/0001-lead-delivery.md): the lead is leased; each part is marked `sending`
 * under the lease and handed to SES by sendOnce, which records `sent`, `pending` (refused) or
 * `uncertain`. A refused part makes the lead retried later with exponential backoff until the
 * policy gives up: then the lead is `failed`, a dead letter names it and the log line "Lead mail
 * finally failed" raises the alarm.
 *
 * Doubt (docs/decisions/0063-settling-mail-from-ses-events.md): a part left `sending` by an
 * interrupted attempt, or whose send timed out or lost its answer, is `uncertain`. SES's events
 * settle it: any event about it makes it `sent` (lambdas/handlers/ses-events.ts). One still
 * uncertain a settling window later was never accepted: it is sent again, once; one in doubt
 * again after that is left `uncertain` and the log line "Mail doubt outlived its window" raises
 * the alarm. The lead stays due until its doubt is resolved.
 * Returns what happened; throws only when the database could not record it (retried later).
 */
export const deliverLeadMail = async (
  deps: MailerDeps,
  leadId: string,
  now: number,
): Promise<'settled' | 'retry' | 'busy'> => {
  const leaseId = randomToken();
  const lead = await claimLead(deps.leads, leadId, leaseId, now, deps.policy.leaseSeconds);
  if (!lead) return 'busy';
  const mail = { ...lead.mail };
  const resent = new Set(lead.resentParts ?? []);
  const settledDoubts = new Set(lead.settledDoubts ?? []);
  let doubtSince = lead.doubtSince;
  let newDoubt = false;
  const leaseLost = (part: MailPart, from: PartStatus, to: PartStatus): never => {
    throw new Error(`Lead ${lead.id} changed under its lease (${part}: ${from} -> ${to})`);
  };
  /** SES's events may settle a part under our lease (ses-events.ts): then it is `sent`, and that is fine. */
  const settledBySes = async (part: MailPart) =>
    (await withRetries(() => getLead(deps.leads, lead.id)))?.mail[part] === 'sent';
  /** Moves a part; false when SES's word made it `sent` meanwhile. */
  const move = async (part: MailPart, from: PartStatus, to: PartStatus) => {
    if (!(await withRetries(() => movePart(deps.leads, lead.id, leaseId, part, from, to)))) {
      if (!(await settledBySes(part))) leaseLost(part, from, to);
      mail[part] = 'sent';
      return false;
    }
    mail[part] = to;
    return true;
  };
  const inDoubt = () => PART_ORDER.filter((part) => mail[part] === 'uncertain' && !settledDoubts.has(part));

  for (const part of PART_ORDER) {
    if (mail[part] === 'sending' && (await move(part, 'sending', INTERRUPTED_SEND))) newDoubt = true;
  }

  // A lead the firm marked as spam sends its address nothing more (held-mail.ts).
  for (const part of partsDroppedAsSpam(lead, mail)) await move(part, mail[part]!, 'dropped');

  // Held emails, looked at again as the windows turn: part of a flood (its block went over its
  // budget) waits for the firm; any other takes the first slot that opens (held-mail.ts).
  let mailWaitsUntil = lead.mailWaitsUntil;
  let retryUntil = lead.retryUntil;
  let heldRecheckAt: number | undefined;
  let partOfFlood: string | undefined;
  const held = PART_ORDER.filter((part) => mail[part] === 'held');
  if (held.length > 0 && deps.formMail) {
    const decision = await decideHeldMail(deps.leads, deps.formMail, lead, now);
    if ('recheckAt' in decision) heldRecheckAt = decision.recheckAt;
    if ('partOfFlood' in decision) {
      partOfFlood = decision.partOfFlood;
      log.info('Held email kept for the firm: part of a flood', { leadId, counter: partOfFlood });
    }
    if ('opensAt' in decision) {
      const to = decision.opensAt <= now ? 'pending' : 'waiting';
      retryUntil = Math.max(lead.retryUntil, decision.opensAt + deps.policy.giveUpAfterSeconds);
      if (to === 'waiting') mailWaitsUntil = decision.opensAt;
      const fields = { retryUntil, mailWaitsUntil };
      if (!(await withRetries(() => resumeHeldParts(deps.leads, lead.id, leaseId, held, to, fields)))) {
        leaseLost(held[0]!, 'held', to);
      }
      for (const part of held) mail[part] = to;
      log.info('Held email goes out by itself: not part of a flood', { leadId, opensAt: decision.opensAt });
    }
  }

  // Their turn in the form-mail budget has come for the emails that waited for it.
  if (mailWaitsUntil !== undefined && now >= mailWaitsUntil) {
    for (const part of PART_ORDER) if (mail[part] === 'waiting') await move(part, 'waiting', 'pending');
  }

  // The settling window has passed without a word from SES: a part not yet resent never reached
  // it and is sent again; one already resent stays in doubt, for the operators.
  if (
    inDoubt().length > 0 &&
    doubtSince !== undefined &&
    now >= doubtWindowEnds(doubtSince, deps.policy.settleSeconds)
  ) {
    for (const part of inDoubt()) {
      const resolution = doubtAfterWindow(resent.has(part)) === 'settle' ? 'settledDoubts' : 'resentParts';
      if (!(await withRetries(() => resolvePartDoubt(deps.leads, lead.id, leaseId, part, resolution)))) {
        if (!(await settledBySes(part)))
          leaseLost(part, 'uncertain', resolution === 'resentParts' ? 'pending' : 'uncertain');
        mail[part] = 'sent';
      } else if (resolution === 'resentParts') {
        resent.add(part);
        mail[part] = 'pending';
        log.warn('Email in doubt sent again: SES has no record of it', { leadId, part, doubtSince });
      } else {
        settledDoubts.add(part);
        log.error(MAIL_DOUBT_OUTLIVED_WINDOW, { leadId, part, doubtSince });
      }
    }
    doubtSince = undefined;
  }

  let lastError: unknown;
  for (const part of PART_ORDER) {
    if (mail[part] !== 'pending') continue;
    let planned: Planned;
    try {
      planned = await planPart(deps, lead, part, now);
    } catch (error) {
      lastError = error;
      continue;
    }
    if ('skip' in planned) {
      await move(part, 'pending', planned.skip);
      continue;
    }
    if (!(await move(part, 'pending', 'sending'))) continue;
    const tagged = { ...planned.mail, tags: mailTags({ kind: 'lead', leadKey: leadKeyOf(lead.id), part }) };
    let acceptedMeanwhile = false;
    const sent = await sendOnce(
      () => deps.send(tagged),
      async (outcome) => {
        if (outcome.status === 'sent') return recordPartSent(deps.leads, lead.id, part, outcome.messageId);
        if (await movePart(deps.leads, lead.id, leaseId, part, 'sending', outcome.status)) return true;
        acceptedMeanwhile = await settledBySes(part);
        return acceptedMeanwhile;
      },
    );
    if (!sent.recorded) leaseLost(part, 'sending', sent.status);
    mail[part] = acceptedMeanwhile ? 'sent' : sent.status;
    if (mail[part] === 'uncertain') newDoubt = true;
    if (sent.status !== 'sent') {
      lastError = sent.error;
      log.warn('Email not sent', { leadId, part, attempt: lead.mailAttempts, error: sent.error });
    }
  }

  const owed = PART_ORDER.filter((part) => mail[part] === 'pending');
  const doubtful = inDoubt().length > 0;
  if (doubtful && (newDoubt || doubtSince === undefined)) doubtSince = now;
  const lastMailError = lastError === undefined ? undefined : describeError(lastError);
  const retrying = owed.length > 0 && now < retryUntil;
  const waiting = PART_ORDER.some((part) => mail[part] === 'waiting');
  if (retrying || doubtful || waiting || heldRecheckAt !== undefined) {
    const nextAttemptAt = Math.min(
      retrying ? now + retryDelay(deps.policy, lead.mailAttempts) : Infinity,
      doubtful ? doubtWindowEnds(doubtSince!, deps.policy.settleSeconds) : Infinity,
      waiting ? mailWaitsUntil! : Infinity,
      heldRecheckAt ?? Infinity,
    );
    // While only held email is owed the lead reads as held (ops held, the console), and the
    // firm may still release or drop it (updateSettledLead).
    const onlyHeld = !retrying && !doubtful && !waiting;
    await withRetries(() =>
      releaseLead(deps.leads, lead.id, leaseId, {
        nextAttemptAt,
        lastMailError,
        doubtSince: doubtful ? doubtSince : undefined,
        mailStatus: onlyHeld ? 'held' : undefined,
      }),
    );
    return 'retry';
  }
  for (const part of owed) mail[part] = 'failed';
  const mailStatus = settledMailStatus(mail);
  await withRetries(() =>
    settleLead(deps.leads, lead.id, leaseId, { mail, mailStatus, settledAt: now, lastMailError, partOfFlood }),
  );
  // Only what failed in this attempt: a part that failed before (and was neither redriven nor
  // released) keeps the lead `failed`, but raised its alarm and dead letter back then.
  if (owed.length > 0) {
    log.error(LEAD_MAIL_FINALLY_FAILED, {
      leadId,
      failedParts: owed,
      attempts: lead.mailAttempts,
      error: lastMailError,
    });
    await deps.deadLetter({
      leadId,
      failedParts: owed,
      attempts: lead.mailAttempts,
      lastMailError: lastMailError!,
      at: now,
    });
  }
  return 'settled';
};
