import { createHmac, timingSafeEqual } from 'node:crypto';
import { LEAD_LINK_TOKEN_PATTERN } from '#shared/paths.ts';
import { leadKeyOf, type LeadItem } from '../data/lead-item';

const KEY_LENGTH = 22;
/** As long as the 128-bit secret it stands for: 22 base64url characters (132 bits of the MAC). */
const PROOF_LENGTH = 22;

/**
 * What a lead's emailed link lets its holder do. Each has its own token, so a link made for one
 * is refused by the other: a forwarded scorecard download link cannot confirm a subscription.
 */
export type LeadLinkPurpose = 'download' | 'confirmation';

/**
 * The token of a lead's emailed link for one purpose: its key, which finds the lead, and a
 * proof that the link came from the email: an HMAC of the purpose under the lead's random
 * 128-bit secret (domain separation, so no purpose's token is another's). The key alone is
 * derived from what was submitted, so it is not a secret; the proof is.
 */
export const leadLinkToken = (lead: Pick<LeadItem, 'id' | 'secret'>, purpose: LeadLinkPurpose): string =>
  `${leadKeyOf(lead.id)}${createHmac('sha256', lead.secret)
    .update(`lead-link:${purpose}`)
    .digest('base64url')
    .slice(0, PROOF_LENGTH)}`;

/** The key part of a well-formed token; undefined for anything else. */
export const leadKeyOfToken = (token: string): string | undefined =>
  LEAD_LINK_TOKEN_PATTERN.test(token) ? token.slice(0, KEY_LENGTH) : undefined;

const sameToken = (expected: string, token: string) => {
  const wanted = Buffer.from(expected);
  const given = Buffer.from(token);
  return wanted.length === given.length && timingSafeEqual(wanted, given);
};

/**
 * Compares the token with the lead's for this purpose in constant time (no timing hint about
 * the proof). A lead stored before tokens had purposes also takes the token its emails carried
 * (key and secret), so those links keep working until they expire.
 */
export const tokenMatches = (
  lead: Pick<LeadItem, 'id' | 'secret' | 'linkTokens'>,
  token: string,
  purpose: LeadLinkPurpose,
): boolean =>
  sameToken(leadLinkToken(lead, purpose), token) ||
  (lead.linkTokens !== 'per-purpose' && sameToken(`${leadKeyOf(lead.id)}${lead.secret}`, token));
