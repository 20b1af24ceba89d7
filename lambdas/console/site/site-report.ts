/**
 * The Site screen's report (shared/console/site.ts SITE_ROUTES.report): a range's days and lists,
 * the period before it, and its spikes, from the days' sums (`day#<day>`) and, for a day not rolled
 * up yet (today, and yesterday until its roll-up), from its raw records counted live
 * (docs/decisions/0081-privacy-first-analytics.md). Sums only: no row is a visitor.
 */
import {
  addDays,
  CONVERSION_KINDS,
  previousRange,
  SITE_LIST_MAX,
  SITE_LIST_NAMES,
  SPIKE_FACTOR,
  SPIKE_MIN_VISITORS,
  SPIKE_WINDOW_DAYS,
  type ConversionKind,
  type SiteDay,
  type SiteLists,
  type SiteRangeQuery,
  type SiteReport,
  type SiteRow,
  type SiteSpike,
  type SiteTotals,
} from '#shared/console/site.ts';
import { daySummaryId, getItemsById, recordsOfDay } from '../../data/site-visits';
import type { TableStore } from '../../data/stores';
import { summarizeDay, sumLists, topOf, type DaySummary } from '../../domain/site-day-summary';

/** Every day from `from` to `to`, both included. */
const daysBetween = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
};

/**
 * The summaries of `days`, by day: the stored sums, and for the days a roll-up may not have done
 * yet (from the day before yesterday on) without them, their raw records summed now. A day with
 * neither had no visit.
 */
export const daySummaries = async (
  store: TableStore,
  days: readonly string[],
  today: string,
): Promise<Map<string, DaySummary>> => {
  const stored = await getItemsById<DaySummary>(store, days.map(daySummaryId));
  const summaries = new Map(stored.map((summary) => [summary.day, summary]));
  const live = days.filter((day) => day >= addDays(today, -2) && day <= today && !summaries.has(day));
  for (const day of live) summaries.set(day, summarizeDay(day, await recordsOfDay(store, day)));
  return summaries;
};

const siteDay = (day: string, summary: DaySummary | undefined): SiteDay => ({
  day,
  visitors: summary?.visitors ?? 0,
  views: summary?.views ?? 0,
  conversions: summary?.conversions ?? 0,
});

const rate = (conversions: number, visitors: number) => (visitors > 0 ? conversions / visitors : null);

const totalsOf = (summaries: readonly (DaySummary | undefined)[]): SiteTotals => {
  const byKind = Object.fromEntries(CONVERSION_KINDS.map((kind) => [kind, 0])) as Record<ConversionKind, number>;
  let visitors = 0;
  let views = 0;
  for (const summary of summaries) {
    if (!summary) continue;
    visitors += summary.visitors;
    views += summary.views;
    for (const kind of CONVERSION_KINDS) byKind[kind] += summary.byKind[kind] ?? 0;
  }
  const conversions = CONVERSION_KINDS.reduce((sum, kind) => sum + byKind[kind], 0);
  return { visitors, views, conversions, byKind, conversionRate: rate(conversions, visitors) };
};

const listsOf = (summaries: readonly DaySummary[]): SiteLists => {
  const sums = sumLists(summaries);
  return Object.fromEntries(
    SITE_LIST_NAMES.map((name) => [
      name,
      topOf(sums[name], SITE_LIST_MAX).map(([key, [visitors, views, conversions]]): SiteRow => ({
        key,
        visitors,
        views,
        conversions,
        conversionRate: rate(conversions, visitors),
      })),
    ]),
  ) as unknown as SiteLists;
};

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The days of `range` whose visitors exceed SPIKE_FACTOR × the median of the SPIKE_WINDOW_DAYS before. */
const spikesOf = (range: SiteRangeQuery, visitorsOn: (day: string) => number): SiteSpike[] =>
  daysBetween(range.from, range.to).flatMap((day) => {
    const visitors = visitorsOn(day);
    const before = daysBetween(addDays(day, -SPIKE_WINDOW_DAYS), addDays(day, -1)).map(visitorsOn);
    const usual = median(before);
    return visitors >= SPIKE_MIN_VISITORS && visitors > SPIKE_FACTOR * usual ? [{ day, visitors, median: usual }] : [];
  });

/** The report of a range the rules allow (siteRangeProblem), on the firm's `today`. */
export const siteReport = async (store: TableStore, range: SiteRangeQuery, today: string): Promise<SiteReport> => {
  const previous = previousRange(range);
  const first = [previous.from, addDays(range.from, -SPIKE_WINDOW_DAYS)].sort()[0]!;
  const summaries = await daySummaries(store, daysBetween(first, range.to), today);
  const inRange = daysBetween(range.from, range.to);
  const inPrevious = daysBetween(previous.from, previous.to);
  // Stored sums carry their item's id; a day counted live does not.
  const firstLive = [addDays(today, -2), addDays(today, -1), today].find(
    (day) => !('id' in (summaries.get(day) ?? {})),
  );
  return {
    range,
    previous,
    days: inRange.map((day) => siteDay(day, summaries.get(day))),
    previousDays: inPrevious.map((day) => siteDay(day, summaries.get(day))),
    totals: totalsOf(inRange.map((day) => summaries.get(day))),
    previousTotals: totalsOf(inPrevious.map((day) => summaries.get(day))),
    lists: listsOf(inRange.flatMap((day) => summaries.get(day) ?? [])),
    spikes: spikesOf(range, (day) => summaries.get(day)?.visitors ?? 0),
    ...(firstLive && { finalThrough: addDays(firstLive, -1) }),
  };
};
