/**
 * The console table's index of its audit log, newest first: every entry has `log` = 'audit' and
 * `loggedAtMs` (epoch milliseconds: the order of entries made in the same second), so the log is
 * read a page at a time without scanning the table. The index
 * holds whole entries (the log's screen shows them as they are). Here because both the table
 * definition (infra) and the console's queries (lambdas) name it.
 */
export const AUDIT_LOG_INDEX = {
  name: 'AuditLog',
  partitionKey: { name: 'log', type: 'S' },
  sortKey: { name: 'loggedAtMs', type: 'N' },
  projection: 'ALL',
} as const;
