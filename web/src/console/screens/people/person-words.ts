import { EMAIL_SETTINGS, UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import type { DeliveryView, LeadEmailView, LedgerEvent } from '#shared/console/people.ts';

/**
 * The API's codes (consent sources, withdrawal channels, email parts, SES outcomes) in the
 * owners' words. A code this list does not know yet is shown as it is rather than hidden.
 */
const SOURCES: Record<string, string> = {
  'scorecard-form': 'the scorecard form',
  'scorecard-download': 'the scorecard download link',
  'candidate-signup-form': 'the contact/sign-up form on the candidate page (/candidate)',
  'contact-form': 'the contact/sign-up form on the contact page (/contact)',
  'preferences-page': 'the email preferences page',
  'confirmation-page': 'the confirmation page',
  'unsubscribe-page': 'the unsubscribe page',
  'one-click': "their mail app's one-click unsubscribe",
  bounce: 'a bounce (the address could not be delivered to)',
  complaint: 'a complaint (they marked an email as spam)',
  console: 'the console, at their request',
};
export const sourceText = (source: string) => SOURCES[source] ?? source;

const REASON_LABELS = new Map(
  Object.values(UNSUBSCRIBE_REASONS)
    .flat()
    .map(({ key, label }) => [key, label]),
);
/** A withdrawal's reasons: the unsubscribe page's keys as the person read them, or what an owner typed. */
export const reasonText = (reason: string) => REASON_LABELS.get(reason) ?? reason;

const SETTING_LABELS = new Map(EMAIL_SETTINGS.map(({ key, label }) => [key, label]));
export const settingText = (key: string) => SETTING_LABELS.get(key) ?? key;

const PARTS: Record<LeadEmailView['part'], string> = {
  requester: 'Their scorecard download link (sent automatically)',
  notification: "The firm's notification of the message",
  confirmation: 'The request to confirm the subscription',
  welcome: 'The welcome email',
};
export const partText = (part: LeadEmailView['part']) => PARTS[part] ?? part;

const STATUSES: Record<string, string> = {
  pending: 'waiting to be sent',
  sending: 'being handed to the mail service',
  sent: 'sent',
  uncertain: 'in doubt (the mail service may have it)',
  failed: 'failed',
  held: 'held',
  dropped: 'not sent',
  suppressed: 'not sent: the address is suppressed',
};
export const statusText = (status: string) => STATUSES[status] ?? status;

const OUTCOMES: Record<string, string> = {
  accepted: 'accepted by the mail service',
  delayed: 'delivery delayed',
  delivered: 'delivered to their mailbox',
  rejected: 'rejected by the mail service',
  complained: 'they marked it as spam',
  bounced: 'bounced (the address does not accept mail)',
  'soft-bounced': 'bounced for now (their mailbox was full or busy)',
};
export const deliveryText = ({ outcome, detail }: DeliveryView) =>
  `${OUTCOMES[outcome] ?? outcome}${detail ? ` (${detail})` : ''}`;

/** One ledger event's heading. */
export const ledgerTitle = (event: LedgerEvent): string => {
  switch (event.type) {
    case 'requested':
      return `Asked to subscribe on ${sourceText(event.source)}`;
    case 'confirmed':
      return 'Confirmed the subscription (clicked the emailed link)';
    case 'inquired':
      return `Asked for a scorecard on ${sourceText(event.source)} (no consent to marketing by itself)`;
    case 'implied':
      return `Implied consent from ${sourceText(event.source)}`;
    case 'preferences-changed':
      return 'Changed their email preferences';
    case 'withdrawn':
      return `Unsubscribed, through ${sourceText(event.source)}`;
  }
};
