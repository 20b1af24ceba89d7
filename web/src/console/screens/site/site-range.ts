/**
 * The Site screen's range, kept in the page's address (a reload or a shared link shows the same
 * days; it names no person): `?days=7|30|90` for a quick range ending today, `?from=&to=` for
 * days the owner chose, nothing for the last 30 days. Days are the firm's (Alberta,
 * shared/firm-day.ts), as everywhere in the console. No React: the Site screen's early reads
 * (../registry.ts) use it too.
 */
import {
  presetRange,
  SITE_RANGE_PRESETS,
  siteRangeProblem,
  type SiteRangePreset,
  type SiteRangeQuery,
} from '#shared/console/site.ts';
import { firmDay } from '#shared/firm-day.ts';

/** The range the screen opens on. */
export const DEFAULT_PRESET: SiteRangePreset = 30;

/** What the address asks for: a range the API answers, or why it is not one. */
export type RangeChoice =
  | { range: SiteRangeQuery; preset?: SiteRangePreset; problem?: undefined }
  | { range?: undefined; preset?: undefined; problem: string };

/** The firm's day now (the console's clock is the device's; its zone is always Alberta's). */
export const firmToday = () => firmDay(Date.now() / 1000);

const isPreset = (days: number): days is SiteRangePreset => (SITE_RANGE_PRESETS as readonly number[]).includes(days);

/** The range `query` asks for on the firm's `today`; a `days` the screen does not offer is the default. */
export function rangeChoiceOf(query: URLSearchParams, today: string): RangeChoice {
  if (query.has('from') || query.has('to')) {
    const chosen = { from: query.get('from') ?? '', to: query.get('to') ?? '' };
    const problem = siteRangeProblem(chosen, today);
    return problem ? { problem } : { range: chosen };
  }
  const days = Number(query.get('days'));
  const preset = isPreset(days) ? days : DEFAULT_PRESET;
  return { range: presetRange(preset, today), preset };
}

/** The address's query for a quick range (none for the default, so /admin/site is the usual view). */
export const presetQuery = (preset: SiteRangePreset): string => (preset === DEFAULT_PRESET ? '' : `?days=${preset}`);
