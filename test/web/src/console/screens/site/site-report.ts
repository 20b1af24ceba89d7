/**
 * The Site screen's tests' stand-ins: a report as the API answers it (shared/console/site.ts) for
 * the firm's 2026-11-22 to 2026-11-28, and a fetch answering the report and export routes by URL.
 */
import { EXPORT_ROWS_HEADER } from '#shared/console/exports.ts';
import {
  addDays,
  NOT_SET,
  previousRange,
  SITE_LIST_NAMES,
  type SiteDay,
  type SiteLists,
  type SiteRangeQuery,
  type SiteReport,
  type SiteRow,
} from '#shared/console/site.ts';

/** Noon in Alberta on Saturday 2026-11-28 (UTC-7): the firm's today in these tests. */
export const NOW_MS = Date.parse('2026-11-28T19:00:00Z');
export const TODAY = '2026-11-28';
export const WEEK: SiteRangeQuery = { from: '2026-11-22', to: TODAY };

const daysOf = (from: string, figures: [visitors: number, views: number, conversions: number][]): SiteDay[] =>
  figures.map(([visitors, views, conversions], index) => ({ day: addDays(from, index), visitors, views, conversions }));

export const row = (key: string, visitors: number, views: number, conversions: number): SiteRow => ({
  key,
  visitors,
  views,
  conversions,
  conversionRate: visitors > 0 ? conversions / visitors : null,
});

const noLists = () => Object.fromEntries(SITE_LIST_NAMES.map((name) => [name, []])) as unknown as SiteLists;

/** The week's report: a busy Friday, a newsletter campaign, a forged referrer carrying markup. */
export const WEEK_REPORT: SiteReport = {
  range: WEEK,
  previous: { from: '2026-11-15', to: '2026-11-21' },
  days: daysOf(WEEK.from, [
    [3, 5, 0],
    [5, 9, 1],
    [4, 6, 0],
    [0, 0, 0],
    [6, 10, 1],
    [40, 61, 2],
    [7, 12, 1],
  ]),
  previousDays: daysOf('2026-11-15', [
    [2, 3, 0],
    [4, 6, 0],
    [3, 4, 1],
    [1, 1, 0],
    [5, 8, 0],
    [6, 9, 1],
    [4, 6, 0],
  ]),
  totals: {
    visitors: 65,
    views: 103,
    conversions: 5,
    byKind: { scorecard: 2, signup: 2, subscription: 1 },
    conversionRate: 5 / 65,
  },
  previousTotals: {
    visitors: 25,
    views: 37,
    conversions: 2,
    byKind: { scorecard: 1, signup: 1, subscription: 0 },
    conversionRate: 2 / 25,
  },
  lists: {
    ...noLists(),
    pages: [
      row('/', 30, 40, 3),
      row('/quiet-quitting', 20, 22, 1),
      ...Array.from({ length: 10 }, (_, index) => row(`/page-${index + 1}`, 10 - index, 10 - index, 0)),
    ],
    entryPages: [row('/', 28, 50, 3), row('/quiet-quitting', 18, 30, 1)],
    articles: [row('/quiet-quitting', 20, 22, 1)],
    sources: [row('newsletter / email', 12, 20, 2), row(`(direct) / ${NOT_SET}`, 40, 60, 3)],
    referrers: [row('<img src=x onerror=alert(1)>.example', 2, 2, 0), row(NOT_SET, 50, 80, 5)],
    campaigns: [row('december-hiring', 12, 20, 2), row(NOT_SET, 53, 83, 3)],
    countries: [row('CA', 60, 95, 5), row('US', 5, 8, 0)],
    devices: [row('mobile', 40, 60, 3), row('desktop', 25, 43, 2)],
  },
  spikes: [{ day: '2026-11-27', visitors: 40, median: 4.5 }],
  finalThrough: '2026-11-27',
};

/** A report of `range` with no visit at all (another range than the week's). */
export const emptyReport = (range: SiteRangeQuery): SiteReport => {
  const previous = previousRange(range);
  const zeros = (from: string, to: string) => {
    const days: SiteDay[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) days.push({ day, visitors: 0, views: 0, conversions: 0 });
    return days;
  };
  const none = { visitors: 0, views: 0, conversions: 0, byKind: { scorecard: 0, signup: 0, subscription: 0 } };
  return {
    range,
    previous,
    days: zeros(range.from, range.to),
    previousDays: zeros(previous.from, previous.to),
    totals: { ...none, conversionRate: null },
    previousTotals: { ...none, conversionRate: null },
    lists: noLists(),
    spikes: [],
  };
};

type Reply = { status: number; body: unknown } | { file: string; rows: number; filename: string };

/**
 * fetch as the API answers the Site routes: `replies(url)` gives each call's answer (the URL with
 * its query). Returns the URLs asked for, in order.
 */
export function siteFetch(replies: (url: string) => Reply | Promise<Reply>) {
  const asked: string[] = [];
  globalThis.fetch = jest.fn(async (url: string) => {
    asked.push(url);
    const reply = await replies(url);
    if ('file' in reply) {
      const headers = new Headers({
        'content-disposition': `attachment; filename="${reply.filename}"`,
        [EXPORT_ROWS_HEADER]: String(reply.rows),
      });
      return { ok: true, status: 200, headers, blob: async () => new Blob([reply.file]) } as unknown as Response;
    }
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      json: async () => reply.body,
    } as unknown as Response;
  }) as unknown as typeof fetch;
  return asked;
}

/** The report route's URL for a range. */
export const reportUrl = ({ from, to }: SiteRangeQuery) => `/api/admin/site/report?from=${from}&to=${to}`;
