import { createHash } from 'node:crypto';

/**
 * What the table keeps of a secret token (a session, an enrolment link): its SHA-256, so a copy
 * of the table, a backup or a log of keys opens nothing. The tokens are 128-bit random, so a
 * plain hash cannot be walked back by guessing.
 */
export const hashedToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
