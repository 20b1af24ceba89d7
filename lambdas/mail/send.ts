import { SendRawEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import { callRefused } from '../runtime/aws-clients/call-budget';
import { composeMime } from './compose';
import { UnwritableHeader } from './mime/header-fields';
import type { OutgoingMail } from './outgoing-mail';

/**
 * SendRawEmail keeps our own headers (List-Unsubscribe) that SendEmail cannot carry. Returns
 * SES's message id. The client repeats only refused attempts (call-budget.ts): SES is not
 * idempotent, so what stays refused or in doubt the mailer decides about itself (sesRefused).
 */
export const sendMail = async (ses: SESClient, mail: OutgoingMail, senderAddress: string): Promise<string> => {
  const Tags = mail.tags && Object.entries(mail.tags).map(([Name, Value]) => ({ Name, Value }));
  const Data = composeMime(mail, senderAddress);
  const answer = await ses.send(new SendRawEmailCommand({ RawMessage: { Data }, Tags }));
  return answer.MessageId ?? 'unknown';
};

/**
 * True when the email certainly did not go out: SES refused the call (callRefused: an error
 * answer, or no connection), or the message could not be written at all. A timeout or a
 * connection lost mid-request is not refused but in doubt: SES may have accepted it, so the
 * mailer must not send it again.
 */
export const sesRefused = (error: unknown): boolean => error instanceof UnwritableHeader || callRefused(error);
