import { publisherInvocation, type PublisherDeps } from '#lambdas/publisher/publisher-invocation.ts';
import { nowSeconds } from '#lambdas/runtime/clock.ts';
import { FUNCTIONS } from '../../cdk/constructs/functions';
import { runAs } from '../functions/iam/function-identity';

/** What a run keeps of the function's timeout to give up waiting for another run's lease, as the handler does. */
const RESERVE_SECONDS = 10;

/**
 * The site's publisher on the twin (docs/decisions/0052-newsletter-archive.md): the function's own
 * invocation (publisherInvocation: the one-run-at-a-time lease on its state item around every
 * section's publication) over the twin's site stand-in instead of S3, CloudFront and the
 * KeyValueStore, and run as `sitePublisher`, so its calls, the lease's conditional writes
 * included, are held to its role. Its first run writes every object whatever the last run wrote,
 * so a twin whose site bucket was emptied (a new data directory) gets everything back.
 */
export function createLocalPublisher(
  options: Omit<PublisherDeps, 'now'> & {
    onError: (error: unknown) => void;
    /** The publisher's clock, Unix seconds (a test's, to date the archive). */
    clock?: () => number;
    /** Whether the first run writes every object (true by default). */
    rewriteFirst?: boolean;
  },
) {
  let rewriteAll = options.rewriteFirst ?? true;
  const deps: PublisherDeps = { ...options, now: options.clock ?? nowSeconds };
  const inFlight = new Set<Promise<void>>();
  const takeRewriteAll = () => {
    const all = rewriteAll;
    rewriteAll = false;
    return all;
  };
  /**
   * One invocation, with its event (none, or a post's schedule). `giveUpMs`: how long it may wait
   * for another run's lease (by default the function's timeout less its reserve; at start, longer
   * than a lease, so one a killed twin left runs out first).
   */
  const run = (event?: unknown, giveUpMs = (FUNCTIONS.sitePublisher.timeoutSeconds - RESERVE_SECONDS) * 1000) => {
    const running = runAs('sitePublisher', () =>
      publisherInvocation(deps, event, { giveUpAt: Date.now() + giveUpMs, rewriteAll: takeRewriteAll }),
    ).then(() => undefined, options.onError);
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
    return running;
  };
  return {
    run,
    /** Resolves once no run is in flight. */
    idle: async () => {
      while (inFlight.size) await Promise.all(inFlight);
    },
  };
}
