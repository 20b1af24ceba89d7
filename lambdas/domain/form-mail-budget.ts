import { marshall } from '../data/attribute-values';
import { getItem, updateItem } from '../data/items';
import type { TableStore } from '../data/stores';
import { takeSlot, type SlotCounter } from '../data/submission-slots';

/**
 * The budget of form email to addresses that are not confirmed subscribers
 * (docs/decisions/0003-abuse-limits.md): at most `perWindow` submissions that mail such an
 * address (the scorecard link and a confirmation, or a confirmation alone) per window of
 * `windowSeconds`. Past it an email is owed, never dropped: it takes a slot in the first later
 * window with room, so owed email goes out oldest first as the windows turn, and a submission
 * made later queues behind it. One that could not go out within `holdSeconds` takes no slot and
 * is held for the firm to release or drop: a flood must not become a slow cannon.
 */
export interface FormMailBudget {
  perWindow: number;
  windowSeconds: number;
  holdSeconds: number;
}

/** When the email may go out (`opensAt` ≤ now: at once), with the slot it took; or held. */
export type FormMailTurn = { opensAt: number; counter: SlotCounter } | { held: true };

/**
 * The first window that may still have room: every window before it was full when a
 * reservation passed it. Only read once the current window is full, so a quiet hour costs
 * nothing; it spares a flood's every submission from walking a day of full windows.
 */
const NEXT_ROOM_ID = 'limit#form-mail#next-room';

const windowOf = (budget: FormMailBudget, time: number) => Math.floor(time / budget.windowSeconds);

export const formMailCounter = (budget: FormMailBudget, window: number): SlotCounter => ({
  id: `limit#form-mail#${window}`,
  limit: budget.perWindow,
  // Kept one window past its own, as the hourly counters always were.
  expiresAt: (window + 2) * budget.windowSeconds,
});

const markNextRoom = (store: TableStore, window: number, expiresAt: number) =>
  updateItem(store, NEXT_ROOM_ID, {
    UpdateExpression: 'SET #window = :window, #kind = :kind, expiresAt = :expiresAt',
    ConditionExpression: 'attribute_not_exists(#window) OR #window < :window',
    ExpressionAttributeNames: { '#window': 'window', '#kind': 'kind' },
    ExpressionAttributeValues: marshall({ ':window': window, ':kind': 'submission-counter', ':expiresAt': expiresAt }),
  });

/** Reserves this lead's email a slot: now if the current window has room, else in turn. */
export const reserveFormMail = async (
  store: TableStore,
  budget: FormMailBudget,
  leadKey: string,
  now: number,
): Promise<FormMailTurn> => {
  const current = windowOf(budget, now);
  const counter = formMailCounter(budget, current);
  if (await takeSlot(store, counter, leadKey, now)) return { opensAt: now, counter };
  const nextRoom = (await getItem<{ window?: number }>(store, NEXT_ROOM_ID))?.window ?? 0;
  const last = windowOf(budget, now + budget.holdSeconds);
  for (let window = Math.max(current + 1, nextRoom); window <= last; window += 1) {
    const later = formMailCounter(budget, window);
    if (await takeSlot(store, later, leadKey, now)) {
      await markNextRoom(store, window, later.expiresAt);
      return { opensAt: window * budget.windowSeconds, counter: later };
    }
  }
  return { held: true };
};
