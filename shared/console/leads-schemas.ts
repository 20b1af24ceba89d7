/**
 * The yup schemas of the leads routes' bodies (./leads.ts has the routes and answers),
 * checked by the same schemas in the console's page and the consoleApi function.
 */
import * as yup from 'yup';
import { AUDIENCES } from '../constants/audiences';
import {
  FOLLOW_UP_STATUSES,
  LEAD_EMAILS,
  LEAD_FORMS,
  LEAD_KEY_PATTERN,
  LEAD_VIEWS,
  NOTE_MAX,
  SPAM_RUN_SHOWN_MAX,
} from './leads';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  yup
    .string()
    .matches(DAY, `${label} must be a date written yyyy-mm-dd.`)
    .test(
      'real-day',
      `${label} is not a date on the calendar.`,
      (value) => value === undefined || value === null || isCalendarDay(value),
    );

/** yyyy-mm-dd that names a real day (2026-02-30 does not). */
export const isCalendarDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return DAY.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** The list's (and the export's) body: every field optional, days are the firm's (./firm-day.ts). */
export const leadListQuerySchema = yup.object({
  view: yup.string().oneOf(LEAD_VIEWS, 'Choose the inbox, overdue or spam.'),
  form: yup.string().oneOf(LEAD_FORMS, 'Choose the scorecard or the contact/sign-up form.'),
  audience: yup.string().oneOf(AUDIENCES, 'Choose candidates or employers.'),
  status: yup.string().oneOf(FOLLOW_UP_STATUSES, 'Choose new, contacted, qualified, client or closed.'),
  from: day('The first day'),
  to: day('The last day').test(
    'after-from',
    'The last day is before the first day.',
    (to, { parent }) => !to || !parent.from || to >= parent.from,
  ),
  q: yup.string().trim().max(100, 'Search for at most 100 characters.'),
  cursor: yup.string().max(2048),
});
export type LeadListQuery = yup.InferType<typeof leadListQuerySchema>;

/**
 * Which leads a run marks as spam (LEAD_ROUTES.spamRuns): the view as filtered and searched, and,
 * for "the leads shown", their ids too; without ids, every lead that matches. Leads already in
 * spam are marked already, so the spam view is refused.
 */
export const spamRunScopeSchema = leadListQuerySchema.omit(['cursor', 'view']).shape({
  view: yup.string().oneOf(['inbox', 'overdue'] as const, 'The leads in spam are marked as spam already.'),
  ids: yup
    .array(yup.string().required().matches(LEAD_KEY_PATTERN, 'One of the leads chosen is not a lead of the inbox.'))
    .min(1, 'Choose at least one lead.')
    .max(SPAM_RUN_SHOWN_MAX, `Choose at most ${SPAM_RUN_SHOWN_MAX} leads, or every lead that matches the filters.`),
});
export type SpamRunScope = yup.InferType<typeof spamRunScopeSchema>;

/**
 * Every change but a note names the `version` of the lead it was made on (LeadDetail.version):
 * a change made on an older version than the stored one is refused (409), so of two owners
 * changing one lead neither overwrites the other unseen. Notes only add, so they need none.
 */
const version = () =>
  yup.number().required('Say which version of the lead you changed.').integer().min(0, 'That version does not exist.');

export const statusChangeSchema = yup.object({
  to: yup
    .string()
    .required('Choose the new status.')
    .oneOf(FOLLOW_UP_STATUSES, 'Choose new, contacted, qualified, client or closed.'),
  version: version(),
});
export type StatusChange = yup.InferType<typeof statusChangeSchema>;

export const newNoteSchema = yup.object({
  text: yup
    .string()
    .trim()
    .required('Write the note first.')
    .max(NOTE_MAX, `A note can be at most ${NOTE_MAX} characters.`),
});
export type NewNote = yup.InferType<typeof newNoteSchema>;

/** `on` null clears the date. */
export const followUpDateSchema = yup.object({
  on: day('The follow-up date').nullable().defined('Choose a follow-up date, or none.'),
  version: version(),
});
export type FollowUpDate = yup.InferType<typeof followUpDateSchema>;

export const spamMarkSchema = yup.object({
  spam: yup.boolean().required('Say whether the lead is spam.'),
  version: version(),
});
export type SpamMark = yup.InferType<typeof spamMarkSchema>;

export const resendSchema = yup.object({
  part: yup.string().required('Choose the email to send again.').oneOf(LEAD_EMAILS, 'This lead has no such email.'),
});
export type Resend = yup.InferType<typeof resendSchema>;
