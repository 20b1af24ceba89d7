import { createPacer } from '#lambdas/campaigns/send-pacer.ts';
import { sendToRecipient, type CampaignSenderDeps } from '#lambdas/campaigns/send-to-recipient.ts';
import type { CampaignContent } from '#lambdas/data/campaign-item.ts';
import { nowSeconds } from '#lambdas/runtime/clock.ts';

export interface LocalSendOptions {
  /** SES's rate, emails per second (CAMPAIGN_SEND_RATE). */
  rate: number;
  /** Recipients in flight at once, as concurrent Lambda workers would be. */
  concurrency: number;
  /** Set to stop taking recipients; those in flight finish (Ctrl+C, SIGTERM). */
  stopping: () => boolean;
}

export interface LocalSendTally {
  sent: number;
  ineligible: number;
  already: number;
  retried: number;
  /** Times a recipient in doubt was put back to await SES's word (its settling window). */
  awaited: number;
  failed: number;
  /** Still in doubt after the window and the one resend. */
  uncertain: number;
  /** Recipients left unprocessed: stopped early, or the database kept failing. */
  left: number;
}

/** A database failure is retried this many times before the recipient is left for the next run. */
const MAX_ERRORS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The local stand-in for the campaign queue (docs/decisions/0050-campaign-sending.md): the same
 * sendToRecipient the AWS worker runs, for each recipient, at SES's rate, with the refused ones
 * put back after their backoff, and those in doubt after their settling window, as the queue's
 * visibility timeout would. An interrupted run is
 * resumed by running `send` again: the send records say who already has the email.
 */
export const sendLocally = async (
  deps: CampaignSenderDeps,
  campaign: CampaignContent,
  subscriberIds: string[],
  options: LocalSendOptions,
): Promise<LocalSendTally> => {
  const tally: LocalSendTally = {
    sent: 0,
    ineligible: 0,
    already: 0,
    retried: 0,
    awaited: 0,
    failed: 0,
    uncertain: 0,
    left: 0,
  };
  const waiting = subscriberIds.map((id) => ({ id, notBefore: 0, errors: 0 }));
  const pace = createPacer(options.rate);

  const worker = async () => {
    while (waiting.length > 0 && !options.stopping()) {
      const index = waiting.findIndex((entry) => entry.notBefore <= Date.now());
      if (index === -1) {
        await sleep(Math.min(200, Math.max(0, Math.min(...waiting.map((entry) => entry.notBefore)) - Date.now())));
        continue;
      }
      const [entry] = waiting.splice(index, 1);
      await pace();
      try {
        const outcome = await sendToRecipient(deps, campaign, entry!.id, nowSeconds());
        if (outcome.result === 'retry' || outcome.result === 'in-doubt') {
          tally[outcome.result === 'retry' ? 'retried' : 'awaited'] += 1;
          waiting.push({ ...entry!, notBefore: Date.now() + outcome.afterSeconds * 1000 });
        } else {
          tally[outcome.result] += 1;
        }
      } catch {
        if (entry!.errors + 1 >= MAX_ERRORS) tally.left += 1;
        else waiting.push({ ...entry!, errors: entry!.errors + 1, notBefore: Date.now() + 1000 * 2 ** entry!.errors });
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  tally.left += waiting.length;
  return tally;
};
