import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { SCORECARD_MAILS_PER_ADDRESS_PER_DAY, SIGNUP_MAILS_PER_ADDRESS_PER_DAY } from '#shared/constants/limits.ts';
import type { FormLeadType } from '../data/lead-item';
import type { TableStore } from '../data/stores';
import { marshall } from '../data/attribute-values';
import { updateItem } from '../data/items';
import { freeStaleSlots, releaseSlot, takeSlot, type SlotCounter } from '../data/submission-slots';
import { utcDay } from '../runtime/clock';
import { reserveFormMail, type FormMailBudget, type FormMailTurn } from './form-mail-budget';
import { Refusal } from './refusal';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The limits, from the environment (CDK context or the local stack), with their defaults. */
export interface LimitSettings {
  submissionsPerClientPerHour: number;
  /** Per network block (IPv4 /24, IPv6 /48) and hour, whichever of its addresses submits. */
  submissionsPerNetworkPerHour: number;
  formMail: FormMailBudget;
}

/** Per form: how many emails one mailbox may be sent through it per UTC day, and the refusal. */
const MAILBOX_LIMITS: Record<FormLeadType, { perDay: number; refusal: string }> = {
  scorecard: { perDay: SCORECARD_MAILS_PER_ADDRESS_PER_DAY, refusal: API_ERRORS.scorecardLimit },
  signup: { perDay: SIGNUP_MAILS_PER_ADDRESS_PER_DAY, refusal: API_ERRORS.signupLimit },
};

/** The forms limited per mailbox: each keeps one counter per mailbox and UTC day. */
export const MAILBOX_LIMITED_FORMS = Object.keys(MAILBOX_LIMITS) as FormLeadType[];

/**
 * A mailbox's counter of one form and UTC day (`yyyy-mm-dd`). Its key holds the mailbox, so an
 * erasure deletes it (lambdas/console/people/erasure.ts) rather than wait for its TTL.
 */
export const mailboxLimitId = (type: FormLeadType, mailbox: string, day: string) => `limit#${type}#${mailbox}#${day}`;

const hourOf = (now: number) => Math.floor(now / HOUR);

/** A network block's counter of one hour (clientNetworkKey in lambdas/http/client-address.ts names the block). */
export const networkLimitId = (block: string, hour: number) => `limit#network#${block}#${hour}`;

/**
 * Whether a network block went over its budget: a submission from it was refused by its
 * counter. Its held emails are then part of the flood and wait for the firm
 * (lambdas/mail/held-mail.ts); everyone else's go out by themselves as the windows turn.
 */
export const EXCEEDED_ATTRIBUTE = 'exceededAt';

const markExceeded = (store: TableStore, counter: SlotCounter, now: number) =>
  updateItem(store, counter.id, {
    UpdateExpression: 'SET #exceeded = if_not_exists(#exceeded, :now), #kind = :kind, expiresAt = :expiresAt',
    ExpressionAttributeNames: { '#exceeded': EXCEEDED_ATTRIBUTE, '#kind': 'kind' },
    ExpressionAttributeValues: marshall({
      ':now': now,
      ':kind': 'submission-counter',
      ':expiresAt': counter.expiresAt,
    }),
  });
const endOfDay = (now: number) => Date.parse(`${utcDay(now)}T00:00:00Z`) / 1000 + DAY;

/** What one submission is counted against. */
export interface SubmissionCounters {
  client: SlotCounter;
  /** One per network block of the client (an IPv4 /24, an IPv6 /48). */
  networks: SlotCounter[];
  mailbox: SlotCounter;
  formMail: FormMailBudget;
}

export const submissionCounters = (
  settings: LimitSettings,
  submission: { type: FormLeadType; client: string; networks: readonly string[]; mailbox: string; now: number },
): SubmissionCounters => {
  const { type, client, networks, mailbox, now } = submission;
  const hour = hourOf(now);
  return {
    client: {
      id: `limit#client#${client}#${hour}`,
      limit: settings.submissionsPerClientPerHour,
      expiresAt: (hour + 2) * HOUR,
    },
    networks: networks.map((block) => ({
      id: networkLimitId(block, hour),
      limit: settings.submissionsPerNetworkPerHour,
      // Kept a day: a held email's check of its block (held-mail.ts) may come hours later.
      expiresAt: (hour + 25) * HOUR,
    })),
    mailbox: {
      id: mailboxLimitId(type, mailbox, utcDay(now)),
      limit: MAILBOX_LIMITS[type].perDay,
      expiresAt: endOfDay(now) + DAY,
    },
    formMail: settings.formMail,
  };
};

/**
 * Takes a slot, first freeing slots of leads that were never stored if the limit seems reached.
 * Returns false when the limit is really reached.
 */
const takeOrHeal = async (
  store: TableStore,
  counter: SlotCounter,
  key: string,
  leadExists: (key: string) => Promise<boolean>,
  now: number,
) => {
  if (await takeSlot(store, counter, key, now)) return true;
  return (await freeStaleSlots(store, counter, leadExists, now)) > 0 && takeSlot(store, counter, key, now);
};

/**
 * Counts the submission against the per-client, per-network-block and per-mailbox limits (429
 * when any is reached; the slots taken are given back; a block that refuses is marked
 * exceeded) and, when it mails an address that is not a confirmed subscriber, reserves that
 * email its turn in the form-mail budget. Returns the turn (undefined when no budget is
 * needed); `release` gives the slots back when the lead could not be stored.
 */
export const countSubmission = async (
  store: TableStore,
  counters: SubmissionCounters,
  submission: { type: FormLeadType; key: string; mailsUnconfirmedAddress: boolean; now: number },
  leadExists: (key: string) => Promise<boolean>,
) => {
  const taken: SlotCounter[] = [];
  const release = () => Promise.all(taken.map((counter) => releaseSlot(store, counter, submission.key)));
  try {
    if (!(await takeOrHeal(store, counters.client, submission.key, leadExists, submission.now))) {
      throw new Refusal('too-many', API_ERRORS.tooManySubmissions);
    }
    taken.push(counters.client);
    for (const network of counters.networks) {
      if (!(await takeOrHeal(store, network, submission.key, leadExists, submission.now))) {
        await markExceeded(store, network, submission.now);
        throw new Refusal('too-many', API_ERRORS.tooManySubmissions);
      }
      taken.push(network);
    }
    if (!(await takeOrHeal(store, counters.mailbox, submission.key, leadExists, submission.now))) {
      throw new Refusal('too-many', MAILBOX_LIMITS[submission.type].refusal);
    }
    taken.push(counters.mailbox);
    let mailTurn: FormMailTurn | undefined;
    if (submission.mailsUnconfirmedAddress) {
      mailTurn = await reserveFormMail(store, counters.formMail, submission.key, submission.now);
      if ('counter' in mailTurn) taken.push(mailTurn.counter);
    }
    return { mailTurn, release };
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
};
