/**
 * The mailer's one delivery attempt of a lead's emails (deliverLeadMail), in named steps that each
 * read and change the attempt: doubt, spam, held and waiting email, outlived doubts, the sends,
 * and the release or settlement of the lead.
 */
import { LEAD_MAIL_FINALLY_FAILED, MAIL_DOUBT_OUTLIVED_WINDOW } from '#shared/constants/operator-alerts.ts';
import { leadKeyOf, settledMailStatus, type LeadItem, type MailPart, type PartStatus } from '../data/lead-item';
import {
  claimLead,
  movePart,
  recordPartSent,
  releaseLead,
  resolvePartDoubt,
  resumeHeldParts,
  settleLead,
} from '../data/lead-mail-state';
import { getLead } from '../data/leads';
import type { TableStore } from '../data/stores';
import { doubtAfterWindow, doubtWindowEnds, INTERRUPTED_SEND } from '../domain/email-state';
import type { FormMailBudget } from '../domain/form-mail-budget';
import * as log from '../runtime/log';
import { randomToken } from '../runtime/tokens';
import type { DeadLetterSink } from './dead-letters';
import { retryDelay, type DeliveryPolicy } from './delivery-policy';
import { decideHeldMail, partsDroppedAsSpam } from './held-mail';
import { mailTags } from './mail-tags';
import type { OutgoingMail } from './outgoing-mail';
import { describeError, sendOnce } from './send-once';
import { planPart, type Planned } from './plan-lead-part';
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

/** One delivery attempt of a lead, under its lease: what its steps (below) read and change. */
interface Attempt {
  deps: MailerDeps;
  lead: LeadItem;
  leaseId: string;
  now: number;
  /** Each part's status as this attempt has written it (or found SES's events wrote it). */
  mail: LeadItem['mail'];
  resent: Set<MailPart>;
  settledDoubts: Set<MailPart>;
  doubtSince?: number;
  /** Some part became uncertain in this attempt: its doubt begins now. */
  newDoubt: boolean;
  mailWaitsUntil?: number;
  retryUntil: number;
  /** When held email is looked at again (held-mail.ts). */
  heldRecheckAt?: number;
  partOfFlood?: string;
  lastError?: unknown;
}

/** Leases the lead for one attempt; undefined when another invocation holds it or nothing is owed. */
const beginAttempt = async (deps: MailerDeps, leadId: string, now: number): Promise<Attempt | undefined> => {
  const leaseId = randomToken();
  const lead = await claimLead(deps.leads, leadId, leaseId, now, deps.policy.leaseSeconds);
  if (!lead) return undefined;
  return {
    deps,
    lead,
    leaseId,
    now,
    mail: { ...lead.mail },
    resent: new Set(lead.resentParts ?? []),
    settledDoubts: new Set(lead.settledDoubts ?? []),
    doubtSince: lead.doubtSince,
    newDoubt: false,
    mailWaitsUntil: lead.mailWaitsUntil,
    retryUntil: lead.retryUntil,
  };
};

const leaseLost = (attempt: Attempt, part: MailPart, from: PartStatus, to: PartStatus): never => {
  throw new Error(`Lead ${attempt.lead.id} changed under its lease (${part}: ${from} -> ${to})`);
};

/** SES's events may settle a part under our lease (ses-events.ts): then it is `sent`, and that is fine. */
const settledBySes = async (attempt: Attempt, part: MailPart) =>
  (await withRetries(() => getLead(attempt.deps.leads, attempt.lead.id)))?.mail[part] === 'sent';

/** Moves a part; false when SES's word made it `sent` meanwhile. */
const move = async (attempt: Attempt, part: MailPart, from: PartStatus, to: PartStatus) => {
  const { deps, lead, leaseId, mail } = attempt;
  if (!(await withRetries(() => movePart(deps.leads, lead.id, leaseId, part, from, to)))) {
    if (!(await settledBySes(attempt, part))) leaseLost(attempt, part, from, to);
    mail[part] = 'sent';
    return false;
  }
  mail[part] = to;
  return true;
};

const inDoubt = ({ mail, settledDoubts }: Attempt) =>
  PART_ORDER.filter((part) => mail[part] === 'uncertain' && !settledDoubts.has(part));

/** A part left `sending` by an interrupted attempt is in doubt. */
const doubtInterruptedSends = async (attempt: Attempt) => {
  for (const part of PART_ORDER) {
    if (attempt.mail[part] === 'sending' && (await move(attempt, part, 'sending', INTERRUPTED_SEND)))
      attempt.newDoubt = true;
  }
};

/** A lead the firm marked as spam sends its address nothing more (held-mail.ts). */
const dropSpamParts = async (attempt: Attempt) => {
  for (const part of partsDroppedAsSpam(attempt.lead, attempt.mail))
    await move(attempt, part, attempt.mail[part]!, 'dropped');
};

/**
 * Held emails, looked at again as the windows turn: part of a flood (its block went over its
 * budget) waits for the firm; any other takes the first slot that opens (held-mail.ts).
 */
const reviewHeldMail = async (attempt: Attempt) => {
  const { deps, lead, leaseId, mail, now } = attempt;
  const held = PART_ORDER.filter((part) => mail[part] === 'held');
  if (held.length === 0 || !deps.formMail) return;
  const decision = await decideHeldMail(deps.leads, deps.formMail, lead, now);
  if ('recheckAt' in decision) attempt.heldRecheckAt = decision.recheckAt;
  if ('partOfFlood' in decision) {
    attempt.partOfFlood = decision.partOfFlood;
    log.info('Held email kept for the firm: part of a flood', { leadId: lead.id, counter: attempt.partOfFlood });
  }
  if ('opensAt' in decision) {
    const to = decision.opensAt <= now ? 'pending' : 'waiting';
    attempt.retryUntil = Math.max(lead.retryUntil, decision.opensAt + deps.policy.giveUpAfterSeconds);
    if (to === 'waiting') attempt.mailWaitsUntil = decision.opensAt;
    const fields = { retryUntil: attempt.retryUntil, mailWaitsUntil: attempt.mailWaitsUntil };
    if (!(await withRetries(() => resumeHeldParts(deps.leads, lead.id, leaseId, held, to, fields)))) {
      leaseLost(attempt, held[0]!, 'held', to);
    }
    for (const part of held) mail[part] = to;
    log.info('Held email goes out by itself: not part of a flood', { leadId: lead.id, opensAt: decision.opensAt });
  }
};

/** Their turn in the form-mail budget has come for the emails that waited for it. */
const endWaits = async (attempt: Attempt) => {
  if (attempt.mailWaitsUntil === undefined || attempt.now < attempt.mailWaitsUntil) return;
  for (const part of PART_ORDER) if (attempt.mail[part] === 'waiting') await move(attempt, part, 'waiting', 'pending');
};

/**
 * The settling window has passed without a word from SES: a part not yet resent never reached
 * it and is sent again; one already resent stays in doubt, for the operators.
 */
const resolveOutlivedDoubts = async (attempt: Attempt) => {
  const { deps, lead, leaseId, mail, now, doubtSince } = attempt;
  if (inDoubt(attempt).length === 0 || doubtSince === undefined) return;
  if (now < doubtWindowEnds(doubtSince, deps.policy.settleSeconds)) return;
  for (const part of inDoubt(attempt)) {
    const resolution = doubtAfterWindow(attempt.resent.has(part)) === 'settle' ? 'settledDoubts' : 'resentParts';
    if (!(await withRetries(() => resolvePartDoubt(deps.leads, lead.id, leaseId, part, resolution)))) {
      if (!(await settledBySes(attempt, part)))
        leaseLost(attempt, part, 'uncertain', resolution === 'resentParts' ? 'pending' : 'uncertain');
      mail[part] = 'sent';
    } else if (resolution === 'resentParts') {
      attempt.resent.add(part);
      mail[part] = 'pending';
      log.warn('Email in doubt sent again: SES has no record of it', { leadId: lead.id, part, doubtSince });
    } else {
      attempt.settledDoubts.add(part);
      log.error(MAIL_DOUBT_OUTLIVED_WINDOW, { leadId: lead.id, part, doubtSince });
    }
  }
  attempt.doubtSince = undefined;
};

/** One owed part: skipped (and why), or marked `sending` and handed to SES once (sendOnce). */
const sendPart = async (attempt: Attempt, part: MailPart) => {
  const { deps, lead, leaseId, mail, now } = attempt;
  let planned: Planned;
  try {
    planned = await planPart(deps, lead, part, now);
  } catch (error) {
    attempt.lastError = error;
    return;
  }
  if ('skip' in planned) {
    await move(attempt, part, 'pending', planned.skip);
    return;
  }
  if (!(await move(attempt, part, 'pending', 'sending'))) return;
  const tagged = { ...planned.mail, tags: mailTags({ kind: 'lead', leadKey: leadKeyOf(lead.id), part }) };
  let acceptedMeanwhile = false;
  const sent = await sendOnce(
    () => deps.send(tagged),
    async (outcome) => {
      if (outcome.status === 'sent') return recordPartSent(deps.leads, lead.id, part, outcome.messageId);
      if (await movePart(deps.leads, lead.id, leaseId, part, 'sending', outcome.status)) return true;
      acceptedMeanwhile = await settledBySes(attempt, part);
      return acceptedMeanwhile;
    },
  );
  if (!sent.recorded) leaseLost(attempt, part, 'sending', sent.status);
  mail[part] = acceptedMeanwhile ? 'sent' : sent.status;
  if (mail[part] === 'uncertain') attempt.newDoubt = true;
  if (sent.status !== 'sent') {
    attempt.lastError = sent.error;
    log.warn('Email not sent', { leadId: lead.id, part, attempt: lead.mailAttempts, error: sent.error });
  }
};

const sendOwedParts = async (attempt: Attempt) => {
  for (const part of PART_ORDER) if (attempt.mail[part] === 'pending') await sendPart(attempt, part);
};

/**
 * Ends the attempt: the lead is released until its next look while a part is retried, in doubt,
 * waiting or held for a recheck ('retry'); otherwise it is settled ('settled'), and what is still
 * owed has failed.
 */
const finishAttempt = async (attempt: Attempt): Promise<'settled' | 'retry'> => {
  const { mail, now } = attempt;
  const owed = PART_ORDER.filter((part) => mail[part] === 'pending');
  const doubtful = inDoubt(attempt).length > 0;
  if (doubtful && (attempt.newDoubt || attempt.doubtSince === undefined)) attempt.doubtSince = now;
  const lastMailError = attempt.lastError === undefined ? undefined : describeError(attempt.lastError);
  const retrying = owed.length > 0 && now < attempt.retryUntil;
  const waiting = PART_ORDER.some((part) => mail[part] === 'waiting');
  if (retrying || doubtful || waiting || attempt.heldRecheckAt !== undefined) {
    await releaseUntilNextLook(attempt, { retrying, doubtful, waiting, lastMailError });
    return 'retry';
  }
  await settleForGood(attempt, owed, lastMailError);
  return 'settled';
};

/** Releases the lead's lease until the soonest of its retry, the end of its doubt, its wait and its held recheck. */
const releaseUntilNextLook = async (
  attempt: Attempt,
  why: { retrying: boolean; doubtful: boolean; waiting: boolean; lastMailError?: string },
) => {
  const { deps, lead, now } = attempt;
  const { retrying, doubtful, waiting, lastMailError } = why;
  const nextAttemptAt = Math.min(
    retrying ? now + retryDelay(deps.policy, lead.mailAttempts) : Infinity,
    doubtful ? doubtWindowEnds(attempt.doubtSince!, deps.policy.settleSeconds) : Infinity,
    waiting ? attempt.mailWaitsUntil! : Infinity,
    attempt.heldRecheckAt ?? Infinity,
  );
  // While only held email is owed the lead reads as held (ops held, the console), and the
  // firm may still release or drop it (updateSettledLead).
  const onlyHeld = !retrying && !doubtful && !waiting;
  await withRetries(() =>
    releaseLead(deps.leads, lead.id, attempt.leaseId, {
      nextAttemptAt,
      lastMailError,
      doubtSince: doubtful ? attempt.doubtSince : undefined,
      mailStatus: onlyHeld ? 'held' : undefined,
    }),
  );
};

/** Nothing more to try: what is still owed has failed, and the lead leaves the MailDue index. */
const settleForGood = async (attempt: Attempt, owed: MailPart[], lastMailError: string | undefined) => {
  const { deps, lead, mail, now, partOfFlood } = attempt;
  for (const part of owed) mail[part] = 'failed';
  const outcome = { mail, mailStatus: settledMailStatus(mail), settledAt: now, lastMailError, partOfFlood };
  await withRetries(() => settleLead(deps.leads, lead.id, attempt.leaseId, outcome));
  if (owed.length > 0) await reportFinalFailure(attempt, owed, lastMailError!);
};

/**
 * The alarm and the dead letter, for what failed in this attempt only: a part that failed before
 * (and was neither redriven nor released) keeps the lead `failed`, but raised them back then.
 */
const reportFinalFailure = async (attempt: Attempt, failedParts: MailPart[], lastMailError: string) => {
  const { deps, lead, now } = attempt;
  log.error(LEAD_MAIL_FINALLY_FAILED, {
    leadId: lead.id,
    failedParts,
    attempts: lead.mailAttempts,
    error: lastMailError,
  });
  await deps.deadLetter({ leadId: lead.id, failedParts, attempts: lead.mailAttempts, lastMailError, at: now });
};

/**
 * One delivery attempt of a lead's owed emails, at most once per part
 * (docs/decisions/0001-lead-delivery.md): the lead is leased; each part is marked `sending`
 * under the lease and handed to SES by sendOnce, which records `sent`, `pending` (refused) or
 * `uncertain`. A refused part makes the lead retried later with exponential backoff until the
 * policy gives up: then the lead is `failed`, a dead letter names it and the log line "Lead mail
 * finally failed" raises the alarm.
 *
 * Doubt (lambdas/domain/email-state.ts; docs/decisions/0063-settling-mail-from-ses-events.md): a
 * part left `sending` by an interrupted attempt, or whose send timed out or lost its answer, is
 * `uncertain`. SES's events settle it: any event about it makes it `sent`
 * (lambdas/handlers/ses-events.ts). One still uncertain a settling window later was never
 * accepted: it is sent again, once; one in doubt again after that is left `uncertain` and the log
 * line "Mail doubt outlived its window" raises the alarm. The lead stays due until its doubt is
 * resolved.
 * Returns what happened; throws only when the database could not record it (retried later).
 */
export const deliverLeadMail = async (
  deps: MailerDeps,
  leadId: string,
  now: number,
): Promise<'settled' | 'retry' | 'busy'> => {
  const attempt = await beginAttempt(deps, leadId, now);
  if (!attempt) return 'busy';
  await doubtInterruptedSends(attempt);
  await dropSpamParts(attempt);
  await reviewHeldMail(attempt);
  await endWaits(attempt);
  await resolveOutlivedDoubts(attempt);
  await sendOwedParts(attempt);
  return finishAttempt(attempt);
};
