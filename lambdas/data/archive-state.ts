import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from './attribute-values';
import { getItem } from './items';
import type { TableStore } from './stores';

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

export const ARCHIVE_STATE_ID = 'archive#state';

export const getArchiveState = async (store: TableStore): Promise<Record<string, string>> =>
  (await getItem<ArchiveStateItem>(store, ARCHIVE_STATE_ID))?.files ?? {};

/** Replaces the state: written after the objects, so a failed run is redone in full next time. */
export const saveArchiveState = (store: TableStore, files: Record<string, string>, now: number) =>
  store.db.send(
    new PutItemCommand({
      TableName: store.table,
      Item: marshall({ id: ARCHIVE_STATE_ID, kind: 'archive-state', files, updatedAt: now } satisfies ArchiveStateItem),
    }),
  );
