import type { Audience } from '#shared/constants/audiences.ts';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import type { TableStore } from '../data/stores';
import type { SubscriberItem } from '../data/subscriber-item';
import { getSubscriber } from '../data/subscribers';
import { subscriberIdOfToken, subscriberTokenMatches, type SubscriberLinkPurpose } from './subscriber-link-token';
import { Refusal } from './refusal';

/** What a subscriber route's path names: the audience, and the token of the link that was followed. */
export interface SubscriberLink {
  audience: Audience;
  /** In the routes' `{id}` (shared/paths.ts SUBSCRIBER_LINK_TOKEN_PATTERN). */
  token: string;
}

/**
 * The subscriber a link opens, and which of `purposes` its token was made for (the first that
 * matches). An unknown id, a subscriber of the other audience (that audience's pages own it) and
 * a token made for another purpose all get the same 404: the answer tells a prober nothing.
 */
export const openSubscriberLink = async (
  store: TableStore,
  link: SubscriberLink,
  purposes: readonly SubscriberLinkPurpose[],
): Promise<{ subscriber: SubscriberItem; purpose: SubscriberLinkPurpose }> => {
  const subscriber = await getSubscriber(store, subscriberIdOfToken(link.token));
  const purpose =
    subscriber?.audience === link.audience
      ? purposes.find((candidate) => subscriberTokenMatches(subscriber, link.token, candidate))
      : undefined;
  if (!subscriber || !purpose) throw new Refusal('not-found', API_ERRORS.subscriberNotFound);
  return { subscriber, purpose };
};
