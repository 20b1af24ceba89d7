import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import type { AuditEntry, Page } from '#shared/console-api.ts';
import { AUDIT_LOG_INDEX } from '#shared/audit-log-index.ts';
import { marshall, unmarshall } from '../data/attribute-values';
import { putIfAbsent } from '../data/items';
import type { TableStore } from '../data/stores';
import { randomToken } from '../runtime/tokens';
import { pageCursor, startKeyOf } from './page-cursor';

/** One entry as stored: the AuditEntry, on the AuditLog index (`log`, `loggedAtMs`), removed by TTL. */
type AuditItem = AuditEntry & { kind: 'console-audit'; log: 'audit'; loggedAtMs: number; expiresAt: number };

/**
 * Appends one entry. Append-only: entries are only ever put with a fresh id, never changed, and no
 * console route deletes them. Kept as long as the privacy policy keeps the leads and people they
 * name (RETENTION_SECONDS), then removed by TTL with them.
 */
export const appendAudit = async (
  store: TableStore,
  entry: Omit<AuditEntry, 'id' | 'at'>,
  now: number,
): Promise<void> => {
  const loggedAtMs = Date.now();
  const item: AuditItem = {
    ...entry,
    id: `audit#${loggedAtMs}#${randomToken()}`,
    kind: 'console-audit',
    log: 'audit',
    at: now,
    loggedAtMs,
    expiresAt: now + RETENTION_SECONDS,
  };
  await putIfAbsent(store, item);
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
