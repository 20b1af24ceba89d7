import { timingSafeEqual } from 'node:crypto';
import { LEAD_LINK_TOKEN_PATTERN } from '#shared/paths.ts';
import { leadKeyOf, type LeadItem } from '../data/lead-item';

const KEY_LENGTH = 22;

/**
 * The token of a lead's emailed links (download, confirmation): its key, which finds the lead,
 * and its random secret, which proves the link came from the email. The key alone is derived
 * from what was submitted, so it is not a secret; the 128-bit secret is.
 */
export const leadLinkToken = (lead: Pick<LeadItem, 'id' | 'secret'>): string => `${leadKeyOf(lead.id)}${lead.secret}`;

/** The key part of a well-formed token; undefined for anything else. */
export const leadKeyOfToken = (token: string): string | undefined =>
  LEAD_LINK_TOKEN_PATTERN.test(token) ? token.slice(0, KEY_LENGTH) : undefined;

/** Compares the token with the lead's in constant time (no timing hint about the secret). */
export const tokenMatches = (lead: Pick<LeadItem, 'id' | 'secret'>, token: string): boolean => {
  const expected = Buffer.from(leadLinkToken(lead));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
};
