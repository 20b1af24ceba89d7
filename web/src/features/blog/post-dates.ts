import type { PostSummary } from './types';

/** 'December 2022' has no day: only the month is known, so only the month is claimed. */
const MONTH_ONLY = /^[A-Z][a-z]+ \d{4}$/;

/** The `dateTime` of a post's <time> element: '2024-05-16', or '2022-12' for a month-only date. */
export const machineReadableDate = (post: Pick<PostSummary, 'dateText' | 'isoDate'>): string =>
  MONTH_ONLY.test(post.dateText) ? post.isoDate.slice(0, 7) : post.isoDate;
