import { SendRawEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import { composeMime } from './compose';
import { UnwritableHeader } from './mime/header-fields';
import type { OutgoingMail } from './outgoing-mail';

/**
 * SendRawEmail keeps our own headers (List-Unsubscribe) that SendEmail cannot carry. Returns
 * SES's message id. The client is built with one attempt (mailer-deps.ts): SES is not
 * idempotent, so the mailer decides about retries itself (sesRefused).
 */
export const sendMail = async (ses: SESClient, mail: OutgoingMail, senderAddress: string): Promise<string> => {
  const Tags = mail.tags && Object.entries(mail.tags).map(([Name, Value]) => ({ Name, Value }));
  const Data = composeMime(mail, senderAddress);
  const answer = await ses.send(new SendRawEmailCommand({ RawMessage: { Data }, Tags }));
  return answer.MessageId ?? 'unknown';
};

/** Failures before any byte of the request can have reached SES. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * True when the email certainly did not go out: SES answered with an error (throttling, outage,
 * rejection), no connection was made, or the message could not be written at all. A timeout or
 * a connection lost mid-request is not refused but in doubt: SES may have accepted it, so the
 * mailer must not send it again.
 */
export const sesRefused = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  if (error instanceof UnwritableHeader) return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 400) return true;
  return NOT_CONNECTED.has((error as { code?: string }).code ?? '');
};
