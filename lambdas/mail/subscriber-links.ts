import { apiPath, emailPagePath, unsubscribePagePath } from '#shared/paths.ts';
import type { SubscriberItem } from '../data/subscriber-item';
import { subscriberLinkToken } from '../domain/subscriber-link-token';

export interface SubscriberLinks {
  unsubscribe: string;
  settings: string;
  oneClick: string;
}

/**
 * The links every email to a subscriber carries (CASL: a working unsubscribe without login), each
 * with the token of its purpose: the unsubscribe page and one-click can only unsubscribe, the
 * preferences page can change the choice (docs/decisions/0002-consent-model.md).
 */
export const subscriberLinks = (
  siteUrl: string,
  subscriber: Pick<SubscriberItem, 'id' | 'secret' | 'audience'>,
): SubscriberLinks => {
  const { audience } = subscriber;
  const unsubscribe = subscriberLinkToken(subscriber, 'unsubscribe');
  const preferences = subscriberLinkToken(subscriber, 'preferences');
  return {
    unsubscribe: `${siteUrl}${unsubscribePagePath(audience, unsubscribe, preferences)}`,
    settings: `${siteUrl}${emailPagePath('settings', audience, preferences)}`,
    oneClick: `${siteUrl}${apiPath('oneClickUnsubscribe', { audience, id: unsubscribe })}`,
  };
};

/** RFC 2369 + RFC 8058: mail clients show an unsubscribe button that POSTs to the one-click route. */
export const listUnsubscribeHeaders = (links: SubscriberLinks): Record<string, string> => ({
  'List-Unsubscribe': `<${links.oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
