/**
 * The console's leads inbox (issue 19, section 3): its routes, the list's query fields and the
 * JSON its routes answer, stated once for the console's web code and the consoleApi function; the
 * yup schemas of its bodies are in ./leads-schemas.ts, so the console's start-up script
 * can name the routes without yup. Every route needs a session and answers errors as
 * `{ message }` (shared/console/common.ts).
 *
 * A lead's `id` here is the 22 base64url characters of its key (URL-safe as it is); the stored
 * item's id is `lead#<id>`.
 */
import { routesUnder } from '../route-key';
import type { Audience } from '../constants/audiences';
import { CONSOLE_PAGE } from './common';

export const LEAD_ROUTES = /* @__PURE__ */ routesUnder('/api/admin/leads', {
  /**
   * Body LeadListQuery; 200 Page<LeadSummary>, newest first. A POST although it changes nothing:
   * owners search by name and address, and a query string lands in access logs an erasure cannot
   * reach (docs/decisions/0072-erasure.md).
   */
  list: ['POST', ''],
  /**
   * Body LeadListQuery, its `cursor` the last part's (none for the first part); 200 text/csv, one
   * part of every lead of the view (./exports.ts). Audit `lead.export`, with the last part.
   */
  export: ['POST', '/export'],
  /** 200 LeadDetail, or 404. */
  get: ['GET', '/{id}'],
  /** Body StatusChange; 200 LeadChanged; 409 when the move is not allowed or the lead changed meanwhile. */
  status: ['POST', '/{id}/status'],
  /** Body NewNote; 200 LeadChanged. */
  notes: ['POST', '/{id}/notes'],
  /** Body FollowUpDate; 200 LeadChanged; 409 when the lead changed meanwhile. */
  followUp: ['PUT', '/{id}/follow-up'],
  /** Body SpamMark; 200 LeadChanged; 409 when the lead changed meanwhile. */
  spam: ['PUT', '/{id}/spam'],
  /** Body Resend; 200 LeadChanged; 409 when the part cannot be sent again. */
  resend: ['POST', '/{id}/resend'],
  /**
   * Marking many leads as spam in one action (a flood), done in steps the page asks for in turn.
   * Body SpamRunScope; 200 SpamRun: how many leads it covers, nothing marked yet; 400 when too
   * many match to count. A POST that carries the search, as the list does.
   */
  spamRuns: ['POST', '/spam-runs'],
  /**
   * Body: the same SpamRunScope; 200 SpamRun after marking the run's next leads (nothing more once
   * done, so asking again is safe); 404 for a run that is not the owner's or has expired, 409 when
   * the scope is not the run's. Audit `lead.spam-many`: one entry per run, its count kept up to date.
   */
  spamRunStep: ['POST', '/spam-runs/{run}'],
});

/** A lead's id in the console: the 22 base64url characters of its key. */
export const LEAD_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

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
/** Each status as the owners read it, on the screens and in the audit log ("Moved from New to Contacted"). */
export const FOLLOW_UP_STATUS_NAMES: Record<FollowUpStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  client: 'Client',
  closed: 'Closed',
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

/**
 * Most leads a run may name one by one: those the inbox shows (50 a page, more as "Load more" is
 * pressed). 500 keys of 25 bytes in JSON keep the scope within a console body (MAX_BODY_BYTES,
 * 16 KiB) with its filters and search; past them the owner marks every lead that matches.
 */
export const SPAM_RUN_SHOWN_MAX = 500;

/**
 * Where a run marking many leads as spam stands (LEAD_ROUTES.spamRuns). Its leads are those of the
 * scope when it began (a lead that arrives later is not one of them).
 */
export interface SpamRun {
  run: string;
  /** The leads it covers, counted when it began. */
  total: number;
  /** Marked as spam by it so far. */
  marked: number;
  /** Left as they were: changed since the run began (out of the view, marked, or removed). */
  unchanged: number;
  /** Emails held for the firm that it dropped: never sent. */
  heldDropped: number;
  done: boolean;
}

/** What a change answers: what happened in plain words, and the lead as it now is. */
export interface LeadChanged {
  message: string;
  lead: LeadDetail;
}
