import { getItem, putIfAbsent } from './items';
import type { TableStore } from './stores';

/**
 * A mailbox SES reported as bouncing for good or complaining, kept in the subscribers table
 * whether or not it has a subscriber (a scorecard's address may bounce before anyone
 * confirms anything), so the mailer never writes to it again and the consent record shows it.
 */
export interface SuppressionItem {
  id: string;
  kind: 'suppression';
  mailbox: string;
  reason: 'bounce' | 'complaint';
  at: number;
}

const suppressionId = (mailbox: string) => `suppression#${mailbox}`;

/** The first report is kept: a later bounce or complaint changes nothing. */
export const recordSuppression = (store: TableStore, mailbox: string, reason: SuppressionItem['reason'], at: number) =>
  putIfAbsent<SuppressionItem>(store, { id: suppressionId(mailbox), kind: 'suppression', mailbox, reason, at });

export const findSuppression = async (store: TableStore, mailbox: string) => {
  const item = await getItem<SuppressionItem>(store, suppressionId(mailbox));
  return item?.kind === 'suppression' ? item : undefined;
};
