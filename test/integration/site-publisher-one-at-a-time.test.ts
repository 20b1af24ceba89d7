/**
 * The site publisher's one run at a time, without reserved concurrency
 * (lambdas/publisher/one-run-at-a-time.ts, docs/decisions/0052-newsletter-archive.md): the
 * lease and the request counters on the `archive#state` item, in dynalite. Runs started together
 * never publish at once; a request that arrives during a publication, or between its end and the
 * lease's release, is published by a later publication; a run that finds the lease taken waits for
 * its request to be served and never drops it; a lease left by a killed run frees itself when it
 * runs out, and a run that gave up waiting before then leaves its request for Lambda's retry.
 */
import { createOwnCampaignTables, ownTables } from './console/own-campaign-tables';
import { UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PublisherRunBusy, runOneAtATime } from '#lambdas/publisher/one-run-at-a-time.ts';
import { countPublisherRequest, readPublisherRuns } from '#lambdas/data/publisher-state.ts';
import { createDynamoClient } from '#lambdas/runtime/aws-clients/dynamodb.ts';
import { PUBLISHER_STATE_ID } from '#shared/site-publisher.ts';
import { readItem, writeItem } from './support/local-aws';

const NOW_MS = 1_780_000_000_000;
const OBJECTS = { 'newsletter/index.html': { sha256: 'abc', paths: ['/newsletter'] } };

let store: { db: DynamoDBClient; table: string };
beforeAll(async () => {
  await createOwnCampaignTables();
  store = { db: createDynamoClient(), table: ownTables.campaigns! };
});
/** Each test starts from a state item with objects and no runs, as a deployed stack has it. */
beforeEach(() =>
  writeItem(ownTables.campaigns!, { id: PUBLISHER_STATE_ID, kind: 'publisher-state', objects: OBJECTS }),
);

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Options for a run that may wait long on the real clock, looking every 5 ms. */
const patient = { giveUpAt: Date.now() + 60_000, pollMs: 5 };

describe('the site publisher, one run at a time', () => {
  it('never publishes in two runs at once, and every run returns after a publication that read its request', async () => {
    // Prepare: each publication records the highest request it covers (what the counter said before it).
    let active = 0;
    let mostAtOnce = 0;
    const publications: number[] = [];
    const publish = async () => {
      active += 1;
      mostAtOnce = Math.max(mostAtOnce, active);
      publications.push((await readPublisherRuns(store)).requested);
      await tick(30);
      active -= 1;
      return publications.length;
    };

    // Act: eight invocations at once, as Lambda may run them with no concurrency limit.
    const results = await Promise.all(Array.from({ length: 8 }, () => runOneAtATime(store, publish, patient)));

    // Assess
    expect(mostAtOnce).toBe(1);
    expect(results.map((result) => result.request).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Every request was covered by a publication, which coalesced those that came while one ran.
    expect(Math.max(...publications)).toBe(8);
    expect(publications.length).toBeLessThan(8);
    const after = await readItem(ownTables.campaigns!, PUBLISHER_STATE_ID);
    expect(after).toEqual(
      expect.objectContaining({ requested: 8, served: 8, objects: OBJECTS, kind: 'publisher-state' }),
    );
    expect(after).not.toHaveProperty('leaseHolder');
    expect(after).not.toHaveProperty('leaseUntil');
  });

  it('publishes again for a request that arrived during a publication; the later run waits and drops nothing', async () => {
    // Prepare: the table as each publication reads it; a change and its trigger land during the first.
    let table = 'before';
    const seen: string[] = [];
    let later: Promise<unknown> | undefined;
    const publish = async () => {
      seen.push(table);
      if (later === undefined) {
        table = 'after';
        later = runOneAtATime(store, async () => 'the later run published itself', patient);
        await tick(50);
      }
      return seen.length;
    };

    // Act
    const first = await runOneAtATime(store, publish, patient);
    const second = (await later) as Awaited<ReturnType<typeof runOneAtATime>>;

    // Assess: the first run published twice, the second time with the change; the later run, none.
    expect(seen).toEqual(['before', 'after']);
    expect(first.runs).toEqual([1, 2]);
    expect([second.request, second.runs]).toEqual([2, []]);
    expect(await readPublisherRuns(store)).toEqual({ requested: 2, served: 2 });
  });

  it('takes the lease again for a request counted between its last publication and the release', async () => {
    // Prepare: another invocation counts itself just before this run's release reaches DynamoDB.
    const db = createDynamoClient();
    const send = db.send.bind(db) as (command: unknown) => Promise<unknown>;
    let slippedIn = false;
    db.send = (async (command: unknown) => {
      const input = (command as { input?: { UpdateExpression?: string } }).input;
      if (command instanceof UpdateItemCommand && input?.UpdateExpression?.startsWith('REMOVE') && !slippedIn) {
        slippedIn = true;
        await countPublisherRequest(store);
      }
      return send(command);
    }) as typeof db.send;
    let publications = 0;

    // Act
    const result = await runOneAtATime({ db, table: store.table }, async () => ++publications, patient);

    // Assess
    expect(result.runs).toEqual([1, 2]);
    expect(await readPublisherRuns(store)).toEqual({ requested: 2, served: 2 });
  });

  it("takes over a killed run's lease once it runs out, and publishes the requests that run left", async () => {
    // Prepare: a run killed (its timeout) while holding the lease, with two requests unserved.
    const until = NOW_MS / 1000 + 90;
    await writeItem(ownTables.campaigns!, {
      id: PUBLISHER_STATE_ID,
      kind: 'publisher-state',
      objects: OBJECTS,
      requested: 3,
      served: 1,
      leaseHolder: 'killed-run',
      leaseUntil: until,
    });
    let clock = NOW_MS;
    const waited = { clock: () => clock, sleep: async (ms: number) => void (clock += ms), pollMs: 1000 };

    // Act
    const result = await runOneAtATime(store, async () => 'published', { ...waited, giveUpAt: NOW_MS + 120_000 });

    // Assess: not before the lease ran out, and every request served.
    expect(result).toEqual({ request: 4, runs: ['published'] });
    expect(clock).toBeGreaterThanOrEqual(until * 1000);
    expect(clock).toBeLessThan(until * 1000 + 2000);
    expect(await readPublisherRuns(store)).toEqual({ requested: 4, served: 4 });
  });

  it("gives up waiting for a live-looking lease at its deadline, leaving its request to Lambda's retry", async () => {
    // Prepare
    const until = NOW_MS / 1000 + 90;
    await writeItem(ownTables.campaigns!, {
      id: PUBLISHER_STATE_ID,
      kind: 'publisher-state',
      objects: OBJECTS,
      requested: 1,
      served: 0,
      leaseHolder: 'killed-run',
      leaseUntil: until,
    });
    let clock = NOW_MS;
    const waited = { clock: () => clock, sleep: async (ms: number) => void (clock += ms), pollMs: 1000 };
    let publications = 0;
    const publish = async () => ++publications;

    // Act: the first attempt's deadline comes before the lease runs out; Lambda's retry, after.
    const attempt = runOneAtATime(store, publish, { ...waited, giveUpAt: NOW_MS + 50_000 });
    await expect(attempt).rejects.toBeInstanceOf(PublisherRunBusy);
    const unservedMeanwhile = await readPublisherRuns(store);
    clock = NOW_MS + 110_000;
    const retry = await runOneAtATime(store, publish, { ...waited, giveUpAt: clock + 50_000 });

    // Assess
    expect(unservedMeanwhile).toEqual(expect.objectContaining({ requested: 2, served: 0, leaseHolder: 'killed-run' }));
    expect(retry).toEqual({ request: 3, runs: [1] });
    expect(await readPublisherRuns(store)).toEqual({ requested: 3, served: 3 });
  });

  it('gives the lease back when a publication fails, so the next run need not wait for it to run out', async () => {
    // Prepare
    const failing = runOneAtATime(
      store,
      async () => {
        throw new Error('S3 refused the page');
      },
      patient,
    );

    // Act
    await expect(failing).rejects.toThrow('S3 refused the page');
    const afterFailure = await readPublisherRuns(store);
    const next = await runOneAtATime(store, async () => 'published', { ...patient, giveUpAt: Date.now() });

    // Assess
    expect(afterFailure).toEqual({ requested: 1, served: 0 });
    expect(next).toEqual({ request: 2, runs: ['published'] });
  });
});
