import { every } from './every';
import type { SandboxedFunction } from '../functions/sandbox/function-sandbox';

/**
 * dynalite has no DynamoDB Streams and the local stack no EventBridge: the same mail-sweep
 * handler that runs every minute in AWS runs here every `intervalMs`, in its sandbox (held to
 * its function's timeout, sandbox/function-sandbox.ts), on a compressed clock
 * (the MAIL_RETRY_* settings start.ts gives the handlers). It reads only the leads whose
 * attempt is due (the MailDue index), so new leads get their first attempt within a tick.
 * `stop()` resolves once the batch in progress has finished, for a graceful shutdown.
 */
export function startMailSweeper(options: { sweep: SandboxedFunction; intervalMs?: number }) {
  const { sweep, intervalMs = 500 } = options;
  return every(intervalMs, async () => {
    try {
      const result = (await sweep.invoke({ source: 'local.mail-sweeper' })) as { due: number; errors: number } | void;
      if (result && result.errors > 0)
        console.warn(`[mailer] ${result.errors} lead(s) could not be recorded; retrying on the next sweep`);
    } catch (error) {
      console.error('[mailer] sweep failed; retrying on the next tick', error);
    }
  });
}
