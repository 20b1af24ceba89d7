import { LEAD_LINK_TOKEN_PATTERN } from '#shared/paths.ts';
import { leadKeyOf, type LeadItem } from '../data/lead-item';
import { secretEquals } from '../runtime/secret-equals';
import { linkProof } from './link-proof';

const KEY_LENGTH = 22;

/**
 * What a lead's emailed link lets its holder do. Each has its own token, so a link made for one
 * is refused by the other: a forwarded scorecard download link cannot confirm a subscription.
 */
export type LeadLinkPurpose = 'download' | 'confirmation';

/**
 * The token of a lead's emailed link for one purpose: its key, which finds the lead, and a proof
 * that the link came from the email (link-proof.ts). The key alone is derived from what was
 * submitted, so it is not a secret; the proof is.
 */
export const leadLinkToken = (lead: Pick<LeadItem, 'id' | 'secret'>, purpose: LeadLinkPurpose): string =>
  `${leadKeyOf(lead.id)}${linkProof(lead.secret, `lead-link:${purpose}`)}`;

/** The key part of a well-formed token; undefined for anything else. */
export const leadKeyOfToken = (token: string): string | undefined =>
  LEAD_LINK_TOKEN_PATTERN.test(token) ? token.slice(0, KEY_LENGTH) : undefined;

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
  secretEquals(token, leadLinkToken(lead, purpose)) ||
  (lead.linkTokens !== 'per-purpose' && secretEquals(token, `${leadKeyOf(lead.id)}${lead.secret}`));
