import { hashOfCanonicalMailbox } from '../data/canonical-mailbox-hash';
import { canonicalMailbox } from './canonical-mailbox';

/**
 * How the system names a person without their address (docs/decisions/0072-erasure.md): the
 * SHA-256 of the canonical mailbox, so every alias of one inbox has the same hash. One way, but
 * not anonymous: whoever holds an address can compute it and find a match. That is exactly its
 * use: an erased address typed again is recognised and never mailed, and the audit log can say
 * "this person" without holding the address in clear.
 */
export const mailboxHash = (email: string): string => hashOfCanonicalMailbox(canonicalMailbox(email));
