import type { ReadEnvName } from '#shared/env-names.ts';

/**
 * The delivery policy on a compressed clock, for everything that sends mail locally (`npm start`'s
 * handlers and the campaign command): a refused email is retried after 1, 2, 4 … up to 30 s, so
 * it arrives within a minute of SES coming back (docs/decisions/0001-lead-delivery.md); given up
 * after 15 minutes; an email in doubt waits 20 s for SES's events before it is sent again
 * (docs/decisions/0063-settling-mail-from-ses-events.md). Each can be set by the caller.
 */
export const COMPRESSED_CLOCK = {
  MAIL_RETRY_FIRST_SECONDS: '1',
  MAIL_RETRY_MAX_SECONDS: '30',
  MAIL_GIVE_UP_AFTER_SECONDS: '900',
  MAIL_LEASE_SECONDS: '60',
  MAIL_SETTLE_SECONDS: '20',
} satisfies Partial<Record<ReadEnvName, string>>;

/** Sets each of COMPRESSED_CLOCK's variables the caller has not set. */
export const useCompressedClock = () => {
  for (const [name, value] of Object.entries(COMPRESSED_CLOCK)) process.env[name] ??= value;
};
