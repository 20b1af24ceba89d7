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
