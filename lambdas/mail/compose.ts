import MailComposer from 'nodemailer/lib/mail-composer';
import { BUSINESS } from '#shared/constants/business.ts';
import type { OutgoingMail } from './outgoing-mail';

/** MIME (headers, encodings, multipart/alternative) by a maintained library, not by hand. */
export const composeMime = (mail: OutgoingMail, senderAddress: string): Promise<Buffer> =>
  new MailComposer({
    from: { name: BUSINESS.name, address: senderAddress },
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  })
    .compile()
    .build();
