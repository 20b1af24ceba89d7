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

/** en-CA writes dates as yyyy-mm-dd; the parts are read one by one so no locale change can break it. */
const PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: FIRM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const partsOf = (milliseconds: number) =>
  Object.fromEntries(PARTS.formatToParts(milliseconds).map(({ type, value }) => [type, value]));

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
 * The first second of a firm's day, Unix seconds. Alberta changes its clocks at 2 a.m., so
 * midnight always exists exactly once; the offset is read at the guess and again at the answer
 * in case the guess fell on the other side of a change.
 */
export const startOfFirmDay = (day: string): number => {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`) / 1000;
  const guess = midnightUtc - offsetAt(midnightUtc);
  return midnightUtc - offsetAt(guess);
};

/** The last second of a firm's day (23 or 25 hours long on the days the clocks change). */
export const endOfFirmDay = (day: string): number => {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return startOfFirmDay(next.toISOString().slice(0, 10)) - 1;
};
