/**
 * The Site screen's words for the report's values (shared/console/site.ts): days, ranges, rates,
 * changes, the lists' keys and the busy days, stated once for the totals, charts, tables and alerts.
 */
import {
  NOT_SET,
  SITE_OTHERS,
  SPIKE_FACTOR,
  SPIKE_WINDOW_DAYS,
  type SiteListName,
  type SiteRangeQuery,
  type SiteSpike,
} from '#shared/console/site.ts';
import { countText } from '../../kit/when';

// A firm day (yyyy-mm-dd) is a calendar date: written at its UTC midnight in UTC, it never shifts.
const atMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);
const DAY = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeZone: 'UTC' });
const WEEKDAY = new Intl.DateTimeFormat('en-CA', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const SHORT = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Tue, Nov 24, 2026": the weekday says which days of two periods are alike. */
export const siteDayText = (day: string) => WEEKDAY.format(atMidnight(day));

/** "Nov 24": under a chart, where the year is in the range's heading. */
export const shortDayText = (day: string) => SHORT.format(atMidnight(day));

/** "Nov 1–28, 2026", "Dec 4, 2025–Jan 28, 2026", "Nov 28, 2026" (one day). */
export const rangeText = ({ from, to }: SiteRangeQuery) =>
  from === to ? DAY.format(atMidnight(from)) : DAY.formatRange(atMidnight(from), atMidnight(to));

const PERCENT = new Intl.NumberFormat('en-CA', { style: 'percent', maximumFractionDigits: 1 });

/** A conversion rate ("12.5%"); with no visitor there is none to give. */
export const rateText = (rate: number | null) => (rate === null ? 'no visitors' : PERCENT.format(rate));

/** How a count moved from the previous period: "up 20%", "down 5%", "the same"; nothing to say from none. */
export const changeText = (now: number, before: number) => {
  if (now === before) return 'the same';
  if (before === 0) return undefined;
  return `${now > before ? 'up' : 'down'} ${PERCENT.format(Math.abs(now - before) / before)}`;
};

const DEVICE_WORDS: Record<string, string> = {
  desktop: 'Computer',
  mobile: 'Phone',
  tablet: 'Tablet',
  unknown: 'Not known',
};
const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return REGIONS.of(code) ?? code;
  } catch {
    // Not a region code (RangeError): show what came.
    return code;
  }
};

/** What a list says for a visit that carried no value (NOT_SET). */
const NONE_WORDS: Record<SiteListName, string> = {
  pages: 'Not known',
  entryPages: 'Not known',
  articles: 'Not known',
  sources: 'Not known',
  referrers: 'None: typed in, bookmarked, or from an app',
  campaigns: 'No campaign',
  countries: 'Not known',
  devices: 'Not known',
};
/** The source of a visit with neither campaign tags nor a referring site (the report's own words). */
const DIRECT_SOURCE = `(direct) / ${NOT_SET}`;

/**
 * A list's key as the owners read it. Keys are text from strangers (a forged referrer or campaign
 * tag may carry markup): the screen shows them as text, never as HTML.
 */
export function keyText(list: SiteListName, key: string): string {
  if (key === SITE_OTHERS) return 'All others';
  if (key === NOT_SET) return NONE_WORDS[list];
  if (list === 'sources' && key === DIRECT_SOURCE) return 'Direct: typed in, bookmarked, or from an app';
  if (list === 'countries') return countryName(key);
  if (list === 'devices') return DEVICE_WORDS[key] ?? key;
  return key;
}

const TIMES: Record<number, string> = { 2: 'twice', 3: 'three times', 4: 'four times', 5: 'five times' };
/** SPIKE_FACTOR in words: "three times". */
export const SPIKE_TIMES = TIMES[SPIKE_FACTOR] ?? `${SPIKE_FACTOR} times`;

/**
 * A busy day in plain words: "45 visitors on Tue, Nov 24, 2026, more than three times the usual
 * (12 a day in the 28 days before)." The usual is the median of those days (SiteSpike).
 */
export const spikeText = ({ day, visitors, median }: SiteSpike) =>
  `${countText(visitors)} visitors on ${siteDayText(day)}, more than ${SPIKE_TIMES} the usual ` +
  `(${countText(median)} a day in the ${SPIKE_WINDOW_DAYS} days before).`;
