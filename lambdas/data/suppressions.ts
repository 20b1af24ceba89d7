import { hashOfCanonicalMailbox } from './canonical-mailbox-hash';
import { getItem, putIfAbsent, takeItem } from './items';
import type { TableStore } from './stores';

/**
 * A mailbox that gets no more mail, kept in the subscribers table whether or not it has a
 * subscriber (a scorecard's address may bounce before anyone confirms anything), so the mailer
 * never writes to it again and the consent record shows it:
 * - one SES reported as bouncing for good or complaining, keyed by the mailbox;
 * - one erased on request (docs/decisions/0072-erasure.md), keyed by its hash only, kept for
 *   good: the address is never mailed again, and nothing here says what it was.
 */
export type SuppressionItem =
  | { id: string; kind: 'suppression'; mailbox: string; reason: 'bounce' | 'complaint'; at: number }
  | { id: string; kind: 'suppression'; mailboxHash: string; reason: 'erasure'; at: number };

const suppressionId = (mailbox: string) => `suppression#${mailbox}`;
const erasedSuppressionId = (mailbox: string) => `suppression#${hashOfCanonicalMailbox(mailbox)}`;

/** Whether the mailbox was erased: its suppression by hash exists (a strongly consistent read). */
const wasErased = async (store: TableStore, mailbox: string) =>
  (await getItem<SuppressionItem>(store, erasedSuppressionId(mailbox)))?.kind === 'suppression';

/**
 * A bounce or complaint that SES reported; the first report is kept: a later one changes nothing.
 * Every writer of a suppression by address comes here (SES's bounces and complaints, through
 * suppressAddress; the console and the operator commands write none), so an erased mailbox stays
 * erased whichever path reports it: its hashed suppression already stops all mail, and the
 * address is not written again (`erased`).
 *
 * Erasure and a late report may run at once (no transactions on dynalite, and a condition
 * cannot look at another item), so this writes first and checks after, as the erasure does the
 * other way round (recordErasedSuppression: hash written, then the clear item deleted). With
 * strongly consistent reads either this second read sees the hash, and this call deletes what it
 * wrote, or it ran before the hash was written, and so before the erasure's delete, which then
 * removes it. Either way no clear-text suppression outlives the erasure, only for the instant
 * between the two steps (docs/decisions/0072-erasure.md). The first read only spares the common
 * case, a report days after the erasure, that instant.
 */
export const recordSuppression = async (
  store: TableStore,
  mailbox: string,
  reason: 'bounce' | 'complaint',
  at: number,
): Promise<'recorded' | 'erased'> => {
  if (await wasErased(store, mailbox)) return 'erased';
  await putIfAbsent<SuppressionItem>(store, { id: suppressionId(mailbox), kind: 'suppression', mailbox, reason, at });
  if (!(await wasErased(store, mailbox))) return 'recorded';
  await takeItem(store, suppressionId(mailbox));
  return 'erased';
};

/**
 * The erased mailbox's suppression, by hash; the first erasure's is kept. Then any suppression
 * keyed by the address itself goes: the hashed one stands for it. This order (hash, then delete)
 * is what recordSuppression's write-then-check relies on.
 */
export const recordErasedSuppression = async (store: TableStore, mailbox: string, at: number) => {
  await putIfAbsent<SuppressionItem>(store, {
    id: erasedSuppressionId(mailbox),
    kind: 'suppression',
    mailboxHash: hashOfCanonicalMailbox(mailbox),
    reason: 'erasure',
    at,
  });
  await takeItem(store, suppressionId(mailbox));
};

/**
 * Either suppression of the mailbox. Two point reads, not one BatchGetItem: a batch may hand a
 * key back unprocessed, and a suppression missed is an email sent that must not be.
 */
export const findSuppression = async (store: TableStore, mailbox: string): Promise<SuppressionItem | undefined> => {
  const found = await Promise.all(
    [suppressionId(mailbox), erasedSuppressionId(mailbox)].map((id) => getItem<SuppressionItem>(store, id)),
  );
  return found.find((item) => item?.kind === 'suppression');
};
