import { every } from './every';
import type { SandboxedFunction } from '../functions/sandbox/function-sandbox';

/**
 * The local stack has no EventBridge: the same roll-up handler that runs every hour in AWS
 * (lambdas/handlers/site-rollup.ts, docs/decisions/0081-privacy-first-analytics.md) runs here every
 * `intervalMs`, in its sandbox, on the real clock, so a finished day is summed and its raw records
 * and salt deleted a few minutes after the firm's midnight. Today's visits need no roll-up: the
 * console counts them live. `stop()` resolves once the run in progress has finished.
 */
export function startSiteRollup(options: { rollup: SandboxedFunction; intervalMs?: number }) {
  const { rollup, intervalMs = 60_000 } = options;
  return every(intervalMs, async () => {
    try {
      await rollup.invoke({ source: 'local.site-rollup' });
    } catch (error) {
      console.error('[analytics] roll-up failed; retrying on the next tick', error);
    }
  });
}
