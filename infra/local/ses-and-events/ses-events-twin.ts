import { bareAddress } from '#shared/schemas/email-address.ts';

/**
 * The events SES publishes through the configuration set, made by the local twin for every
 * email its emulator accepted (infra/local/services.ts), so the ingestion and the settling of
 * doubt run locally as in AWS (docs/decisions/0063-settling-mail-from-ses-events.md): Send, then
 * Delivery; SES's mailbox simulator addresses as SES documents them
 * (https://docs.aws.amazon.com/ses/latest/dg/send-an-email-from-console.html#send-email-simulator):
 * - bounce@simulator.amazonses.com: a permanent (hard) bounce;
 * - complaint@…: delivered, then a complaint;
 * - suppressionlist@…: a permanent bounce, as an address on the suppression list;
 * - ooto@… and success@…: delivered (the out-of-office answer is an email, not an event).
 * A `+label` after the local part is allowed, as SES allows it.
 */

const SIMULATOR = /^(success|bounce|ooto|complaint|suppressionlist)(\+[^@]*)?@simulator\.amazonses\.com$/i;

/** One email the emulator accepted, as the twin saw the SendRawEmail call. */
export interface AcceptedEmail {
  messageId: string;
  source: string;
  destination: string[];
  tags: Record<string, string>;
  at: Date;
}

/** The To/Cc addresses of a raw message's header (SES sends to them when no Destinations are given). */
export const recipientsOf = (raw: string): string[] => {
  const header = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return header
    .split(/\r?\n/)
    .filter((line) => /^(to|cc):/i.test(line))
    .flatMap((line) => line.slice(line.indexOf(':') + 1).split(','))
    .map(bareAddress)
    .filter((address) => address.includes('@'));
};

/** SendRawEmail's `Tags.member.N.Name` / `.Value` form fields. */
export const tagsOf = (form: URLSearchParams): Record<string, string> => {
  const tags: Record<string, string> = {};
  for (let n = 1; form.has(`Tags.member.${n}.Name`); n += 1) {
    tags[form.get(`Tags.member.${n}.Name`)!] = form.get(`Tags.member.${n}.Value`) ?? '';
  }
  return tags;
};

type EventType = 'Send' | 'Delivery' | 'Bounce' | 'Complaint';

const eventsFor = (address: string): EventType[] => {
  const simulated = SIMULATOR.exec(address)?.[1]?.toLowerCase();
  if (simulated === 'bounce' || simulated === 'suppressionlist') return ['Send', 'Bounce'];
  if (simulated === 'complaint') return ['Send', 'Delivery', 'Complaint'];
  return ['Send', 'Delivery'];
};

/** The events SES would publish for one accepted email, one recipient at a time, in SES's JSON. */
export const sesEventsFor = (email: AcceptedEmail): Record<string, unknown>[] =>
  email.destination.flatMap((address) =>
    eventsFor(address).map((eventType) => {
      const timestamp = email.at.toISOString();
      const mail = {
        timestamp,
        messageId: email.messageId,
        source: email.source,
        destination: [address],
        tags: Object.fromEntries([
          ['ses:configuration-set', ['local']],
          ...Object.entries(email.tags).map(([name, value]) => [name, [value]]),
        ]),
      };
      if (eventType === 'Send') return { eventType, mail, send: {} };
      if (eventType === 'Delivery')
        return { eventType, mail, delivery: { timestamp, recipients: [address], smtpResponse: '250 OK' } };
      if (eventType === 'Complaint')
        return {
          eventType,
          mail,
          complaint: { timestamp, complainedRecipients: [{ emailAddress: address }], complaintFeedbackType: 'abuse' },
        };
      const suppressed = /^suppressionlist/i.test(address);
      return {
        eventType,
        mail,
        bounce: {
          timestamp,
          bounceType: 'Permanent',
          bounceSubType: suppressed ? 'OnAccountSuppressionList' : 'General',
          bouncedRecipients: [
            { emailAddress: address, status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
          ],
        },
      };
    }),
  );
