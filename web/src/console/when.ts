/** Date and time in the owners' own words, in the browser's time zone (theirs: Alberta). */
const WHEN = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });
const DAY = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium' });

/** A time the API gave in Unix seconds, as the owners read it ("Nov 26, 2026, 2:05 p.m."). */
export const whenText = (unixSeconds: number) => WHEN.format(unixSeconds * 1000);

/** A day the API gave in Unix seconds ("Nov 26, 2026"). */
export const dayText = (unixSeconds: number) => DAY.format(unixSeconds * 1000);

/** The machine-readable form for a <time dateTime>. */
export const isoTime = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
