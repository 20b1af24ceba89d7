import { SITE_ROUTES, type SiteRangeQuery, type SiteReport } from '#shared/console/site.ts';
import { consoleDownload, consoleRequest } from '../../client/console-client';

// The Site screen's calls (lambdas/console/site/site-routes.ts): sums of a range of the firm's days.

/** The range's report: its days, the period before it, the lists and the busy days. */
export const siteReport = ({ from, to }: SiteRangeQuery, signal?: AbortSignal) =>
  consoleRequest<SiteReport>(SITE_ROUTES.report, { query: { from, to }, signal });

/** The same figures as a CSV file, in one part (site-<from>-to-<to>.csv; ../../export/export-parts.ts). */
export const siteCsv = ({ from, to }: SiteRangeQuery) =>
  consoleDownload(SITE_ROUTES.export, { query: { from, to } }, `site-${from}-to-${to}.csv`);
