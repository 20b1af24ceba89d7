/**
 * The Site screen's routes (shared/console/site.ts SITE_ROUTES), in the consoleApi function: the
 * report of a range of firm days and the same as a CSV file. Neither is audited: they show sums,
 * never a person (the audit log records what an owner saw or did about someone).
 */
import {
  SITE_CSV_COLUMNS,
  SITE_LIST_NAMES,
  SITE_ROUTES,
  siteRangeProblem,
  type SiteRangeQuery,
  type SiteReport,
} from '#shared/console/site.ts';
import { EXPORT_ROWS_HEADER } from '#shared/console/exports.ts';
import { firmDay } from '#shared/firm-day.ts';
import { toCsv } from '#shared/inert-csv.ts';
import { Refusal } from '../../domain/refusal';
import { jsonResponse } from '../../http/responses';
import type { ApiEvent } from '../../http/types';
import type { ConsoleRoute } from '../kit/router';
import type { ConsoleRequest } from '../kit/request';
import { csvDownload } from '../kit/csv-download';
import { siteReport } from './site-report';

/** The range asked for, or 400 in the rule's words. */
const rangeOf = (event: ApiEvent, today: string): SiteRangeQuery => {
  const { from, to } = event.queryStringParameters ?? {};
  const problem = siteRangeProblem({ from, to }, today);
  if (problem) throw new Refusal('invalid', problem);
  return { from: from!, to: to! };
};

const reportOf = ({ event, now, stores }: ConsoleRequest) => {
  const today = firmDay(now);
  return siteReport(stores.analytics, rangeOf(event, today), today);
};

/** A rate as a spreadsheet reads it (0.125), empty when there was no visitor. */
const rateCell = (rate: number | null) => (rate === null ? '' : Number(rate.toFixed(4)));

/** The report's days, then each list's rows, in SITE_CSV_COLUMNS. */
const csvRows = (report: SiteReport) => [
  ...report.days.map((day) => ({
    list: 'day',
    key: day.day,
    visitors: day.visitors,
    views: day.views,
    conversions: day.conversions,
    'conversion rate': rateCell(day.visitors > 0 ? day.conversions / day.visitors : null),
  })),
  ...SITE_LIST_NAMES.flatMap((list) =>
    report.lists[list].map((row) => ({
      list,
      key: row.key,
      visitors: row.visitors,
      views: row.views,
      conversions: row.conversions,
      'conversion rate': rateCell(row.conversionRate),
    })),
  ),
];

export const SITE_CONSOLE_ROUTES: ConsoleRoute<ConsoleRequest>[] = [
  {
    route: SITE_ROUTES.report,
    handle: async (request) => jsonResponse(200, await reportOf(request)),
  },
  {
    route: SITE_ROUTES.export,
    handle: async (request) => {
      const report = await reportOf(request);
      const rows = csvRows(report);
      const download = csvDownload(
        `site-${report.range.from}-to-${report.range.to}.csv`,
        toCsv(rows, SITE_CSV_COLUMNS),
      );
      // One part, whole (a range's days and at most SITE_LIST_MAX + 1 rows a list): its rows, no next.
      return { ...download, headers: { ...download.headers, [EXPORT_ROWS_HEADER]: String(rows.length) } };
    },
  },
];
