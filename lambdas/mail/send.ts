import { SendRawEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import { composeMime } from './compose';
import type { OutgoingMail } from './outgoing-mail';

/** SendRawEmail keeps our own headers (List-Unsubscribe) that SendEmail cannot carry. */
export const sendMail = async (ses: SESClient, mail: OutgoingMail, senderAddress: string): Promise<void> => {
  await ses.send(new SendRawEmailCommand({ RawMessage: { Data: await composeMime(mail, senderAddress) } }));
};
