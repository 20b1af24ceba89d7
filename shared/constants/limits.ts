/** Server-side limits shared by the forms (maxLength) and the API (schema + body size). */
export const FIELD_MAX = {
  name: 100,
  email: 254,
  jobTitle: 120,
  organization: 160,
  helpDescription: 2000,
} as const;

/** Largest accepted JSON body; anything bigger is answered 413 before parsing. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Scorecard emails one address may trigger per UTC day (the form emails any typed address). */
export const SCORECARD_MAILS_PER_ADDRESS_PER_DAY = 3;

/** Welcome emails one address may trigger per UTC day through the contact/sign-up form. */
export const SIGNUP_MAILS_PER_ADDRESS_PER_DAY = 3;

/** How long a scorecard download link works. */
export const DOWNLOAD_LINK_TTL_SECONDS = 7 * 24 * 3600;

/** Privacy policy: data kept 2 years after the service stops. */
export const RETENTION_SECONDS = 2 * 365 * 24 * 3600;

/** A second identical submission inside this window is the same request (double click, retry). */
export const DUPLICATE_WINDOW_SECONDS = 10 * 60;

/** Default for SUBMISSIONS_PER_CLIENT_PER_HOUR: accepted form submissions one client may make per hour. */
export const SUBMISSIONS_PER_CLIENT_PER_HOUR = 10;

/**
 * Default for SUBMISSIONS_PER_NETWORK_PER_HOUR: accepted form submissions per hour from one
 * network block (an IPv4 /24, an IPv6 /48), whichever of its addresses sends them: three
 * clients' worth, so an office or a campus behind one block is not refused, while a flood
 * spread over a block's many addresses is (docs/decisions/0003-abuse-limits.md).
 */
export const SUBMISSIONS_PER_NETWORK_PER_HOUR = 30;

/**
 * Default for FORM_MAILS_PER_HOUR: form emails to addresses that are not confirmed subscribers,
 * per budget window (FORM_MAILS_WINDOW_SECONDS, an hour by default).
 */
export const FORM_MAILS_PER_HOUR = 200;

/** Default for FORM_MAILS_WINDOW_SECONDS: the form-mail budget's window. */
export const FORM_MAILS_WINDOW_SECONDS = 3600;

/**
 * Default for FORM_MAIL_HOLD_SECONDS: an email owed past the budget that could not go out within
 * this time is held for the firm to release or drop, not sent automatically, so a flood does not
 * become a slow cannon (docs/decisions/0003-abuse-limits.md).
 */
export const FORM_MAIL_HOLD_SECONDS = 24 * 3600;
