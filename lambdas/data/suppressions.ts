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

/** The first report is kept: a later bounce or complaint changes nothing. */
export const recordSuppression = (store: TableStore, mailbox: string, reason: 'bounce' | 'complaint', at: number) =>
  putIfAbsent<SuppressionItem>(store, { id: suppressionId(mailbox), kind: 'suppression', mailbox, reason, at });

/**
 * The erased mailbox's suppression, by hash; the first erasure's is kept. Then any suppression
 * keyed by the address itself goes: the hashed one stands for it.
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
