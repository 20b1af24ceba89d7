import type { SESClient } from '@aws-sdk/client-ses';
import type { OutgoingMail } from './outgoing-mail';

/**
 * sendMail with an SES client made at the first email, for the console's functions, which send
 * rarely (an owner's enrolment link, a campaign's test copy): the client and the sending code are
 * chunks of their own (infra/constructs/lambda-build.ts), read by the first send of a cold start
 * instead of by every cold start.
 */
export const sendOnFirstUse = () => {
  let ses: SESClient | undefined;
  return async (mail: OutgoingMail, senderAddress: string): Promise<string> => {
    const [{ sendMail }, { createSesClient }] = await Promise.all([
      import('./send'),
      import('../runtime/aws-clients/ses'),
    ]);
    return sendMail((ses ??= createSesClient()), mail, senderAddress);
  };
};
