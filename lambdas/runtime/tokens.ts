import { randomBytes } from 'node:crypto';

/**
 * A 128-bit random token in base64url (22 characters, matches SUBSCRIBER_ID_PATTERN).
 * Subscriber ids and download tokens are the only keys to what they open, so they must be
 * unguessable, not sequential or derived from the email address.
 */
export const randomToken = (): string => randomBytes(16).toString('base64url');
