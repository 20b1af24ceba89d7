/**
 * The console's Site screen (issue 32): how many people visit, from where, and which pages,
 * articles, sources and campaigns bring the firm's own conversions (scorecard requests, contact
 * sign-ups, confirmed subscriptions). Its routes, their query, the JSON they answer and the
 * range rules, stated once for the console's web code and the consoleApi function, which serves
 * them (under `/api/admin/`, so API_ROUTES.consoleApi takes them; no route of its own).
 *
 * Everything here is aggregate: a count per day and per value of one dimension. No row is a
 * person, and nothing the report answers can be joined to a lead (docs/decisions/0081-privacy-first-analytics.md).
 * Every route needs a session and answers errors as `{ message }` in plain words (shared/console/common.ts).
 *
 * Days are the firm's (America/Edmonton, shared/firm-day.ts, docs/decisions/0073-firm-days-in-alberta.md),
 * written yyyy-mm-dd.
 */
import { route } from '../route-key';
import { CONSOLE_API_BASE } from './common';

export const SITE_ROUTES = {
  /**
   * Query SiteRangeQuery (`?from=2026-11-01&to=2026-11-28`); 200 SiteReport. 400 `{ message }` for
   * a range the rules below refuse (the message names the rule).
   */
  report: /* @__PURE__ */ route('GET', `${CONSOLE_API_BASE}/site/report`),
  /**
   * Query SiteRangeQuery; 200 text/csv (`site-<from>-to-<to>.csv`, as an attachment): one row per
   * day of the range and one per row of each list, columns SITE_CSV_COLUMNS. Cells are inert
   * (shared/inert-csv.ts): a forged referrer or UTM value cannot run as a formula. One part only
   * (no EXPORT_NEXT_HEADER), with EXPORT_ROWS_HEADER (shared/console/exports.ts) set to its rows,
   * the header line not counted: the console's Export button (web/src/console/ExportButton.tsx)
   * says "Downloaded site-….csv: 58 rows." from it, as for the leads' and subscribers' exports.
   */
  export: /* @__PURE__ */ route('GET', `${CONSOLE_API_BASE}/site/export`),
} as const;

/** The query of both routes: the first and last day of the range, both included. */
export interface SiteRangeQuery {
  from: string;
  to: string;
}

/** The screen's quick ranges, in days, each ending today (the firm's today, which counts so far). */
export const SITE_RANGE_PRESETS = [7, 30, 90] as const;
export type SiteRangePreset = (typeof SITE_RANGE_PRESETS)[number];
/** The longest custom range, in days. */
export const SITE_RANGE_MAX_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-mm-dd day moved by a number of days (calendar days: no clock is involved). */
export const addDays = (day: string, days: number): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** How many days a range holds, both ends included. */
export const daysIn = ({ from, to }: SiteRangeQuery): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** A quick range: the last `days` days, today included (`today` is firmDay(now)). */
export const presetRange = (days: SiteRangePreset, today: string): SiteRangeQuery => ({
  from: addDays(today, 1 - days),
  to: today,
});

/** The period before a range, as long as it and ending the day before it starts: the charts' comparison. */
export const previousRange = (range: SiteRangeQuery): SiteRangeQuery => ({
  from: addDays(range.from, -daysIn(range)),
  to: addDays(range.from, -1),
});

/**
 * Why a range is refused, in the owners' words; undefined when it is a range the routes answer:
 * two real days, `from` not after `to`, `to` not after the firm's today, at most SITE_RANGE_MAX_DAYS.
 */
export const siteRangeProblem = (range: Partial<SiteRangeQuery>, today: string): string | undefined => {
  const { from, to } = range;
  if (!from || !to) return 'Choose the first and the last day.';
  const real = (day: string) => DAY.test(day) && addDays(day, 0) === day;
  if (!real(from) || !real(to)) return 'Write each day as yyyy-mm-dd, a day that exists.';
  if (from > to) return 'The first day must not be after the last day.';
  if (to > today) return 'The last day cannot be after today.';
  if (daysIn({ from, to }) > SITE_RANGE_MAX_DAYS) return `Choose at most ${SITE_RANGE_MAX_DAYS} days.`;
  return undefined;
};

/**
 * A traffic spike: a day whose visitors exceed SPIKE_FACTOR times the median of the SPIKE_WINDOW_DAYS
 * days before it (days with no visit count as 0) and number at least SPIKE_MIN_VISITORS, so a new
 * site's first handful of visitors is not an alarm.
 */
export const SPIKE_FACTOR = 3;
export const SPIKE_WINDOW_DAYS = 28;
export const SPIKE_MIN_VISITORS = 10;

/** The conversions the site counts: the firm's own records, never a script's "goal". */
export const CONVERSION_KINDS = ['scorecard', 'signup', 'subscription'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];
export const CONVERSION_KIND_WORDS: Record<ConversionKind, string> = {
  scorecard: 'Scorecard requests',
  signup: 'Contact sign-ups',
  subscription: 'Confirmed subscriptions',
};

/** A device class, from the user agent alone (no screen size, no other signal). */
export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number] | 'unknown';

/** One day's figures. */
export interface SiteDay {
  /** yyyy-mm-dd, a firm's day. */
  day: string;
  /** Unique visitors that day (a visitor is counted once a day; two days are two visitors). */
  visitors: number;
  /** Page views that day. */
  views: number;
  /** Conversions that day, of every kind, whether or not a visit that day is known for them. */
  conversions: number;
}

/** A range's sums. `visitors` adds the days' uniques: days cannot be linked, by design. */
export interface SiteTotals {
  visitors: number;
  views: number;
  conversions: number;
  /** Conversions per kind. */
  byKind: Record<ConversionKind, number>;
  /** conversions ÷ visitors, 0..1; null when there was no visitor. */
  conversionRate: number | null;
}

/**
 * One value of a list, over the range. `visitors`: the visits (one visitor's day) the list counts
 * under the value (SiteLists); `views`: their page views; `conversions`: how many of those visits
 * converted (a visit with a scorecard request and a sign-up counts once here, twice in
 * SiteTotals.byKind); `conversionRate`: conversions ÷ visitors (0..1), null when visitors is 0
 * (conversions whose day had no known visit: no script ran, or another device).
 */
export interface SiteRow {
  /**
   * The value as collected: a path (`/blog/hiring`), a host (`www.linkedin.com`), a UTM value,
   * `source / medium`, a country code (`CA`), a device class. Text from strangers (a forged
   * referrer or UTM value may carry markup): show it as text, never as HTML. Values the site
   * could not tell are NOT_SET.
   */
  key: string;
  visitors: number;
  views: number;
  conversions: number;
  conversionRate: number | null;
}

/** A value the visit did not carry (no referrer, no UTM tag, no country header, an unknown device). */
export const NOT_SET = '(none)';

/**
 * The report's lists, each sorted by visitors then views (most first), at most SITE_LIST_MAX rows
 * (the rest are summed in a last row keyed SITE_OTHERS). A visit is one visitor's day.
 */
export interface SiteLists {
  /** Every page viewed: visitors who viewed it; conversions of those visits. */
  pages: SiteRow[];
  /** The first page of each visit: the visits that began there and their conversions. */
  entryPages: SiteRow[];
  /**
   * The blog's posts, as `pages` counts them: every counted page but the site's fixed ones
   * (sitePaths in shared/paths.ts: home, about, the forms, blog index, privacy, terms). Posts are
   * at the root (`/quiet-quitting`); one published later is an article the day it is counted.
   */
  articles: SiteRow[];
  /**
   * Where each visit came from, `source / medium`: utm_source and utm_medium when the link was
   * tagged (`newsletter / email`), else the referrer's host and `referral`, else `(direct) / (none)`.
   */
  sources: SiteRow[];
  /** The referrer's host of each visit (NOT_SET: none, or the site itself). */
  referrers: SiteRow[];
  /** utm_campaign of each visit (a campaign email's slug, added to its links automatically). */
  campaigns: SiteRow[];
  /** CloudFront's viewer country of each visit (ISO 3166-1 alpha-2). */
  countries: SiteRow[];
  /** DeviceClass of each visit. */
  devices: SiteRow[];
}
export type SiteListName = keyof SiteLists;
export const SITE_LIST_NAMES: readonly SiteListName[] = [
  'pages',
  'entryPages',
  'articles',
  'sources',
  'referrers',
  'campaigns',
  'countries',
  'devices',
];
export const SITE_LIST_MAX = 50;
export const SITE_OTHERS = '(others)';

/** A day whose visitors exceed SPIKE_FACTOR × the median of the SPIKE_WINDOW_DAYS days before it. */
export interface SiteSpike {
  day: string;
  visitors: number;
  /** The median of the SPIKE_WINDOW_DAYS days before it. */
  median: number;
}

/** What the report route answers. */
export interface SiteReport {
  range: SiteRangeQuery;
  /** previousRange(range). */
  previous: SiteRangeQuery;
  /** Every day of the range, oldest first (a day with no visit is there with zeros). */
  days: SiteDay[];
  /** Every day of the previous period, oldest first, to draw beside `days` (same index, same weekday). */
  previousDays: SiteDay[];
  totals: SiteTotals;
  previousTotals: SiteTotals;
  lists: SiteLists;
  /** The range's spike days, oldest first; empty when none. */
  spikes: SiteSpike[];
  /**
   * The last day whose figures are final (rolled up); the days after it (today, and yesterday
   * until shortly after midnight) are counted live and may still grow.
   */
  finalThrough?: string;
}

/** The CSV's columns: `list` is `day` for the day rows, else a SiteListName; `key` the day or the row's key. */
export const SITE_CSV_COLUMNS = ['list', 'key', 'visitors', 'views', 'conversions', 'conversion rate'] as const;
