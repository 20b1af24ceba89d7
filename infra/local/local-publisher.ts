import { runOneAtATime } from '#lambdas/campaigns/archive/one-run-at-a-time.ts';
import { publishArchive, type ArchiveSite } from '#lambdas/campaigns/archive/publish-archive.ts';
import type { TableStore } from '#lambdas/data/stores.ts';
import { nowSeconds } from '#lambdas/runtime/clock.ts';
import { FUNCTIONS } from '../constructs/functions';
import { runAs } from './iam/function-identity';

/** What a run keeps of the function's timeout to give up waiting for another run's lease, as the handler does. */
const RESERVE_SECONDS = 10;

/**
 * The newsletter publisher on the twin (docs/decisions/0052-newsletter-archive.md): the function's
 * own one-run-at-a-time lease on the archive's state item (runOneAtATime) around publishArchive,
 * over the twin's site stand-in instead of S3, CloudFront and the KeyValueStore, and run as
 * `newsletterPublisher`, so its calls, the lease's conditional writes included, are held to its
 * role. The first run after `rewriteEverything` writes every object whatever the last run wrote:
 * the twin serves the archive from the build, which a rebuild replaces.
 */
export function createLocalPublisher(options: {
  store: TableStore;
  site: ArchiveSite;
  siteUrl: string;
  onError: (error: unknown) => void;
  /** The publisher's clock, Unix seconds (a test's, to date the archive). */
  clock?: () => number;
  /** Whether the first run writes every object (true: the served site was just built). */
  rewriteFirst?: boolean;
}) {
  let rewriteAll = options.rewriteFirst ?? true;
  const clock = options.clock ?? nowSeconds;
  const inFlight = new Set<Promise<void>>();
  const publishOnce = () => {
    const all = rewriteAll;
    rewriteAll = false;
    return publishArchive(options.store, options.site, {
      siteUrl: options.siteUrl,
      now: clock(),
      rewriteAll: all,
    });
  };
  /**
   * One invocation. `giveUpMs`: how long it may wait for another run's lease (by default the
   * function's timeout less its reserve; at start, longer than a lease, so one a killed twin left
   * runs out first).
   */
  const run = (giveUpMs = (FUNCTIONS.newsletterPublisher.timeoutSeconds - RESERVE_SECONDS) * 1000) => {
    const running = runAs('newsletterPublisher', () =>
      runOneAtATime(options.store, publishOnce, { giveUpAt: Date.now() + giveUpMs }),
    ).then(() => undefined, options.onError);
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
    return running;
  };
  return {
    run,
    /** The next run writes every object (after a build replaced the served site). */
    rewriteEverything: () => {
      rewriteAll = true;
    },
    /** Resolves once no run is in flight. */
    idle: async () => {
      while (inFlight.size) await Promise.all(inFlight);
    },
  };
}
