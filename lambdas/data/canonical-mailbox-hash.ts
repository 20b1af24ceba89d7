import { createHash } from 'node:crypto';

/**
 * The hash that names a person without their address, from a mailbox already in canonical form
 * (the key of every stored mailbox). lambdas/domain/mailbox-hash.ts canonicalises an address
 * first and says why the hash exists (docs/decisions/0072-erasure.md).
 */
export const hashOfCanonicalMailbox = (mailbox: string): string =>
  `sha256:${createHash('sha256').update(`mailbox:${mailbox}`).digest('hex')}`;
