import type { LeadDetail } from '#shared/console/leads.ts';
import type { LeadListQuery } from '#shared/console/leads-schemas.ts';
import { countOf } from '#shared/count-words.ts';
import type { LeadItem } from '../../data/lead-item';
import type { ApiResult } from '../../http/types';
import { firmDay } from '#shared/firm-day.ts';
import { isoTime } from '../../runtime/clock';
import type { ConsoleRequest } from '../kit/request';
import { csvExportPart } from '../kit/csv-parts';
import { cursorAfter, readLeads } from './lead-list';
import { leadDetail } from './lead-view';

/**
 * What one part of the leads export reads at most: 1,000 leads (a part holds fewer when they are
 * wide: ./csv-parts.ts), in at most 20 Queries of 200, so a narrow view over years answers within
 * the function's time too; the next part goes on from there.
 */
const PART_LEADS = 1000;
const PART_READS = 20;

/** The columns an owner reads in a spreadsheet, in order, and each one's value; cells made inert by csvLine. */
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

const cells = (lead: LeadItem) => {
  const detail = leadDetail(lead);
  return Object.values(COLUMNS).map((value) => value(detail));
};

/**
 * The audit log's words for an export: how many leads, and of which view. A search is named but
 * not quoted: owners search by a person's address or name, and the log is append-only, so what
 * it quotes would outlive that person's erasure (docs/decisions/0072-erasure.md).
 */
const exportSummary = (query: LeadListQuery, count: number) => {
  const filters = (['form', 'audience', 'status', 'from', 'to'] as const).flatMap((name) =>
    query[name] ? [`${name} ${query[name]}`] : [],
  );
  if (query.q) filters.push('a search');
  return `Exported ${countOf(count, 'lead')} of the ${query.view ?? 'inbox'}${filters.length ? ` (${filters.join(', ')})` : ''}`;
};

/**
 * One part of the view as CSV (docs/decisions/0074-exports-in-parts.md): newest first, from the
 * query's cursor; the last part writes the audit entry with every lead the file holds.
 */
export const leadsCsvPart = (request: ConsoleRequest, query: LeadListQuery): Promise<ApiResult> =>
  csvExportPart({
    cursor: query.cursor,
    filename: `leads-${firmDay(request.now)}.csv`,
    columns: Object.keys(COLUMNS),
    read: async (at) => {
      const found = await readLeads(
        request.stores.leads,
        { ...query, cursor: at },
        { now: request.now, pageSize: PART_LEADS, maxReads: PART_READS, summary: false },
      );
      return { rows: found.leads, next: found.next };
    },
    cells,
    after: cursorAfter,
    audit: (rows, onceKey) => request.audit({ action: 'lead.export', summary: exportSummary(query, rows), onceKey }),
  });
