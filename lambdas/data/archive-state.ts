import { ARCHIVE_STATE_ID } from '#shared/newsletter-archive.ts';
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
