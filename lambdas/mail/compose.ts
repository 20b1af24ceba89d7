import { randomBytes, randomUUID } from 'node:crypto';
import { BUSINESS } from '#shared/constants/business.ts';
import { mailbox, plainAddress, structuredField, textField, UnwritableHeader } from './mime/header-fields';
import { encodeQuotedPrintable } from './mime/quoted-printable';
import type { OutgoingMail } from './outgoing-mail';

/** Fields this module writes itself; `mail.headers` may add others (List-Unsubscribe) but not these. */
const OWN_FIELDS = new Set([
  'from',
  'sender',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
]);

/** RFC 5322 date-time, e.g. `Mon, 23 Nov 2026 16:05:09 +0000`. */
const dateTime = (date: Date) => date.toUTCString().replace(/GMT$/, '+0000');

const bodyPart = (subtype: 'plain' | 'html', body: string) =>
  [
    `Content-Type: text/${subtype}; charset=utf-8`,
    'Content-Transfer-Encoding: quoted-printable',
    '',
    encodeQuotedPrintable(body),
  ].join('\r\n');

/**
 * The raw message for SendRawEmail: multipart/alternative with a text and an HTML part, both
 * quoted-printable UTF-8. Written here rather than by a MIME library because every email we
 * send has this one shape, and nodemailer's composer cost the mail senders about 10 ms of each
 * cold start (docs/decisions/0036-mime-written-here.md); test/unit/lambdas/mail/compose-mime.test.ts
 * reads every message back with mailparser.
 */
export const composeMime = (mail: OutgoingMail, senderAddress: string, now = new Date()): Buffer => {
  const custom = Object.entries(mail.headers ?? {}).map(([name, value]) => {
    if (OWN_FIELDS.has(name.toLowerCase()))
      throw new UnwritableHeader(`The ${name} header is written by composeMime itself`);
    return textField(name, value);
  });
  // `=_` can never occur in quoted-printable text (`=` is followed by hex digits or a line break).
  const boundary = `=_${randomBytes(12).toString('hex')}`;
  const head = [
    structuredField('From', mailbox(BUSINESS.name, senderAddress)),
    structuredField('To', plainAddress(mail.to)),
    ...(mail.replyTo ? [structuredField('Reply-To', plainAddress(mail.replyTo))] : []),
    textField('Subject', mail.subject),
    ...custom,
    structuredField('Date', dateTime(now)),
    structuredField('Message-ID', `<${randomUUID()}@${senderAddress.split('@')[1]}>`),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const message = [
    ...head,
    '',
    `--${boundary}`,
    bodyPart('plain', mail.text),
    `--${boundary}`,
    bodyPart('html', mail.html),
    `--${boundary}--`,
    '',
  ];
  return Buffer.from(message.join('\r\n'));
};
