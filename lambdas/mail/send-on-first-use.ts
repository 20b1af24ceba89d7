import { onFirstUse } from '../runtime/on-first-use';
import type { OutgoingMail } from './outgoing-mail';

/**
 * sendMail with an SES client made at the first email, for the console's functions, which send
 * rarely (an owner's enrolment link, a campaign's test copy): the client and the sending code are
 * read by the first send of a cold start instead of by every cold start.
 */
export const sendOnFirstUse = () => {
  const sender = onFirstUse(async () => {
    const [{ sendMail }, { createSesClient }] = await Promise.all([
      import('./send'),
      import('../runtime/aws-clients/ses'),
    ]);
    const ses = createSesClient();
    return (mail: OutgoingMail, senderAddress: string) => sendMail(ses, mail, senderAddress);
  });
  return async (mail: OutgoingMail, senderAddress: string): Promise<string> => (await sender())(mail, senderAddress);
};
