import type { Audience } from '#shared/constants/audiences.ts';
import { apiPath, emailPagePath } from '#shared/paths.ts';

export interface SubscriberLinks {
  unsubscribe: string;
  settings: string;
  oneClick: string;
}

/** The links every email to a subscriber carries (CASL: a working unsubscribe without login). */
export const subscriberLinks = (siteUrl: string, audience: Audience, id: string): SubscriberLinks => ({
  unsubscribe: `${siteUrl}${emailPagePath('unsubscribe', audience, id)}`,
  settings: `${siteUrl}${emailPagePath('settings', audience, id)}`,
  oneClick: `${siteUrl}${apiPath('oneClickUnsubscribe', { audience, id })}`,
});

/** RFC 2369 + RFC 8058: mail clients show an unsubscribe button that POSTs to the one-click route. */
export const listUnsubscribeHeaders = (links: SubscriberLinks): Record<string, string> => ({
  'List-Unsubscribe': `<${links.oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
