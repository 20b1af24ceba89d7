import type { DeliveryStatus } from '../data/delivery-status';
import { sesRefused } from './send';
import { withRetries } from './with-retries';

/**
 * Where handing an email to SES leaves it (lambdas/data/delivery-status.ts): accepted, `sent`
 * with SES's message id; refused (sesRefused: certainly not sent), `pending` to try again, or
 * `failed` once the delivery policy has given up; anything else (a timeout, a connection lost
 * mid-request), `uncertain`.
 */
export type SendOutcome =
  | { status: 'sent'; messageId: string }
  | { status: Extract<DeliveryStatus, 'pending' | 'failed' | 'uncertain'>; error: unknown };

/**
 * The at-most-once step shared by a lead's parts (deliver-lead-mail.ts) and a campaign's
 * recipients (lambdas/campaigns/send-to-recipient.ts). The caller has already marked the email
 * `sending` in its own store; this hands it to SES once and records the outcome with `record`,
 * the store's conditional write from `sending`. That write is retried on its own (withRetries),
 * never the send, so a short database outage right after SES accepted cannot send it twice.
 * `recorded` is false when `record` answered false (its condition no longer held).
 */
export const sendOnce = async (
  send: () => Promise<string>,
  record: (outcome: SendOutcome) => Promise<boolean | void>,
  refused: 'pending' | 'failed' = 'pending',
): Promise<SendOutcome & { recorded: boolean }> => {
  let outcome: SendOutcome;
  try {
    outcome = { status: 'sent', messageId: await send() };
  } catch (error) {
    outcome = { status: sesRefused(error) ? refused : 'uncertain', error };
  }
  const recorded = (await withRetries(() => record(outcome))) !== false;
  return { ...outcome, recorded };
};

/** An error as the stores and dead letters keep it: name and message. */
export const describeError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);
