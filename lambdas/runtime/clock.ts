/**
 * Unix seconds: the unit of every stored timestamp and TTL
 * (docs/spec/site-spec.md#9-business-constants-and-limits).
 */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** A Unix-seconds time as an ISO 8601 UTC timestamp, as emails and operator output show it. */
export const isoTime = (seconds: number): string => new Date(seconds * 1000).toISOString();

/** The UTC calendar day of a Unix-seconds time, `yyyy-mm-dd` (per-day limits reset at UTC midnight). */
export const utcDay = (seconds: number): string => isoTime(seconds).slice(0, 10);
