import type { LeadView, LedgerEvent, PersonRecord } from '#shared/console/people.ts';
import { audienceText } from '../../kit/subscriber-words';
import { whenText } from '../../kit/when';
import { deliveryText, ledgerTitle, partText, reasonText, settingText, statusText } from './person-words';

type Detail = [label: string, value: string];

/** One line of a person's history, in the owners' words. */
export interface TimelineEntry {
  key: string;
  at: number;
  title: string;
  /** Label and value pairs under the title (the exact consent wording among them). */
  details: Detail[];
  /** The lead this entry is (a form they sent), to open it in the Leads screen. */
  leadId?: string;
}

/** A detail only when it has a value: nothing reads "Organization: ". */
const detail = (label: string, value: string | undefined): Detail[] => (value ? [[label, value]] : []);

const FORM_WORDS: Record<LeadView['type'], string> = {
  scorecard: 'Sent the scorecard form',
  signup: 'Sent the contact/sign-up form',
  resubscribe: 'Asked to subscribe again',
};

/** What a consent event proves, beyond its title and time. */
export const ledgerDetails = (event: LedgerEvent): Detail[] => {
  switch (event.type) {
    case 'requested':
      return [
        ...detail('Wording shown beside the box they ticked', event.text),
        ...detail('Form version', event.formVersion ?? 'not recorded (asked before 26 November 2026)'),
      ];
    case 'confirmed':
      return [...detail('IP address', event.ip), ...detail('Browser (user agent)', event.userAgent)];
    case 'implied':
      return detail('Lasts until', whenText(event.until));
    case 'preferences-changed':
      return detail('Now gets', event.emailSetting.map(settingText).join('; ') || 'nothing');
    case 'withdrawn':
      return [
        ...detail('Reason', event.reasons.map(reasonText).join('; ') || 'none given'),
        ...detail('Recorded by', event.by),
      ];
    default:
      return [];
  }
};

const SUPPRESSION_WORDS = {
  bounce: 'an email to it bounced',
  complaint: 'they marked an email as spam',
  erasure: 'erased at their request',
} as const;

/**
 * Everything the record holds, as one history, oldest first: each lead, each consent event of
 * each subscription, each email (the lead's own and the campaigns') with what the mail service
 * said of it, and the suppression. What an erasure kept is shown apart (ErasedRecord).
 */
export function personTimeline(record: PersonRecord): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const lead of record.leads) {
    entries.push({
      key: `lead-${lead.id}`,
      at: lead.createdAt,
      title: `${FORM_WORDS[lead.type] ?? lead.type} (${audienceText(lead.audience)})`,
      details: [
        ...detail('Name', `${lead.firstName} ${lead.lastName}`.trim()),
        ...detail('Address given', lead.email),
        ...detail('Organization', lead.organization),
        ...detail('Message', lead.message),
      ],
      leadId: lead.id,
    });
    for (const email of lead.emails)
      entries.push({
        key: `lead-${lead.id}-${email.part}`,
        // The lead's emails go out as it arrives; the mail service's last word on one is dated.
        at: email.delivery?.at ?? lead.createdAt,
        title: `Email: ${partText(email.part)}, ${statusText(email.status)}`,
        details: [
          ...detail('What the mail service said', email.delivery && deliveryText(email.delivery)),
          ...detail('Message id', email.sesMessageId),
        ],
      });
  }
  for (const subscription of record.subscriptions)
    subscription.ledger.forEach((event, index) =>
      entries.push({
        key: `ledger-${subscription.subscriberId}-${index}`,
        at: event.at,
        title: `${ledgerTitle(event)} (${audienceText(subscription.audience)})`,
        details: ledgerDetails(event),
      }),
    );
  record.campaignEmails.forEach((email, index) =>
    entries.push({
      key: `campaign-${index}`,
      at: email.delivery?.at ?? email.sentAt ?? 0,
      title: `Campaign email "${email.campaign}", ${statusText(email.status)}`,
      details: [
        ...detail('Sent', email.sentAt === undefined ? undefined : whenText(email.sentAt)),
        ...detail('What the mail service said', email.delivery && deliveryText(email.delivery)),
        ...detail('Message id', email.messageId),
      ],
    }),
  );
  if (record.suppression)
    entries.push({
      key: 'suppression',
      at: record.suppression.at,
      title: `Suppressed: no email goes to this address any more (${SUPPRESSION_WORDS[record.suppression.reason]})`,
      details: [],
    });
  // A stable sort: events of the same second keep the order the record lists them in.
  return entries.sort((a, b) => a.at - b.at);
}
