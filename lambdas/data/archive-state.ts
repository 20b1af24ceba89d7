import { ARCHIVE_STATE_ID } from '#shared/newsletter-archive.ts';
import { marshall } from './attribute-values';
import { getItem, updateItem } from './items';
import type { TableStore } from './stores';
import { setAttributes } from './update-expression';

/**
 * What the newsletter archive's publisher last wrote to the site bucket: each object's key and
 * the sha256 of its body. The next run writes only what differs and invalidates only those paths
 * (docs/decisions/0052-newsletter-archive.md), and deletes what is no longer published. One item
 * in the Campaigns table; no TTL (it describes public pages, no person).
 */
export interface ArchiveStateItem {
  id: typeof ARCHIVE_STATE_ID;
  kind: 'archive-state';
  files: Record<string, string>;
  updatedAt: number;
}

export const getArchiveState = async (store: TableStore): Promise<Record<string, string>> =>
  (await getItem<ArchiveStateItem>(store, ARCHIVE_STATE_ID))?.files ?? {};

/**
 * Replaces the state: written after the objects, so a failed run is redone in full next time. An
 * UpdateItem (which creates the item when absent), so the publisher's one write grant is
 * UpdateItem on this item's key (infra/constructs/newsletter-publisher.ts).
 */
export const saveArchiveState = (store: TableStore, files: Record<string, string>, now: number) =>
  updateItem(
    store,
    ARCHIVE_STATE_ID,
    setAttributes({ kind: 'archive-state', files, updatedAt: now } satisfies Omit<ArchiveStateItem, 'id'>),
  );

/**
 * The publisher's runs, kept on the same item beside `files` (its role may write no other key):
 * how many runs were asked for, how many of those a finished run covered, and the lease that lets
 * one run at a time publish (lambdas/campaigns/archive/one-run-at-a-time.ts). The lease's end is
 * `leaseUntil`, not `expiresAt`: that is the Campaigns table's TTL attribute, and DynamoDB would
 * delete the whole item, `files` included, once it had passed.
 */
export interface ArchiveRuns {
  /** Runs asked for so far: each invocation of the publisher counts itself on entry. */
  requested: number;
  /** The highest `requested` that a finished run had read before it read the campaigns. */
  served: number;
  /** The run holding the lease (its request id), while one does. */
  leaseHolder?: string;
  /** Unix seconds: past this, the lease is free again (its holder was killed or hung). */
  leaseUntil?: number;
}

const RUN_ATTRIBUTES = ['requested', 'served', 'leaseHolder', 'leaseUntil'] as const;
const runsOf = (item: Partial<ArchiveRuns> | undefined): ArchiveRuns => ({
  requested: item?.requested ?? 0,
  served: item?.served ?? 0,
  ...(item?.leaseHolder !== undefined && { leaseHolder: item.leaseHolder, leaseUntil: item.leaseUntil }),
});

/** The runs' bookkeeping as it is now (a strongly consistent read). */
export const readArchiveRuns = async (store: TableStore): Promise<ArchiveRuns> =>
  runsOf(await getItem<Partial<ArchiveRuns>>(store, ARCHIVE_STATE_ID, [...RUN_ATTRIBUTES]));

/**
 * Counts one more requested run (ADD is atomic, and creates the item and the counter when absent)
 * and answers its number: this run's request is served once `served` reaches it.
 */
export const countArchiveRequest = async (store: TableStore): Promise<number> => {
  const item = await updateItem<Partial<ArchiveRuns>>(store, ARCHIVE_STATE_ID, {
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
export const takeArchiveLease = async (
  store: TableStore,
  holder: string,
  { now, until }: { now: number; until: number },
): Promise<ArchiveRuns | undefined> =>
  runsOrUndefined(
    await updateItem<Partial<ArchiveRuns>>(store, ARCHIVE_STATE_ID, {
      UpdateExpression: 'SET #holder = :holder, #until = :until',
      ConditionExpression: 'attribute_not_exists(#holder) OR #until <= :now',
      ExpressionAttributeNames: { '#holder': 'leaseHolder', '#until': 'leaseUntil' },
      ExpressionAttributeValues: marshall({ ':holder': holder, ':until': until, ':now': now }),
      ReturnValues: 'ALL_NEW',
    }),
  );

/**
 * Records that the holder's run covered the requests up to `served` (the `requested` it read
 * before reading the campaigns); only while it still holds the lease. Answers the bookkeeping as
 * the write left it (a request counted meanwhile shows in `requested`), undefined when the lease
 * was lost.
 */
export const markArchiveServed = async (
  store: TableStore,
  holder: string,
  served: number,
): Promise<ArchiveRuns | undefined> =>
  runsOrUndefined(
    await updateItem<Partial<ArchiveRuns>>(store, ARCHIVE_STATE_ID, {
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
export const releaseArchiveLease = async (store: TableStore, holder: string): Promise<ArchiveRuns | undefined> =>
  runsOrUndefined(
    await updateItem<Partial<ArchiveRuns>>(store, ARCHIVE_STATE_ID, {
      UpdateExpression: 'REMOVE #holder, #until',
      ConditionExpression: '#holder = :holder',
      ExpressionAttributeNames: { '#holder': 'leaseHolder', '#until': 'leaseUntil' },
      ExpressionAttributeValues: marshall({ ':holder': holder }),
      ReturnValues: 'ALL_NEW',
    }),
  );

const runsOrUndefined = (item: Partial<ArchiveRuns> | undefined) => item && runsOf(item);
