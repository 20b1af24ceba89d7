import { FIRM_TIME_ZONE } from '#shared/firm-day.ts';

/** Times in the firm's own zone (decision 0073, shared/firm-day.ts), whatever the device's setting. */
const WHEN = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short', timeZone: FIRM_TIME_ZONE });
const DAY = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeZone: FIRM_TIME_ZONE });

/** A time the API gave in Unix seconds, as the owners read it ("Nov 26, 2026, 2:05 p.m."). */
export const whenText = (unixSeconds: number) => WHEN.format(unixSeconds * 1000);

/** The firm's day of a time the API gave in Unix seconds ("Nov 26, 2026"). */
export const dayText = (unixSeconds: number) => DAY.format(unixSeconds * 1000);

/** The machine-readable form for a <time dateTime>. */
export const isoTime = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/**
 * A send's time as the owners read a schedule ("Tue 1 Dec, 9:00 am"): the weekday says which of
 * the coming days it is; always the firm's clock, so callers add "Alberta time".
 */
const SCHEDULE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: FIRM_TIME_ZONE,
});
export const scheduleText = (unixSeconds: number) => SCHEDULE.format(unixSeconds * 1000);

/** A count as the owners read it ("1,234"). */
export const countText = (count: number) => count.toLocaleString('en-CA');
