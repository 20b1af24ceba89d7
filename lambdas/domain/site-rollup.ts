/**
 * The daily roll-up (docs/decisions/0081-privacy-first-analytics.md): once a firm day is over, its raw
 * records are summed into the day's item (`day#<day>`, site-day-summary.ts), then every raw record
 * of it and its salt are deleted. From then on the day is sums only: no visitor's record, and no
 * salt that could compute a visitor's hash again. Run every hour (the siteRollup function); each run
 * looks at yesterday and the day before, so a failed run is made good by the next, and does nothing
 * for a day already done but delete what a crashed run left.
 */
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import { addDays } from '#shared/console/site.ts';
import { firmDay, startOfFirmDay } from '#shared/firm-day.ts';
import { getItem, putIfAbsent } from '../data/items';
import { daySummaryId, deleteRecord, deleteSalt, recordsOfDay } from '../data/site-visits';
import type { TableStore } from '../data/stores';
import { summarizeDay, type DaySummary } from './site-day-summary';

/** How long after a day ends its roll-up waits, so a beacon in flight at midnight lands first. */
export const ROLLUP_AFTER_SECONDS = 300;
/** Deletions sent at once. */
const AT_ONCE = 25;

/** A day's sums as stored; kept as long as the privacy policy keeps records (RETENTION_SECONDS). */
export type DaySummaryItem = DaySummary & { id: string; kind: 'site-day'; expiresAt: number };

/** What one day's roll-up did. */
export interface DayRollUp {
  day: string;
  /** Whether this run stored the day's sums (false: an earlier run did). */
  summed: boolean;
  /** Raw records deleted. */
  deleted: number;
}

/** Sums one finished day, then deletes its raw records and its salt. */
export const rollUpDay = async (store: TableStore, day: string, now: number): Promise<DayRollUp> => {
  const records = await recordsOfDay(store, day);
  let summed = false;
  // Stored even for a day without a visit: its item says the day is final (SiteReport.finalThrough).
  if (!(await getItem(store, daySummaryId(day), ['id']))) {
    const item: DaySummaryItem = {
      id: daySummaryId(day),
      kind: 'site-day',
      ...summarizeDay(day, records),
      expiresAt: now + RETENTION_SECONDS,
    };
    summed = await putIfAbsent(store, item);
  }
  for (let start = 0; start < records.length; start += AT_ONCE) {
    await Promise.all(records.slice(start, start + AT_ONCE).map((record) => deleteRecord(store, record.id)));
  }
  await deleteSalt(store, day);
  return { day, summed, deleted: records.length };
};

/** Rolls up the finished days a run looks at: the day before yesterday and yesterday, once over. */
export const rollUpFinishedDays = async (store: TableStore, now: number): Promise<DayRollUp[]> => {
  const today = firmDay(now);
  const done: DayRollUp[] = [];
  for (const day of [addDays(today, -2), addDays(today, -1)]) {
    if (now < startOfFirmDay(addDays(day, 1)) + ROLLUP_AFTER_SECONDS) continue;
    done.push(await rollUpDay(store, day, now));
  }
  return done;
};
