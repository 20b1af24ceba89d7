import { CAMPAIGN_SLUG, CAMPAIGN_TAG } from '#shared/constants/campaigns.ts';
import type { MailPart } from '../data/lead-item';

/**
 * What an email is, written into its SES message tags so that SES's events about it (Send,
 * Delivery, Bounce, Complaint, Reject, DeliveryDelay) find its own record: a lead's part, a
 * campaign's email to one recipient, or the mailer's probe of the event stream. SES allows
 * only ASCII letters, digits, `_` and `-` in tag names and values (256 at most): lead keys,
 * subscriber ids (base64url) and campaign slugs are of those characters; an address is not,
 * so a campaign's recipient is found by the event's destination address.
 * https://docs.aws.amazon.com/ses/latest/APIReference/API_MessageTag.html
 */
export type MailIdentity =
  | { kind: 'lead'; leadKey: string; part: MailPart }
  | { kind: 'campaign'; campaign: string; subscriberId: string }
  | { kind: 'probe'; probeId: string };

const TAG = { lead: 'lead', part: 'part', campaign: CAMPAIGN_TAG, recipient: 'recipient', probe: 'probe' } as const;
const TAG_VALUE = /^[A-Za-z0-9_-]{1,256}$/;
const PARTS: readonly MailPart[] = ['requester', 'notification', 'confirmation', 'welcome'];

export const mailTags = (identity: MailIdentity): Record<string, string> => {
  if (identity.kind === 'lead') return { [TAG.lead]: identity.leadKey, [TAG.part]: identity.part };
  if (identity.kind === 'campaign')
    return { [TAG.campaign]: identity.campaign, [TAG.recipient]: identity.subscriberId };
  return { [TAG.probe]: identity.probeId };
};

/** SES publishes each tag as a list of values (`mail.tags`); anything else is not ours. */
const tagValue = (tags: Record<string, unknown>, name: string): string | undefined => {
  const values = tags[name];
  const value = Array.isArray(values) ? values[0] : undefined;
  return typeof value === 'string' && TAG_VALUE.test(value) ? value : undefined;
};

/** The identity an event's tags name, or undefined for an email that is not ours to track. */
export const identityOfTags = (tags: Record<string, unknown> | undefined): MailIdentity | undefined => {
  if (!tags) return undefined;
  const leadKey = tagValue(tags, TAG.lead);
  const part = tagValue(tags, TAG.part) as MailPart | undefined;
  if (leadKey && part && PARTS.includes(part)) return { kind: 'lead', leadKey, part };
  const campaign = tagValue(tags, TAG.campaign);
  const subscriberId = tagValue(tags, TAG.recipient);
  if (campaign && CAMPAIGN_SLUG.test(campaign) && subscriberId) return { kind: 'campaign', campaign, subscriberId };
  const probeId = tagValue(tags, TAG.probe);
  return probeId ? { kind: 'probe', probeId } : undefined;
};
