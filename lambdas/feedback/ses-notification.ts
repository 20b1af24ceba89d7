/**
 * What an SES bounce/complaint notification (delivered through SNS) means for our list:
 * permanent bounces and complaints suppress the address; transient bounces and deliveries
 * change nothing. Both SES formats are read: identity notifications (`notificationType`)
 * and configuration-set event publishing (`eventType`).
 */
export type Feedback =
  | { action: 'suppress'; reason: 'bounce' | 'complaint'; addresses: string[] }
  | { action: 'ignore'; why: string };

interface SesNotification {
  notificationType?: string;
  eventType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: { emailAddress?: string }[] };
  complaint?: { complainedRecipients?: { emailAddress?: string }[] };
}

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
    return { action: 'suppress', reason: 'complaint', addresses };
  }
  if (type === 'Bounce') {
    if (notification.bounce?.bounceType !== 'Permanent') return { action: 'ignore', why: `${notification.bounce?.bounceType ?? 'unknown'} bounce` };
    const addresses = addressesOf(notification.bounce?.bouncedRecipients);
    if (addresses.length === 0) throw new Error('Bounce without recipients');
    return { action: 'suppress', reason: 'bounce', addresses };
  }
  if (typeof type !== 'string') throw new Error('Not an SES notification');
  return { action: 'ignore', why: type };
};
