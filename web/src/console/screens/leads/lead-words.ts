import type { Audience } from '#shared/constants/audiences.ts';
import { FOLLOW_UP_STATUS_NAMES } from '#shared/console/leads.ts';
import type { FollowUpStatus, LeadEmailPart, LeadForm, LeadView } from '#shared/console/leads.ts';
import { FIRM_TIME_ZONE } from '#shared/firm-day.ts';

/** The leads screens' words for the API's values, stated once for the inbox and a lead's page. */

export const FORM_NAMES: Record<LeadForm, string> = { scorecard: 'Scorecard', signup: 'Contact/sign-up form' };

export const AUDIENCE_NAMES: Record<Audience, string> = { candidate: 'Candidate', employer: 'Employer' };

export const STATUS_NAMES: Record<FollowUpStatus, string> = FOLLOW_UP_STATUS_NAMES;

export const VIEW_NAMES: Record<LeadView, string> = { inbox: 'Inbox', overdue: 'Overdue', spam: 'Spam' };

export const EMAIL_NAMES: Record<LeadEmailPart, string> = {
  notification: 'Notification to the firm',
  requester: 'Their scorecard download link (sent automatically)',
  confirmation: 'Subscription confirmation request',
  welcome: 'Welcome email',
};

/** Times in the firm's own zone (shared/firm-day.ts), whatever the device's setting. */
const WHEN = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short', timeZone: FIRM_TIME_ZONE });
const DAY = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeZone: 'UTC' });

/** A Unix-seconds time as the owners read it, e.g. "May 16, 2026, 6:05 p.m.". */
export const whenText = (seconds: number) => WHEN.format(seconds * 1000);

/** A yyyy-mm-dd day as the owners read it, e.g. "May 16, 2026" (the day itself, no zone shift). */
export const dayText = (day: string) => DAY.format(Date.parse(`${day}T00:00:00Z`));

/** The machine-readable form of a Unix-seconds time, for <time dateTime>. */
export const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();
