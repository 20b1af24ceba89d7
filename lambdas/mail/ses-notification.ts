import { CAMPAIGN_SLUG, CAMPAIGN_TAG } from '#shared/constants/campaigns.ts';

/**
 * What an SES bounce/complaint notification (delivered through SNS) means for our list:
 * permanent bounces and complaints suppress the address; transient bounces and deliveries
 * change nothing. Both SES formats are read: identity notifications (`notificationType`)
 * and configuration-set event publishing (`eventType`).
 */
export type Feedback =
  | { action: 'suppress'; reason: 'bounce' | 'complaint'; addresses: string[]; campaign?: string }
  | { action: 'ignore'; why: string };

interface SesNotification {
  notificationType?: string;
  eventType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: { emailAddress?: string }[] };
  complaint?: { complainedRecipients?: { emailAddress?: string }[] };
  /** Event publishing carries the message's tags: `campaign` names a campaign's email. */
  mail?: { tags?: Record<string, unknown> };
}

/** The campaign a message was tagged with (SES publishes tags as lists of values). */
const campaignOf = (notification: SesNotification): string | undefined => {
  const values = notification.mail?.tags?.[CAMPAIGN_TAG];
  const value = Array.isArray(values) ? values[0] : undefined;
  return typeof value === 'string' && CAMPAIGN_SLUG.test(value) ? value : undefined;
};

/** `"Name" <a@b.ca>` or `a@b.ca` -> `a@b.ca`, normalised like stored addresses. */
const bareAddress = (value: string) => (/<([^>]+)>/.exec(value)?.[1] ?? value).trim().toLowerCase();

const addressesOf = (recipients: { emailAddress?: string }[] | undefined) =>
  (recipients ?? []).flatMap((r) => (typeof r?.emailAddress === 'string' ? [bareAddress(r.emailAddress)] : []));

/** Throws on text that is not a JSON SES notification; the caller logs and skips it. */
export const readSesFeedback = (message: string): Feedback => {
  const notification = JSON.parse(message) as SesNotification;
  if (typeof notification !== 'object' || notification === null) throw new Error('SES notification is not an object');
  const type = notification.notificationType ?? notification.eventType;
  if (type === 'Complaint') {
    const addresses = addressesOf(notification.complaint?.complainedRecipients);
    if (addresses.length === 0) throw new Error('Complaint without recipients');
    return { action: 'suppress', reason: 'complaint', addresses, campaign: campaignOf(notification) };
  }
  if (type === 'Bounce') {
    if (notification.bounce?.bounceType !== 'Permanent')
      return { action: 'ignore', why: `${notification.bounce?.bounceType ?? 'unknown'} bounce` };
    const addresses = addressesOf(notification.bounce?.bouncedRecipients);
    if (addresses.length === 0) throw new Error('Bounce without recipients');
    return { action: 'suppress', reason: 'bounce', addresses, campaign: campaignOf(notification) };
  }
  if (typeof type !== 'string') throw new Error('Not an SES notification');
  return { action: 'ignore', why: type };
};
