import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import type { AuditEntry } from '#shared/console/audit.ts';
import type { Page } from '#shared/console/common.ts';
import { AUDIT_LOG_INDEX } from '#shared/audit-log-index.ts';
import { marshall, unmarshall } from '../../data/attribute-values';
import { putIfAbsent, updateItem } from '../../data/items';
import type { TableStore } from '../../data/stores';
import { randomToken } from '../../runtime/tokens';
import { hashedToken } from './hashed-token';
import { pageCursor, startKeyOf } from './page-cursor';

/** One entry as stored: the AuditEntry, on the AuditLog index (`log`, `loggedAtMs`), removed by TTL. */
type AuditItem = AuditEntry & { kind: 'console-audit'; log: 'audit'; loggedAtMs: number; expiresAt: number };

/**
 * An entry to append. `onceKey`: at most one entry is ever kept for that key (the first), for a
 * view the page repeats while the owner works (a campaign's live preview asks again at each pause
 * in typing), which would otherwise bury the log's other entries; the key says what makes it new,
 * e.g. the owner, the person shown and the hour.
 */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'at'> & { onceKey?: string };

/**
 * Appends one entry. Append-only: entries are only ever put with a fresh id, never changed (but
 * for the count of an action done in steps: recordStepsAudit), and no console route deletes them.
 * Kept as long as the privacy policy keeps the leads and people they name (RETENTION_SECONDS),
 * then removed by TTL with them.
 */
export const appendAudit = async (store: TableStore, entry: NewAuditEntry, now: number): Promise<void> => {
  const { onceKey, ...fields } = entry;
  const loggedAtMs = Date.now();
  const item: AuditItem = {
    ...fields,
    // A key's entry has an id of its own (hashed: the key may name an address), so a second put finds it there.
    id: onceKey === undefined ? `audit#${loggedAtMs}#${randomToken()}` : `audit#once#${hashedToken(onceKey)}`,
    kind: 'console-audit',
    log: 'audit',
    at: now,
    loggedAtMs,
    expiresAt: now + RETENTION_SECONDS,
  };
  await putIfAbsent(store, item);
};

/**
 * The one entry of an action done in steps the page asks for in turn (many leads marked as spam:
 * ./spam-runs.ts), true as it goes: made at its first step, its summary replaced at each later
 * one, so the log holds one entry per action that says what it did, even of an action the owner
 * left halfway. Only the summary changes, and only forward: `progress` (how far the action has
 * come) must grow, so a step answered late never puts back an older count.
 */
export const recordStepsAudit = async (
  store: TableStore,
  entry: Omit<AuditEntry, 'id' | 'at'> & { stepsKey: string; progress: number },
  now: number,
): Promise<void> => {
  const { stepsKey, progress, summary, ...fields } = entry;
  // What the first step writes and later ones keep: who, what, when (the log's order), the expiry.
  const first: Omit<AuditItem, 'id' | 'summary'> = {
    ...fields,
    kind: 'console-audit',
    log: 'audit',
    at: now,
    loggedAtMs: Date.now(),
    expiresAt: now + RETENTION_SECONDS,
  };
  const kept = Object.keys(first).map((name) => `#${name} = if_not_exists(#${name}, :${name})`);
  await updateItem(store, `audit#steps#${hashedToken(stepsKey)}`, {
    UpdateExpression: `SET #summary = :summary, #progress = :progress, ${kept.join(', ')}`,
    ConditionExpression: 'attribute_not_exists(id) OR #progress < :progress',
    ExpressionAttributeNames: Object.fromEntries(
      ['summary', 'progress', ...Object.keys(first)].map((name) => [`#${name}`, name]),
    ),
    ExpressionAttributeValues: marshall({
      ':summary': summary,
      ':progress': progress,
      ...Object.fromEntries(Object.entries(first).map(([name, value]) => [`:${name}`, value])),
    }),
  });
};

const PAGE_SIZE = 50;

/** The log, newest first, one page at a time. */
export const auditPage = async (store: TableStore, cursor: string | undefined): Promise<Page<AuditEntry>> => {
  const { Items = [], LastEvaluatedKey } = await store.db.send(
    new QueryCommand({
      TableName: store.table,
      IndexName: AUDIT_LOG_INDEX.name,
      KeyConditionExpression: '#log = :audit',
      ExpressionAttributeNames: { '#log': 'log' },
      ExpressionAttributeValues: marshall({ ':audit': 'audit' }),
      ScanIndexForward: false,
      Limit: PAGE_SIZE,
      ExclusiveStartKey: startKeyOf(cursor, AUDIT_LOG_INDEX, 'audit'),
    }),
  );
  const items = Items.map((item) => {
    const { id, at, actor, action, target, summary } = unmarshall(item) as unknown as AuditItem;
    return { id, at, actor, action, ...(target !== undefined && { target }), summary };
  });
  return { items, ...(LastEvaluatedKey && { next: pageCursor(LastEvaluatedKey) }) };
};
