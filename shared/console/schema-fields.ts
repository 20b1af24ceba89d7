/**
 * Fields the console's screens share in their request schemas: the version a change was typed on
 * (an older one is refused with 409) and a time to act at (a send, a publish), so each rule and its
 * words are stated once.
 */
import * as yup from 'yup';

/** The version of `what` ('the campaign', 'the post') the owner saw; versions start at `first`. */
export const versionSeen = (what: string, first: number) =>
  yup
    .number()
    .required(`Say which version of ${what} you changed.`)
    .integer(`Say which version of ${what} you changed.`)
    .min(first, 'That version does not exist.');

/** An ISO 8601 instant with its offset, e.g. `2026-12-01T09:00:00-07:00` (the firm's time) or `…Z`; optional: now. */
export const actAt = () =>
  yup
    .string()
    .optional()
    .matches(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/, {
      message: 'Give the time as a date and time with its time zone, e.g. 2026-12-01T09:00:00-07:00.',
    });
