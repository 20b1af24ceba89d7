import type { Audience } from '#shared/constants/audiences.ts';
import type { LedgerEvent } from '#shared/console/people.ts';
import { marshall } from './attribute-values';
import { getItem, putIfAbsent, updateItem } from './items';
import type { TableStore } from './stores';

/**
 * What an erasure keeps for CASL (docs/decisions/0072-erasure.md), in the subscribers table
 * beside the hashed suppression: the consent records that proved the messages already sent, and
 * those messages, under the mailbox's hash. No name, address or lead. Removed by TTL when the
 * record-keeping period after the last message ends.
 */
export interface ErasureRecord {
  id: string;
  kind: 'erasure-record';
  mailboxHash: string;
  erasedAt: number;
  /** The consent events, without the leads they named (erased). */
  ledger: (LedgerEvent & { audience: Audience })[];
  messagesSent: { what: string; sentAt: number; messageId?: string }[];
  expiresAt: number;
}

export const erasureRecordId = (mailboxHash: string) => `erased#${mailboxHash}`;

/** The first erasure's record stands: a repeat, after the data is gone, would know less. */
export const keepErasureRecord = (store: TableStore, record: Omit<ErasureRecord, 'id' | 'kind'>) =>
  putIfAbsent<ErasureRecord>(store, { ...record, id: erasureRecordId(record.mailboxHash), kind: 'erasure-record' });

export const findErasureRecord = async (store: TableStore, mailboxHash: string) => {
  const item = await getItem<ErasureRecord>(store, erasureRecordId(mailboxHash));
  return item?.kind === 'erasure-record' ? item : undefined;
};

/** Replaces the kept events of an existing record (typed words dropped from one kept before that rule). */
export const replaceErasureLedger = (store: TableStore, mailboxHash: string, ledger: ErasureRecord['ledger']) =>
  updateItem(store, erasureRecordId(mailboxHash), {
    UpdateExpression: 'SET #ledger = :ledger',
    ConditionExpression: 'attribute_exists(id)',
    ExpressionAttributeNames: { '#ledger': 'ledger' },
    ExpressionAttributeValues: marshall({ ':ledger': ledger }),
  });
