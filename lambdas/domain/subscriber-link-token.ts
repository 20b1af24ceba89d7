import type { SubscriberItem } from '../data/subscriber-item';
import { secretEquals } from '../runtime/secret-equals';
import { linkProof } from './link-proof';

const ID_LENGTH = 22;

/**
 * What a subscriber's emailed link lets its holder do. Each has its own token, so a link made
 * for one is refused by the other: the unsubscribe link (the page and RFC 8058 one-click, whose
 * URL mail providers hold) can only unsubscribe, never change preferences or subscribe again.
 */
export type SubscriberLinkPurpose = 'unsubscribe' | 'preferences';

/**
 * The token of a subscriber's link for one purpose: its id, which finds the subscriber, and a
 * proof that the link came from our email (link-proof.ts). A subscriber created before links had
 * purposes has no secret: its links carry the bare id, as the emails it was sent do.
 */
export const subscriberLinkToken = (
  subscriber: Pick<SubscriberItem, 'id' | 'secret'>,
  purpose: SubscriberLinkPurpose,
): string =>
  subscriber.secret === undefined
    ? subscriber.id
    : `${subscriber.id}${linkProof(subscriber.secret, `subscriber-link:${purpose}`)}`;

/** The subscriber id a token names (its first 22 characters); the token's shape is checked at the path. */
export const subscriberIdOfToken = (token: string): string => token.slice(0, ID_LENGTH);

/** Whether the token is this subscriber's for this purpose, compared in constant time. */
export const subscriberTokenMatches = (
  subscriber: Pick<SubscriberItem, 'id' | 'secret'>,
  token: string,
  purpose: SubscriberLinkPurpose,
): boolean => secretEquals(token, subscriberLinkToken(subscriber, purpose));
