/**
 * The daily visitor (docs/decisions/0081-privacy-first-analytics.md): HMAC-SHA256 of the site, the
 * client's address (CloudFront-Viewer-Address, the real one behind CloudFront) and its user agent,
 * keyed with the firm day's secret salt. The same person on the same device counts once a day;
 * the next day has another salt, so the two days' hashes cannot be linked, and once the day's salt
 * is deleted (the roll-up, site-rollup.ts) nobody, the firm included, can compute a day's hash
 * again from an address. Neither the address nor the user agent is stored or logged.
 *
 * The salt is made by the first request of the day that needs it (a conditional put: of two at
 * once, one wins and both use it) and kept in memory only for that day.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { endOfFirmDay, firmDay } from '#shared/firm-day.ts';
import { getSalt, putSalt } from '../data/site-visits';
import type { TableStore } from '../data/stores';

/**
 * How long past its day's end a raw record (and the salt) may stay before TTL removes it, should
 * the roll-up not have: a record of the day's first minute is then gone within 48 hours.
 */
export const RAW_RECORD_GRACE_SECONDS = 24 * 3600;

/** When the raw records of a firm day expire at the latest (their TTL). */
export const rawRecordsExpireAt = (day: string): number => endOfFirmDay(day) + 1 + RAW_RECORD_GRACE_SECONDS;

/** One firm day and its salt. */
export interface SaltedDay {
  day: string;
  salt: string;
}

/**
 * The salt of the firm day of `now`, read or made once per day and process. Another day's salt
 * is dropped from memory as soon as a request of the new day comes.
 */
export const daySalts = (store: TableStore) => {
  let current: SaltedDay | undefined;
  return async (now: number): Promise<SaltedDay> => {
    const day = firmDay(now);
    if (current?.day === day) return current;
    current = undefined;
    let stored = await getSalt(store, day);
    if (!stored) {
      const made = {
        id: `salt#${day}`,
        kind: 'salt' as const,
        salt: randomBytes(32).toString('base64url'),
        expiresAt: rawRecordsExpireAt(day),
      };
      stored = (await putSalt(store, made)) ? made : await getSalt(store, day);
    }
    if (!stored) throw new Error(`The salt of ${day} was made and is gone`);
    current = { day, salt: stored.salt };
    return current;
  };
};
export type DaySalts = ReturnType<typeof daySalts>;

const keyed = (salt: string, text: string) => createHmac('sha256', salt).update(text).digest('base64url').slice(0, 22);

/** The visitor of a request on a salted day: 132 bits of the HMAC, enough to tell a day's visitors apart. */
export const visitorOf = (salted: SaltedDay, request: { site: string; address: string; userAgent: string }) =>
  keyed(salted.salt, `visitor\n${request.site}\n${request.address}\n${request.userAgent}`);

/** A client address's key for the day's per-client bound (salted too: the table holds no address). */
export const clientOf = (salted: SaltedDay, request: { site: string; clientKey: string }) =>
  keyed(salted.salt, `client\n${request.site}\n${request.clientKey}`);
