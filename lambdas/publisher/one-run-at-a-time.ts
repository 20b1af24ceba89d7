import { randomUUID } from 'node:crypto';
import {
  countPublisherRequest,
  markPublisherServed,
  readPublisherRuns,
  releasePublisherLease,
  takePublisherLease,
  type PublisherRuns,
} from '../data/publisher-state';
import type { TableStore } from '../data/stores';

/**
 * How long a lease lasts, in seconds. Longer than the publisher's 60 s timeout
 * (infra/cdk/constructs/functions.ts; test/infra/constructs/site-publisher.test.ts holds them together), so
 * a live run never outlives its lease; short enough that a run killed while holding it (timeout,
 * crash) frees it before Lambda's first retry of an event that gave up waiting for it, about a
 * minute after that run failed (https://docs.aws.amazon.com/lambda/latest/dg/invocation-async-error-handling.html).
 */
export const PUBLISHER_LEASE_SECONDS = 90;

/** Between two looks at the lease while another run holds it. */
const POLL_MS = 1000;

/** The run waited as long as it could for another run's lease: Lambda runs the event again later. */
export class PublisherRunBusy extends Error {
  override readonly name = 'PublisherRunBusy';
}

/** Another run took the lease from this one (only possible if this one outlived the lease). */
export class PublisherLeaseLost extends Error {
  override readonly name = 'PublisherLeaseLost';
}

export interface OneRunAtATimeOptions {
  /** Epoch ms: a run still waiting for another's lease then throws PublisherRunBusy, so Lambda retries its event. */
  giveUpAt: number;
  /** This run's name on the lease; a new random one by default (Lambda's retries keep the request id). */
  holder?: string;
  /** Epoch ms. */
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  pollMs?: number;
  leaseSeconds?: number;
}

export interface OneRunAtATimeResult<T> {
  /** This run's request number (`requested` once it counted itself). */
  request: number;
  /** What each publication this run made answered; none when another run served its request. */
  runs: T[];
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` (the publisher's reconciliation) so that no two runs of it overlap, and returns only
 * once a run that read the tables after this request was counted has finished: no request is lost
 * (docs/decisions/0052-newsletter-archive.md, "One run at a time"). Without reserved concurrency,
 * which a new account cannot grant (infra/cdk/compliance.ts).
 *
 * 1. The request counts itself: `requested` + 1 is its number.
 * 2. It tries to take the lease (a conditional write on the state item). Holding it, it publishes
 *    while `requested` > `served`, reading `requested` before each publication and recording it
 *    as `served` after, then releases the lease and looks again: a request counted between its last
 *    look and the release is published by taking the lease once more.
 * 3. Without the lease, it waits (polling) until `served` reaches its number (the holder saw its
 *    request) or the lease is free or ran out (the holder finished or was killed): then it takes
 *    the lease itself. Past `giveUpAt` it throws, and Lambda runs the event again a minute later.
 *
 * A failed publication gives the lease back before the error goes on to Lambda's retry.
 */
export async function runOneAtATime<T>(
  store: TableStore,
  work: () => Promise<T>,
  {
    giveUpAt,
    holder = randomUUID(),
    clock = Date.now,
    sleep = pause,
    pollMs = POLL_MS,
    leaseSeconds = PUBLISHER_LEASE_SECONDS,
  }: OneRunAtATimeOptions,
): Promise<OneRunAtATimeResult<T>> {
  const request = await countPublisherRequest(store);
  const runs: T[] = [];
  for (;;) {
    const now = Math.floor(clock() / 1000);
    const lease = await takePublisherLease(store, holder, { now, until: now + leaseSeconds });
    if (lease) {
      const after = await publishWhileRequested(store, holder, lease, work, runs);
      if (after.requested <= after.served) return { request, runs };
      continue;
    }
    const seen = await readPublisherRuns(store);
    if (seen.served >= request) return { request, runs };
    if (clock() >= giveUpAt) {
      throw new PublisherRunBusy(
        `Request ${request} not yet published and the lease is held until ${seen.leaseUntil}; Lambda runs it again`,
      );
    }
    await sleep(pollMs);
  }
}

/** Holding the lease: publishes until every counted request is served, then releases it. */
async function publishWhileRequested<T>(
  store: TableStore,
  holder: string,
  lease: PublisherRuns,
  work: () => Promise<T>,
  runs: T[],
): Promise<PublisherRuns> {
  let seen = lease;
  try {
    while (seen.requested > seen.served) {
      // Read before the publication reads the table: every request counted up to here was made
      // after its change was stored, so this publication shows it.
      const covers = seen.requested;
      runs.push(await work());
      const marked = await markPublisherServed(store, holder, covers);
      if (!marked) throw new PublisherLeaseLost(`The publisher's lease was taken from run ${holder}`);
      seen = marked;
    }
  } catch (error) {
    // Best effort: free for the next run (or Lambda's retry of this one) at once, not at its end.
    await releasePublisherLease(store, holder).catch(() => undefined);
    throw error;
  }
  const released = await releasePublisherLease(store, holder);
  if (!released) throw new PublisherLeaseLost(`The publisher's lease was taken from run ${holder}`);
  return released;
}
