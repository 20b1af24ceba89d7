import { PUBLISHER_STATE_ID } from '#shared/site-publisher.ts';
import { marshall } from './attribute-values';
import { getItem, updateItem } from './items';
import type { TableStore } from './stores';
import { setAttributes } from './update-expression';

/** What the publisher last wrote as one object: the sha256 of its body and the paths visitors ask for it by. */
export interface WrittenObject {
  sha256: string;
  /** Besides `/<key>`, which every object answers (lambdas/publisher/invalidation-paths.ts). */
  paths: string[];
}

/**
 * What the site's publisher last wrote to the site bucket, by key: the next run writes only what
 * differs, invalidates only those paths (docs/decisions/0052-newsletter-archive.md), and deletes
 * what is no longer published, invalidating the paths it was written for. One item in the
 * Campaigns table; no TTL (it describes public pages, no person). `files` (hashes only, the
 * newsletter archive's before issue 31) is dropped at the first save: that run writes every
 * object, as the blog's are all new then anyway.
 */
export interface PublisherStateItem {
  id: typeof PUBLISHER_STATE_ID;
  kind: 'publisher-state';
  objects: Record<string, WrittenObject>;
  updatedAt: number;
}

export const getPublisherState = async (store: TableStore): Promise<Record<string, WrittenObject>> =>
  (await getItem<PublisherStateItem>(store, PUBLISHER_STATE_ID, ['objects']))?.objects ?? {};

/**
 * Replaces the state: written after the objects, so a failed run is redone in full next time. An
 * UpdateItem (which creates the item when absent), so the publisher's one write grant is
 * UpdateItem on this item's key (infra/cdk/constructs/site-publisher.ts).
 */
export const savePublisherState = (store: TableStore, objects: Record<string, WrittenObject>, now: number) => {
  const set = setAttributes({
    kind: 'publisher-state',
    objects,
    updatedAt: now,
  } satisfies Omit<PublisherStateItem, 'id'>);
  return updateItem(store, PUBLISHER_STATE_ID, {
    ...set,
    UpdateExpression: `${set.UpdateExpression} REMOVE #files`,
    ExpressionAttributeNames: { ...set.ExpressionAttributeNames, '#files': 'files' },
  });
};

/**
 * The publisher's runs, kept on the same item beside `objects` (its role may write no other key):
 * how many runs were asked for, how many of those a finished run covered, and the lease that lets
 * one run at a time publish (lambdas/publisher/one-run-at-a-time.ts). The lease's end is
 * `leaseUntil`, not `expiresAt`: that is the Campaigns table's TTL attribute, and DynamoDB would
 * delete the whole item, `objects` included, once it had passed.
 */
export interface PublisherRuns {
  /** Runs asked for so far: each invocation of the publisher counts itself on entry. */
  requested: number;
  /** The highest `requested` that a finished run had read before it read the tables. */
  served: number;
  /** The run holding the lease (its request id), while one does. */
  leaseHolder?: string;
  /** Unix seconds: past this, the lease is free again (its holder was killed or hung). */
  leaseUntil?: number;
}

const RUN_ATTRIBUTES = ['requested', 'served', 'leaseHolder', 'leaseUntil'] as const;
const runsOf = (item: Partial<PublisherRuns> | undefined): PublisherRuns => ({
  requested: item?.requested ?? 0,
  served: item?.served ?? 0,
  ...(item?.leaseHolder !== undefined && { leaseHolder: item.leaseHolder, leaseUntil: item.leaseUntil }),
});

/** The runs' bookkeeping as it is now (a strongly consistent read). */
export const readPublisherRuns = async (store: TableStore): Promise<PublisherRuns> =>
  runsOf(await getItem<Partial<PublisherRuns>>(store, PUBLISHER_STATE_ID, [...RUN_ATTRIBUTES]));

/**
 * Counts one more requested run (ADD is atomic, and creates the item and the counter when absent)
 * and answers its number: this run's request is served once `served` reaches it.
 */
export const countPublisherRequest = async (store: TableStore): Promise<number> => {
  const item = await updateItem<Partial<PublisherRuns>>(store, PUBLISHER_STATE_ID, {
    UpdateExpression: 'ADD #requested :one',
    ExpressionAttributeNames: { '#requested': 'requested' },
    ExpressionAttributeValues: marshall({ ':one': 1 }),
    ReturnValues: 'UPDATED_NEW',
  });
  return item!.requested!;
};

/**
 * Takes the lease for `holder` until `until` when no run holds it or its holder's lease has run
 * out (`now` past it): one conditional write, so of two runs asking at once only one gets it.
 * Answers the runs' bookkeeping as the write left it, or undefined when another run holds it.
 */
export const takePublisherLease = async (
  store: TableStore,
  holder: string,
  { now, until }: { now: number; until: number },
): Promise<PublisherRuns | undefined> =>
  runsOrUndefined(
    await updateItem<Partial<PublisherRuns>>(store, PUBLISHER_STATE_ID, {
      UpdateExpression: 'SET #holder = :holder, #until = :until',
      ConditionExpression: 'attribute_not_exists(#holder) OR #until <= :now',
      ExpressionAttributeNames: { '#holder': 'leaseHolder', '#until': 'leaseUntil' },
      ExpressionAttributeValues: marshall({ ':holder': holder, ':until': until, ':now': now }),
      ReturnValues: 'ALL_NEW',
    }),
  );

/**
 * Records that the holder's run covered the requests up to `served` (the `requested` it read
 * before reading the tables); only while it still holds the lease. Answers the bookkeeping as
 * the write left it (a request counted meanwhile shows in `requested`), undefined when the lease
 * was lost.
 */
export const markPublisherServed = async (
  store: TableStore,
  holder: string,
  served: number,
): Promise<PublisherRuns | undefined> =>
  runsOrUndefined(
    await updateItem<Partial<PublisherRuns>>(store, PUBLISHER_STATE_ID, {
      UpdateExpression: 'SET #served = :served',
      ConditionExpression: '#holder = :holder',
      ExpressionAttributeNames: { '#served': 'served', '#holder': 'leaseHolder' },
      ExpressionAttributeValues: marshall({ ':served': served, ':holder': holder }),
      ReturnValues: 'ALL_NEW',
    }),
  );

/**
 * Gives the lease back, only if `holder` still holds it. Answers the bookkeeping as the write left
 * it, so the caller sees a request counted between its last look and the release; undefined when
 * the lease was not (or no longer) its own.
 */
export const releasePublisherLease = async (store: TableStore, holder: string): Promise<PublisherRuns | undefined> =>
  runsOrUndefined(
    await updateItem<Partial<PublisherRuns>>(store, PUBLISHER_STATE_ID, {
      UpdateExpression: 'REMOVE #holder, #until',
      ConditionExpression: '#holder = :holder',
      ExpressionAttributeNames: { '#holder': 'leaseHolder', '#until': 'leaseUntil' },
      ExpressionAttributeValues: marshall({ ':holder': holder }),
      ReturnValues: 'ALL_NEW',
    }),
  );

const runsOrUndefined = (item: Partial<PublisherRuns> | undefined) => item && runsOf(item);
