/**
 * The site's own visit counting (issue 32, docs/decisions/0081-privacy-first-analytics.md): what
 * the public pages' beacon sends (web/src/lib/visit-beacon.ts) to API_ROUTES.collectVisit, the
 * limits the collectVisit function holds it to, and the UTM tags the campaign emails' links carry.
 *
 * The beacon carries no identifier: the page's path, the referrer's host and the three UTM values
 * of the page's address, nothing else (no cookie, no storage, no screen size). The daily visitor
 * is the server's hash of the request (lambdas/domain/visitor-day.ts), never sent or kept.
 */

/** The beacon's body, JSON (sent as text/plain by sendBeacon: no preflight, nothing to negotiate). */
export interface VisitBeacon {
  /** location.pathname of the page viewed. */
  path: string;
  /** The host of document.referrer, if any (never its path or query). */
  referrer?: string;
  /** utm_source, utm_medium and utm_campaign of the page's address, if present. */
  source?: string;
  medium?: string;
  campaign?: string;
}

/** The longest values kept, in characters; longer ones are cut (a path too long is no page of ours). */
export const VISIT_VALUE_MAX = { path: 300, host: 253, utm: 100 } as const;
/** The largest beacon body read, in bytes: the fields at their longest, with room for JSON's escapes. */
export const VISIT_BODY_MAX_BYTES = 4096;

/**
 * Bounds of what one client can count (decision 0081, "A flood"): page views of one visitor in a
 * day (a person reads a few pages; a script replays one), and new visitors one client address
 * (an IPv4 address or an IPv6 /64, as the forms' limits key it) brings in a day (an office behind
 * one address is a few dozen people; a script changing its user agent is many).
 */
export const VIEWS_PER_VISITOR_PER_DAY = 100;
export const VISITORS_PER_CLIENT_PER_DAY = 50;

/**
 * What a campaign email's links to the site carry (lambdas/campaigns/campaign-markdown.ts), so its
 * visits are counted under its slug: `?utm_source=newsletter&utm_medium=email&utm_campaign=<slug>`.
 * Per campaign, never per person (decision 0051, amended).
 */
export const CAMPAIGN_UTM = { source: 'newsletter', medium: 'email' } as const;
