import { bareAddress } from '#shared/schemas/email-address.ts';
import type { DeliveryOutcome, DeliveryRecord } from '../data/delivery-record';
import { identityOfTags, type MailIdentity } from './mail-tags';

/** An outcome's strength: a later event of lower rank never overwrites a stronger one (data/delivery-record.ts). */
const RANK: Record<DeliveryOutcome, number> = {
  accepted: 0,
  delayed: 1,
  'soft-bounced': 2,
  delivered: 3,
  rejected: 4,
  bounced: 4,
  complained: 5,
};

/** One SES event about one of our emails, as the ingestion acts on it. */
export interface SesEvent {
  /** SES's message id: the one its SendRawEmail answer carries. */
  messageId: string;
  identity: MailIdentity | undefined;
  /** The recipients the email was sent to (a campaign's recipient is found by this address). */
  destination: string[];
  delivery: DeliveryRecord;
  /** Addresses that bounced for good or complained: they get no more mail. */
  suppress?: { reason: 'bounce' | 'complaint'; addresses: string[] };
}

interface RawEvent {
  eventType?: string;
  notificationType?: string;
  mail?: { messageId?: string; timestamp?: string; destination?: unknown; tags?: Record<string, unknown> };
  bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: { emailAddress?: unknown }[] };
  complaint?: { complainedRecipients?: { emailAddress?: unknown }[] };
  reject?: { reason?: string };
  delivery?: { timestamp?: string };
}

/** `"Name" <a@b.ca>` or `a@b.ca` -> `a@b.ca`, normalised like stored addresses. */
const addressOf = (value: string) => bareAddress(value).toLowerCase();

const addressesOf = (recipients: { emailAddress?: unknown }[] | undefined) =>
  (recipients ?? []).flatMap((r) => (typeof r?.emailAddress === 'string' ? [addressOf(r.emailAddress)] : []));

const seconds = (iso: string | undefined, fallback: number) => {
  const ms = iso === undefined ? NaN : Date.parse(iso);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : fallback;
};

const outcomeOf = (event: RawEvent, type: string): Pick<DeliveryRecord, 'outcome' | 'detail'> | undefined => {
  switch (type) {
    case 'Send':
      return { outcome: 'accepted' };
    case 'DeliveryDelay':
      return { outcome: 'delayed' };
    case 'Delivery':
      return { outcome: 'delivered' };
    case 'Reject':
      return { outcome: 'rejected', detail: event.reject?.reason };
    case 'Complaint':
      return { outcome: 'complained' };
    case 'Bounce': {
      const detail = `${event.bounce?.bounceType ?? 'Undetermined'}/${event.bounce?.bounceSubType ?? 'Undetermined'}`;
      return { outcome: event.bounce?.bounceType === 'Permanent' ? 'bounced' : 'soft-bounced', detail };
    }
    default:
      return undefined;
  }
};

/**
 * Reads one SES event as the configuration set publishes it (`eventType`; identity
 * notifications' `notificationType` too). Undefined for an event type that says nothing about
 * delivery (Open, Click, Rendering Failure, Subscription). Throws on text that is not an SES
 * event of ours to read: the caller logs and skips it, since retrying cannot fix it.
 * Shapes: https://docs.aws.amazon.com/ses/latest/dg/event-publishing-retrieving-sns-contents.html
 */
export const readSesEvent = (message: string, now: number): SesEvent | undefined => {
  const event = JSON.parse(message) as RawEvent;
  if (typeof event !== 'object' || event === null) throw new Error('SES event is not an object');
  const type = event.eventType ?? event.notificationType;
  if (typeof type !== 'string') throw new Error('Not an SES event');
  const found = outcomeOf(event, type);
  if (!found) return undefined;
  const messageId = event.mail?.messageId;
  if (typeof messageId !== 'string' || messageId === '') throw new Error(`${type} event without a message id`);
  const destination = Array.isArray(event.mail?.destination)
    ? event.mail.destination.filter((to): to is string => typeof to === 'string').map(addressOf)
    : [];
  const at = seconds(event.delivery?.timestamp ?? event.mail?.timestamp, now);
  const parsed: SesEvent = {
    messageId,
    identity: identityOfTags(event.mail?.tags),
    destination,
    delivery: { ...found, rank: RANK[found.outcome], at },
  };
  if (found.outcome === 'bounced' || found.outcome === 'complained') {
    const addresses =
      found.outcome === 'bounced'
        ? addressesOf(event.bounce?.bouncedRecipients)
        : addressesOf(event.complaint?.complainedRecipients);
    if (addresses.length === 0) throw new Error(`${type} event without recipients`);
    parsed.suppress = { reason: found.outcome === 'bounced' ? 'bounce' : 'complaint', addresses };
  }
  return parsed;
};
