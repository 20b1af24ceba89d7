/**
 * A firm day's sums, from its raw records (docs/decisions/0081-privacy-first-analytics.md): what the
 * roll-up stores as `day#<day>` once the day is over, and what the console computes live for a day
 * not rolled up yet (today). The sums name pages, sources and countries, never a visitor: a
 * visitor's day adds one to each of its values and is then forgotten.
 *
 * Each list keeps its DAY_LIST_MAX values with the most visitors and sums the rest under
 * SITE_OTHERS, so a flood of made-up referrers or UTM values cannot grow a day's item past
 * DynamoDB's 400 KB.
 */
import {
  CONVERSION_KINDS,
  NOT_SET,
  SITE_LIST_NAMES,
  SITE_OTHERS,
  type ConversionKind,
  type SiteListName,
} from '#shared/console/site.ts';
import { sitePaths } from '#shared/paths.ts';
import { CONVERSION_ATTRIBUTE, PAGE_ATTRIBUTE, type DayRecord, type VisitItem } from '../data/site-visits';

/** Visitors, views and conversions (visits that converted) of one value. */
export type SiteCount = [visitors: number, views: number, conversions: number];
export type SiteCounts = Record<string, SiteCount>;

export interface DaySummary {
  day: string;
  visitors: number;
  views: number;
  /** Every conversion of the day, joined to a page view or not. */
  conversions: number;
  byKind: Record<ConversionKind, number>;
  lists: Record<SiteListName, SiteCounts>;
}

/** Values one list of one day keeps (the rest are summed under SITE_OTHERS). */
export const DAY_LIST_MAX = 100;

/** The site's fixed pages; every other page counted is one of the blog's posts (root-level slugs). */
const FIXED_PAGES = new Set<string>([
  sitePaths.home,
  sitePaths.about,
  sitePaths.candidate,
  sitePaths.employer,
  sitePaths.scorecardForm,
  sitePaths.contact,
  sitePaths.privacy,
  sitePaths.terms,
  sitePaths.blog,
]);

/** A visit's source as the console lists it: `source / medium` (shared/console/site.ts SiteLists.sources). */
export const sourceOf = (visit: Pick<VisitItem, 'source' | 'medium' | 'referrer'>): string => {
  if (visit.source && visit.source !== NOT_SET) return `${visit.source} / ${visit.medium ?? NOT_SET}`;
  if (visit.referrer && visit.referrer !== NOT_SET) return `${visit.referrer} / referral`;
  return '(direct) / (none)';
};

const add = (counts: SiteCounts, key: string, [visitors, views, conversions]: SiteCount) => {
  const count = (counts[key] ??= [0, 0, 0]);
  count[0] += visitors;
  count[1] += views;
  count[2] += conversions;
};

const byMost = ([keyA, a]: [string, SiteCount], [keyB, b]: [string, SiteCount]) =>
  b[0] - a[0] || b[1] - a[1] || b[2] - a[2] || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0);

/** A list's values, most visitors first, at most `max` of them plus SITE_OTHERS summing the rest. */
export const topOf = (counts: SiteCounts, max: number): [string, SiteCount][] => {
  const sorted = Object.entries(counts)
    .filter(([key]) => key !== SITE_OTHERS)
    .sort(byMost);
  const rest: SiteCounts = counts[SITE_OTHERS] ? { [SITE_OTHERS]: [...counts[SITE_OTHERS]] } : {};
  for (const [, count] of sorted.slice(max)) add(rest, SITE_OTHERS, count);
  const kept = sorted.slice(0, max);
  return rest[SITE_OTHERS] ? [...kept, [SITE_OTHERS, rest[SITE_OTHERS]]] : kept;
};

const emptyLists = () =>
  Object.fromEntries(SITE_LIST_NAMES.map((name) => [name, {}])) as Record<SiteListName, SiteCounts>;

/** The sums of a day's raw records (client counts among them are skipped). */
export const summarizeDay = (day: string, records: readonly DayRecord[]): DaySummary => {
  const summary: DaySummary = {
    day,
    visitors: 0,
    views: 0,
    conversions: 0,
    byKind: Object.fromEntries(CONVERSION_KINDS.map((kind) => [kind, 0])) as Record<ConversionKind, number>,
    lists: emptyLists(),
  };
  for (const record of records) {
    if (record.kind !== 'visit') continue;
    const visit = record;
    let converted = 0;
    for (const kind of CONVERSION_KINDS) {
      const count = visit[`${CONVERSION_ATTRIBUTE}${kind}`] ?? 0;
      summary.byKind[kind] += count;
      summary.conversions += count;
      if (count > 0) converted = 1;
    }
    // A conversion whose day had no page view (no script, another device), or a refused visitor:
    // counted in the day's conversions only.
    if (!visit.views || visit.refused) continue;
    summary.visitors += 1;
    summary.views += visit.views;
    const { lists } = summary;
    for (const [attribute, views] of Object.entries(visit)) {
      if (!attribute.startsWith(PAGE_ATTRIBUTE)) continue;
      const path = attribute.slice(PAGE_ATTRIBUTE.length);
      add(lists.pages, path, [1, Number(views), converted]);
      if (!FIXED_PAGES.has(path)) add(lists.articles, path, [1, Number(views), converted]);
    }
    const visitCount: SiteCount = [1, visit.views, converted];
    add(lists.entryPages, visit.entry ?? NOT_SET, visitCount);
    add(lists.sources, sourceOf(visit), visitCount);
    add(lists.referrers, visit.referrer ?? NOT_SET, visitCount);
    add(lists.campaigns, visit.campaign ?? NOT_SET, visitCount);
    add(lists.countries, visit.country ?? NOT_SET, visitCount);
    add(lists.devices, visit.device ?? NOT_SET, visitCount);
  }
  for (const name of SITE_LIST_NAMES) {
    summary.lists[name] = Object.fromEntries(topOf(summary.lists[name], DAY_LIST_MAX));
  }
  return summary;
};

/** Several days' lists summed (a list's SITE_OTHERS with SITE_OTHERS). */
export const sumLists = (summaries: readonly DaySummary[]): Record<SiteListName, SiteCounts> => {
  const lists = emptyLists();
  for (const summary of summaries) {
    for (const name of SITE_LIST_NAMES) {
      for (const [key, count] of Object.entries(summary.lists[name] ?? {})) add(lists[name], key, count);
    }
  }
  return lists;
};
