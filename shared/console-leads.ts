/**
 * The console's leads inbox (issue 19, section 3): its routes, the list's query fields, the
 * JSON its routes answer and the yup schemas of its bodies, stated once for the console's web
 * code and the consoleApi function. Every route needs a session and answers errors as
 * `{ message }` (shared/console-api.ts).
 *
 * A lead's `id` here is the 22 base64url characters of its key (URL-safe as it is); the stored
 * item's id is `lead#<id>`.
 */
import * as yup from 'yup';
import { AUDIENCES, type Audience } from './constants/audiences';
import { CONSOLE_PAGE } from './console-api';

export const LEAD_ROUTES = {
  /**
   * Body LeadListQuery; 200 Page<LeadSummary>, newest first. A POST although it changes nothing:
   * owners search by name and address, and a query string lands in access logs an erasure cannot
   * reach (docs/decisions/0072-erasure.md).
   */
  list: 'POST /api/admin/leads',
  /** Body LeadListQuery (no cursor); 200 text/csv of every lead of the view (at most EXPORT_MAX_ROWS). */
  export: 'POST /api/admin/leads/export',
  /** 200 LeadDetail, or 404. */
  get: 'GET /api/admin/leads/{id}',
  /** Body StatusChange; 200 LeadChanged; 409 when the move is not allowed or the lead changed meanwhile. */
  status: 'POST /api/admin/leads/{id}/status',
  /** Body NewNote; 200 LeadChanged. */
  notes: 'POST /api/admin/leads/{id}/notes',
  /** Body FollowUpDate; 200 LeadChanged; 409 when the lead changed meanwhile. */
  followUp: 'PUT /api/admin/leads/{id}/follow-up',
  /** Body SpamMark; 200 LeadChanged; 409 when the lead changed meanwhile. */
  spam: 'PUT /api/admin/leads/{id}/spam',
  /** Body Resend; 200 LeadChanged; 409 when the part cannot be sent again. */
  resend: 'POST /api/admin/leads/{id}/resend',
} as const;

/** The console page of one lead: the firm's notification email links here. */
export const consoleLeadPath = (id: string) => `${CONSOLE_PAGE}/leads/${encodeURIComponent(id)}`;

/**
 * The public forms whose leads the inbox shows (the preferences page's resubscribe requests are
 * not leads of the firm).
 */
export const LEAD_FORMS = ['scorecard', 'signup'] as const;
export type LeadForm = (typeof LEAD_FORMS)[number];

/**
 * Where the firm stands with a lead. Forward one step at a time: new → contacted → qualified →
 * client; closed from any state but closed. Nothing leaves closed (a lead that comes back is a
 * new submission, a new lead).
 */
export const FOLLOW_UP_STATUSES = ['new', 'contacted', 'qualified', 'client', 'closed'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];
export const NEXT_STATUSES: Record<FollowUpStatus, readonly FollowUpStatus[]> = {
  new: ['contacted', 'closed'],
  contacted: ['qualified', 'closed'],
  qualified: ['client', 'closed'],
  client: ['closed'],
  closed: [],
};

/**
 * The list's views: the inbox (everything but spam), overdue (follow-up date before the firm's today,
 * and neither client nor closed; spam left out) and spam.
 */
export const LEAD_VIEWS = ['inbox', 'overdue', 'spam'] as const;
export type LeadView = (typeof LEAD_VIEWS)[number];

/** The emails of a lead (lambdas/data/lead-item.ts MailPart). */
export const LEAD_EMAILS = ['notification', 'requester', 'confirmation', 'welcome'] as const;
export type LeadEmailPart = (typeof LEAD_EMAILS)[number];

/** Longest note, in characters. */
export const NOTE_MAX = 2000;
/**
 * Most notes one lead keeps. They are stored on the lead, whose item DynamoDB caps at 400 KB,
 * counted in UTF-8 bytes ("Strings are Unicode with UTF-8 binary encoding", DynamoDB item sizes
 * and formats, https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
 * a note of NOTE_MAX characters of most scripts but Latin is 3 bytes a character, so 50 of them
 * (about 300 KB) and the largest lead a form takes still fit; 100 would not.
 */
export const NOTES_MAX = 50;
/** Most rows one export holds; more and the owner narrows the view. */
export const EXPORT_MAX_ROWS = 5000;

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
  form: yup.string().oneOf(LEAD_FORMS, 'Choose the scorecard or the sign-up form.'),
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

/** One row of the list. */
export interface LeadSummary {
  id: string;
  /** Unix seconds. */
  receivedAt: number;
  form: LeadForm;
  audience: Audience;
  name: string;
  email: string;
  organization: string;
  status: FollowUpStatus;
  /** yyyy-mm-dd. */
  followUpOn?: string;
  spam: boolean;
  /** The lead's emails as a whole (pending, sent, failed, uncertain, held, dropped). */
  mailStatus: string;
}

/**
 * Where one email of the lead stands, in the owners' words: sent; waiting (owed: being sent,
 * retried, waiting for the form-mail budget, or held for the firm); in doubt (SES may have it);
 * failed (SES kept refusing it); not sent (nothing to send, or the address bounced before).
 */
export type LeadEmailState = 'sent' | 'waiting' | 'in doubt' | 'failed' | 'not sent';

export interface LeadEmail {
  part: LeadEmailPart;
  state: LeadEmailState;
  /** Why, in plain words, when it is not simply sent. */
  reason?: string;
  /** True when the resend route would send it (failed, or held for the firm). */
  canResend: boolean;
  /** What SES's events said last of it (delivered, bounced, complained …), and when. */
  delivery?: { outcome: string; at: number; detail?: string };
}

export interface StatusChangeRecord {
  at: number;
  by: string;
  from: FollowUpStatus;
  to: FollowUpStatus;
}

export interface LeadNote {
  at: number;
  by: string;
  text: string;
}

/** A lead's page. */
export interface LeadDetail extends LeadSummary {
  firstName: string;
  lastName: string;
  jobTitle: string;
  /** What they wrote, controls removed (shared/inert-text.ts). */
  message: string;
  /** Whether they asked for marketing email, and whether they confirmed it. */
  marketingEmail: 'not asked' | 'asked' | 'confirmed';
  emails: LeadEmail[];
  statusHistory: StatusChangeRecord[];
  notes: LeadNote[];
  /** Send it back with the next change (see `version` above). */
  version: number;
}

/** What a change answers: what happened in plain words, and the lead as it now is. */
export interface LeadChanged {
  message: string;
  lead: LeadDetail;
}
