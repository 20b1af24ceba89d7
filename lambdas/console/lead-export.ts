import type { LeadListQuery } from '#shared/console-leads.ts';
import { toCsv } from '#shared/inert-csv.ts';
import { oneLine } from '#shared/inert-text.ts';
import type { LeadItem } from '../data/lead-item';
import type { ApiResult } from '../http/types';
import { isoTime, utcDay } from '../runtime/clock';
import { leadDetail } from './lead-view';

/** One row per lead, the columns an owner reads in a spreadsheet; cells made inert by toCsv. */
const row = (lead: LeadItem) => {
  const detail = leadDetail(lead);
  return {
    id: detail.id,
    received: isoTime(detail.receivedAt),
    form: detail.form,
    audience: detail.audience,
    'first name': detail.firstName,
    'last name': detail.lastName,
    email: detail.email,
    'job title': detail.jobTitle,
    organization: detail.organization,
    message: detail.message,
    'marketing email': detail.marketingEmail,
    status: detail.status,
    'follow-up date': detail.followUpOn ?? '',
    spam: detail.spam ? 'yes' : 'no',
    emails: detail.mailStatus,
    notes: detail.notes.length,
  };
};

/** The view as a CSV download (never cached, like every console answer). */
export const leadsCsv = (leads: LeadItem[], now: number): ApiResult => ({
  statusCode: 200,
  headers: {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="leads-${utcDay(now)}.csv"`,
    'cache-control': 'no-store',
  },
  body: toCsv(leads.map(row)),
});

/** The audit log's words for an export: how many leads, and of which view. */
export const exportSummary = (query: LeadListQuery, count: number) => {
  const filters = (['form', 'audience', 'status', 'from', 'to'] as const).flatMap((name) =>
    query[name] ? [`${name} ${query[name]}`] : [],
  );
  if (query.q) filters.push(`search "${oneLine(query.q)}"`);
  return `Exported ${count} lead(s) of the ${query.view ?? 'inbox'}${filters.length ? ` (${filters.join(', ')})` : ''}`;
};
