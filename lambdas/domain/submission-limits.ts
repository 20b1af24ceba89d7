import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { SCORECARD_MAILS_PER_ADDRESS_PER_DAY, SIGNUP_MAILS_PER_ADDRESS_PER_DAY } from '#shared/constants/limits.ts';
import type { FormLeadType } from '../data/lead-item';
import type { TableStore } from '../data/stores';
import { freeStaleSlots, releaseSlot, takeSlot, type SlotCounter } from '../data/submission-slots';
import { utcDay } from '../runtime/clock';
import { reserveFormMail, type FormMailBudget, type FormMailTurn } from './form-mail-budget';
import { Refusal } from './refusal';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The limits, from the environment (CDK context or the local stack), with their defaults. */
export interface LimitSettings {
  submissionsPerClientPerHour: number;
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
 * erasure deletes it (lambdas/console/erasure.ts) rather than wait for its TTL.
 */
export const mailboxLimitId = (type: FormLeadType, mailbox: string, day: string) => `limit#${type}#${mailbox}#${day}`;

const hourOf = (now: number) => Math.floor(now / HOUR);
const endOfDay = (now: number) => Date.parse(`${utcDay(now)}T00:00:00Z`) / 1000 + DAY;

/** What one submission is counted against. */
export interface SubmissionCounters {
  client: SlotCounter;
  mailbox: SlotCounter;
  formMail: FormMailBudget;
}

export const submissionCounters = (
  settings: LimitSettings,
  submission: { type: FormLeadType; client: string; mailbox: string; now: number },
): SubmissionCounters => {
  const { type, client, mailbox, now } = submission;
  const hour = hourOf(now);
  return {
    client: {
      id: `limit#client#${client}#${hour}`,
      limit: settings.submissionsPerClientPerHour,
      expiresAt: (hour + 2) * HOUR,
    },
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
 * Counts the submission against the per-client and per-mailbox limits (429 when either is
 * reached; the other slot is given back) and, when it mails an address that is not a confirmed
 * subscriber, reserves that email its turn in the form-mail budget. Returns the turn (undefined
 * when no budget is needed); `release` gives the slots back when the lead could not be stored.
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
