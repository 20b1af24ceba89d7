import { createHmac } from 'node:crypto';

/** As long as the 128-bit secret it stands for: 22 base64url characters (132 bits of the MAC). */
const PROOF_LENGTH = 22;

/**
 * The part of an emailed link's token that proves the link came from our email: an HMAC of what
 * the link is for (`label`, e.g. `lead-link:download`) under its owner's random 128-bit secret.
 * One label per purpose (domain separation), so no purpose's token is another's, and the secret
 * itself is in no link. Lead links (lead-link-token.ts) and subscriber links
 * (subscriber-link-token.ts) are built alike from this.
 */
export const linkProof = (secret: string, label: string): string =>
  createHmac('sha256', secret).update(label).digest('base64url').slice(0, PROOF_LENGTH);
