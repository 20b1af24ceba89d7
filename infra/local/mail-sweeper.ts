import type { Context } from 'aws-lambda';
import { lambdaContext } from './api-gateway-event';
import { every } from './every';

type SweepHandler = (event: unknown, context: Context) => Promise<{ due: number; errors: number } | void>;

/** How long the local sweep may run per tick (the Lambda's timeout in AWS is two minutes). */
const TICK_BUDGET_MS = 120_000;

/**
 * dynalite has no DynamoDB Streams and the local stack no EventBridge: the same mail-sweep
 * handler that runs every minute in AWS runs here every `intervalMs`, on a compressed clock
 * (the MAIL_RETRY_* settings start.ts gives the handlers). It reads only the leads whose
 * attempt is due (the MailDue index), so new leads get their first attempt within a tick.
 * `stop()` resolves once the batch in progress has finished, for a graceful shutdown.
 */
export function startMailSweeper(options: { sweep: SweepHandler; intervalMs?: number }) {
  const { sweep, intervalMs = 500 } = options;
  return every(intervalMs, async () => {
    try {
      const context = { ...lambdaContext('mailSweep'), getRemainingTimeInMillis: () => TICK_BUDGET_MS };
      const result = await sweep({ source: 'local.mail-sweeper' }, context);
      if (result && result.errors > 0)
        console.warn(`[mailer] ${result.errors} lead(s) could not be recorded; retrying on the next sweep`);
    } catch (error) {
      console.error('[mailer] sweep failed; retrying on the next tick', error);
    }
  });
}
