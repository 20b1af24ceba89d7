/**
 * A post's date as the owners enter it (`2024-05-16`, or `2022-12` where only the month is known:
 * the spec's tree-planter post, "December 2022") and as the site shows it.
 */

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const POSTED_DATE = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;

/** 'May 16, 2024' for `2024-05-16`, 'December 2022' for `2022-12`. */
export function postDateText(postedDate: string): string {
  const match = POSTED_DATE.exec(postedDate);
  if (!match) throw new Error(`A post's date must read like 2024-05-16 or 2022-12, not "${postedDate}"`);
  const [, year, month, day] = match;
  const monthName = MONTHS[Number(month) - 1];
  if (!monthName) throw new Error(`A post's date has no month ${month}: "${postedDate}"`);
  return day ? `${monthName} ${Number(day)}, ${year}` : `${monthName} ${year}`;
}

/** A full ISO day for feeds and structured data: a month-only date stands for its first day. */
export const postIsoDate = (postedDate: string): string => (postedDate.length === 7 ? `${postedDate}-01` : postedDate);
