import type { LeadDetail } from '#shared/console-leads.ts';
import type { LeadListQuery } from '#shared/schemas/console-leads.ts';
import { toCsv } from '#shared/inert-csv.ts';
import { countOf } from '#shared/count-words.ts';
import type { LeadItem } from '../data/lead-item';
import type { ApiResult } from '../http/types';
import { firmDay } from '#shared/firm-day.ts';
import { isoTime } from '../runtime/clock';
import { csvDownload } from './csv-download';
import { leadDetail } from './lead-view';

/** The columns an owner reads in a spreadsheet, in order, and each one's value; cells made inert by toCsv. */
const COLUMNS: Record<string, (lead: LeadDetail) => unknown> = {
  id: (lead) => lead.id,
  received: (lead) => isoTime(lead.receivedAt),
  form: (lead) => lead.form,
  audience: (lead) => lead.audience,
  'first name': (lead) => lead.firstName,
  'last name': (lead) => lead.lastName,
  email: (lead) => lead.email,
  'job title': (lead) => lead.jobTitle,
  organization: (lead) => lead.organization,
  message: (lead) => lead.message,
  'marketing email': (lead) => lead.marketingEmail,
  status: (lead) => lead.status,
  'follow-up date': (lead) => lead.followUpOn ?? '',
  spam: (lead) => (lead.spam ? 'yes' : 'no'),
  emails: (lead) => lead.mailStatus,
  notes: (lead) => lead.notes.length,
};

const row = (lead: LeadItem) => {
  const detail = leadDetail(lead);
  return Object.fromEntries(Object.entries(COLUMNS).map(([column, value]) => [column, value(detail)]));
};

/** The view as a CSV download; 400 when it is too large for one answer (./csv-download.ts). */
export const leadsCsv = (leads: LeadItem[], now: number): ApiResult =>
  csvDownload(`leads-${firmDay(now)}.csv`, toCsv(leads.map(row), Object.keys(COLUMNS)));

/**
 * The audit log's words for an export: how many leads, and of which view. A search is named but
 * not quoted: owners search by a person's address or name, and the log is append-only, so what
 * it quotes would outlive that person's erasure (docs/decisions/0072-erasure.md).
 */
export const exportSummary = (query: LeadListQuery, count: number) => {
  const filters = (['form', 'audience', 'status', 'from', 'to'] as const).flatMap((name) =>
    query[name] ? [`${name} ${query[name]}`] : [],
  );
  if (query.q) filters.push('a search');
  return `Exported ${countOf(count, 'lead')} of the ${query.view ?? 'inbox'}${filters.length ? ` (${filters.join(', ')})` : ''}`;
};
