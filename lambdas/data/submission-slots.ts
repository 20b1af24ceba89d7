import { marshall } from './attribute-values';
import { getItem, updateItem } from './items';
import type { TableStore } from './stores';

/**
 * A limit on accepted submissions (per mailbox and day, per client and hour, form mail per
 * hour), kept as one counter item whose `leads` set holds the keys of the leads it counted.
 * Counting a key is idempotent: the visitor's resend of a submission whose first try failed
 * takes the same slot again instead of a new one, and a refused or failed submission gives its
 * slot back (docs/decisions/0001-lead-delivery.md).
 */
export interface SlotCounter {
  /** e.g. `limit#signup#ann@example.ca#2026-11-23`. */
  id: string;
  limit: number;
  expiresAt: number;
}

interface CounterItem {
  leads?: Set<string>;
}

/** Takes a slot for this lead key; false when the limit is reached by other leads. */
export const takeSlot = async (store: TableStore, counter: SlotCounter, leadKey: string): Promise<boolean> => {
  const taken = await updateItem(store, counter.id, {
    UpdateExpression: 'ADD #leads :lead SET #kind = :kind, expiresAt = :expiresAt',
    ConditionExpression: 'attribute_not_exists(#leads) OR size(#leads) < :limit OR contains(#leads, :key)',
    ExpressionAttributeNames: { '#leads': 'leads', '#kind': 'kind' },
    ExpressionAttributeValues: marshall({
      ':lead': new Set([leadKey]),
      ':key': leadKey,
      ':kind': 'submission-counter',
      ':expiresAt': counter.expiresAt,
      ':limit': counter.limit,
    }),
  });
  return taken !== undefined;
};

/** Gives the slot back: the submission was refused by another limit or could not be stored. */
export const releaseSlot = async (store: TableStore, counter: SlotCounter, leadKey: string): Promise<void> => {
  await updateItem(store, counter.id, {
    UpdateExpression: 'DELETE #leads :lead',
    ExpressionAttributeNames: { '#leads': 'leads' },
    ExpressionAttributeValues: marshall({ ':lead': new Set([leadKey]) }),
  });
};

/** The lead keys a counter holds (operators and tests compare them with the stored leads). */
export const countedLeads = async (store: TableStore, counterId: string): Promise<string[]> => {
  const item = await getItem<CounterItem>(store, counterId);
  return [...(item?.leads ?? [])];
};

/**
 * Frees slots whose lead was never stored: a submission that failed and whose release failed
 * too (the database was unreachable for both). Called when a limit refuses, so a stale slot
 * can cost a visitor a refusal only if its lead is still being written at that very moment.
 */
export const freeStaleSlots = async (
  store: TableStore,
  counter: SlotCounter,
  leadExists: (leadKey: string) => Promise<boolean>,
): Promise<number> => {
  let freed = 0;
  for (const key of await countedLeads(store, counter.id)) {
    if (!(await leadExists(key))) {
      await releaseSlot(store, counter, key);
      freed += 1;
    }
  }
  return freed;
};
