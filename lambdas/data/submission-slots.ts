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

type CounterItem = { leads?: Set<string> } & Record<string, unknown>;

/**
 * How long a slot may wait for its lead before it counts as abandoned: longer than a form
 * handler can run (its 10 s function timeout), so a lead still being written is never taken
 * for one that failed.
 */
export const SLOT_GRACE_SECONDS = 30;

/** When the slot of a lead key was taken: one attribute per key beside the set. */
const takenAtName = (leadKey: string) => `takenAt#${leadKey}`;

/** Takes a slot for this lead key; false when the limit is reached by other leads. */
export const takeSlot = async (
  store: TableStore,
  counter: SlotCounter,
  leadKey: string,
  now: number,
): Promise<boolean> => {
  const taken = await updateItem(store, counter.id, {
    UpdateExpression: 'ADD #leads :lead SET #kind = :kind, expiresAt = :expiresAt, #takenAt = :now',
    ConditionExpression: 'attribute_not_exists(#leads) OR size(#leads) < :limit OR contains(#leads, :key)',
    ExpressionAttributeNames: { '#leads': 'leads', '#kind': 'kind', '#takenAt': takenAtName(leadKey) },
    ExpressionAttributeValues: marshall({
      ':lead': new Set([leadKey]),
      ':key': leadKey,
      ':kind': 'submission-counter',
      ':expiresAt': counter.expiresAt,
      ':limit': counter.limit,
      ':now': now,
    }),
  });
  return taken !== undefined;
};

/**
 * Gives the slot back: the submission was refused by another limit or could not be stored.
 * With `takenAt` (healing), only if the slot was not taken again since it was read.
 */
export const releaseSlot = async (
  store: TableStore,
  counter: SlotCounter,
  leadKey: string,
  takenAt?: number,
): Promise<void> => {
  await updateItem(store, counter.id, {
    UpdateExpression: 'DELETE #leads :lead REMOVE #takenAt',
    ...(takenAt !== undefined && {
      ConditionExpression: 'attribute_not_exists(#takenAt) OR #takenAt = :takenAt',
    }),
    ExpressionAttributeNames: { '#leads': 'leads', '#takenAt': takenAtName(leadKey) },
    ExpressionAttributeValues: marshall({
      ':lead': new Set([leadKey]),
      ...(takenAt !== undefined && { ':takenAt': takenAt }),
    }),
  });
};

/** The lead keys a counter holds (operators and tests compare them with the stored leads). */
export const countedLeads = async (store: TableStore, counterId: string): Promise<string[]> => {
  const item = await getItem<CounterItem>(store, counterId);
  return [...(item?.leads ?? [])];
};

/**
 * Frees slots whose lead was never stored: a submission that failed and whose release failed
 * too (the database was unreachable for both). Called when a limit refuses. Only a slot older
 * than SLOT_GRACE_SECONDS can be freed: a younger one may belong to a lead still being written,
 * and freeing it would let one more submission past the limit than it allows.
 */
export const freeStaleSlots = async (
  store: TableStore,
  counter: SlotCounter,
  leadExists: (leadKey: string) => Promise<boolean>,
  now: number,
): Promise<number> => {
  const item = await getItem<CounterItem>(store, counter.id);
  let freed = 0;
  for (const key of item?.leads ?? []) {
    // A slot from before takenAt was kept is old enough. Every take renews it: a resend of the
    // same submission is as young as its own write.
    const takenAt = Number(item?.[takenAtName(key)] ?? 0);
    if (now - takenAt >= SLOT_GRACE_SECONDS && !(await leadExists(key))) {
      await releaseSlot(store, counter, key, takenAt);
      freed += 1;
    }
  }
  return freed;
};
